import { matchRoutes } from "react-router";

import { appRoutes } from "../routes";
import type { RouteLeaf } from "./route-types";
import { flattenRoutes } from "./route-tree";

let leaves: RouteLeaf[] | undefined;
let matchable: { path: string; handle: RouteLeaf }[] = [];

/**
 * The table's leaves, flattened on first use: main.tsx adds the schema-declared screens
 * (schema-routes.tsx) before the first render, so nothing may flatten at import time.
 */
export const routeLeaves = (): RouteLeaf[] => {
  if (!leaves) {
    leaves = flattenRoutes(appRoutes);
    // Same paths as the rendered routes (layout routes are pathless), so the same leaf wins.
    matchable = leaves.map((leaf) => ({ path: leaf.fullPath, handle: leaf }));
  }
  return leaves;
};

/** The leaf the location matches, with everything the guard, menu and title need. */
export const matchLeaf = (pathname: string): RouteLeaf | null => {
  routeLeaves();
  const matches = matchRoutes(matchable, pathname);
  const last = matches?.[matches.length - 1];
  return (last?.route.handle as RouteLeaf | undefined) ?? null;
};
