import type { AppRoute, LayoutName, RouteLeaf } from "./route-types";
import { canNavigate, type CanFn } from "./route-guard";

export const joinPath = (parent: string, path: string) => {
  if (path.startsWith("/")) return path;
  const base = parent.endsWith("/") ? parent.slice(0, -1) : parent;
  return path ? `${base}/${path}` : base || "/";
};

/** Every route that renders something, with its full path and the routes above it. */
export const flattenRoutes = (
  routes: readonly AppRoute[],
  parentPath = "",
  parents: AppRoute[] = [],
): RouteLeaf[] =>
  routes.flatMap((route) => {
    const fullPath = joinPath(parentPath || "/", route.path);
    const chain = [...parents, route];
    const self: RouteLeaf[] = route.component || route.landing ? [{ route, fullPath, chain }] : [];
    return [...self, ...flattenRoutes(route.children ?? [], fullPath, chain)];
  });

/** The layout a route renders in: its own or its nearest parent's, "default" otherwise. */
export const resolveLayout = (chain: readonly AppRoute[]): LayoutName | false => {
  for (let i = chain.length - 1; i >= 0; i -= 1) {
    const layout = chain[i].meta.layout;
    if (layout !== undefined) return layout;
  }
  return "default";
};

export const isLeafAllowed = (leaf: RouteLeaf, can: CanFn) =>
  canNavigate(
    leaf.chain.map((r) => r.meta),
    can,
  );

/** Menu entries in table order, optionally only those below `prefix`. */
export const menuLeaves = (routes: readonly AppRoute[], prefix = "/") =>
  flattenRoutes(routes).filter(
    (leaf) =>
      leaf.route.menu &&
      !leaf.route.landing &&
      (prefix === "/" || leaf.fullPath === prefix || leaf.fullPath.startsWith(`${prefix}/`)),
  );

/** The landing target: the first menu item the user may open, or null for not-authorized. */
export const firstAllowedPath = (routes: readonly AppRoute[], can: CanFn, prefix = "/") =>
  menuLeaves(routes, prefix).find((leaf) => isLeafAllowed(leaf, can))?.fullPath ?? null;
