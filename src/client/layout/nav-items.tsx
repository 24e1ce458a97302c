import type { MenuProps } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { appRoutes } from "../routes";
import type { CanFn } from "../routing/route-guard";
import { isLeafAllowed, joinPath, menuLeaves } from "../routing/route-tree";
import type { AppRoute } from "../routing/route-types";

type MenuItem = Required<MenuProps>["items"][number];
type Translate = (key: string) => string;

/** Horizontal navigation popovers open 6 px from their item. */
const POPUP_OFFSET: [number, number] = [0, 6];

/** Menu items from the route table; a group shows only when one of its entries is allowed. */
export const buildMenuItems = (
  can: CanFn,
  t: Translate,
  routes: readonly AppRoute[] = appRoutes,
  parentPath = "/",
  parents: AppRoute[] = [],
): MenuItem[] =>
  routes.flatMap((route): MenuItem[] => {
    if (!route.menu) return [];
    const fullPath = joinPath(parentPath, route.path);
    const chain = [...parents, route];
    const label = t(route.menu.label ?? route.meta.title ?? "");
    if (route.children?.length) {
      const children = buildMenuItems(can, t, route.children, fullPath, chain);
      if (!children.length) return [];
      return [{ key: fullPath, icon: route.menu.icon, label, children, popupOffset: POPUP_OFFSET }];
    }
    if (!isLeafAllowed({ route, fullPath, chain }, can)) return [];
    return [{ key: fullPath, icon: route.menu.icon, label: <Link to={fullPath}>{label}</Link> }];
  });

export type PageEntry = { path: string; label: string; icon?: ReactNode };

/** The menu's pages the user may open, flat: the shortcuts grid and the search's "pages". */
export const allowedPages = (can: CanFn, t: Translate): PageEntry[] =>
  menuLeaves(appRoutes)
    .filter((leaf) => !leaf.route.children?.length && isLeafAllowed(leaf, can))
    .map((leaf) => ({
      path: leaf.fullPath,
      label: t(leaf.route.menu?.label ?? leaf.route.meta.title ?? ""),
      icon: leaf.route.menu?.icon,
    }));

/** The parents of a path, so the menu can unfold the group of the open page. */
export const parentKeys = (path: string) => {
  const segments = path.split("/").filter(Boolean);
  return segments.slice(0, -1).map((_, i) => `/${segments.slice(0, i + 1).join("/")}`);
};
