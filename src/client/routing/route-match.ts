import { matchRoutes } from "react-router";

import { appRoutes } from "../routes";
import type { RouteLeaf } from "./route-types";
import { flattenRoutes } from "./route-tree";

export const routeLeaves = flattenRoutes(appRoutes);

// Same paths as the rendered routes (layout routes are pathless), so the same leaf wins.
const matchable = routeLeaves.map((leaf) => ({ path: leaf.fullPath, handle: leaf }));

/** The leaf the location matches, with everything the guard, menu and title need. */
export const matchLeaf = (pathname: string): RouteLeaf | null => {
  const matches = matchRoutes(matchable, pathname);
  const last = matches?.[matches.length - 1];
  return (last?.route.handle as RouteLeaf | undefined) ?? null;
};
