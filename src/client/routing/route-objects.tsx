import type { RouteObject } from "react-router";

import { BlankLayout } from "../layout/blank-layout";
import { DefaultLayout } from "../layout/default-layout";
import { LandingRedirect } from "./landing-redirect";
import type { LayoutName, RouteLeaf } from "./route-types";
import { routeLeaves } from "./route-match";
import { resolveLayout } from "./route-tree";

const landingPrefix = (leaf: RouteLeaf) => (leaf.route.index ? leaf.fullPath : "/");

const toRouteObject = (leaf: RouteLeaf): RouteObject => {
  const Component = leaf.route.component;
  return {
    path: leaf.fullPath,
    handle: leaf,
    element: leaf.route.landing ? (
      <LandingRedirect prefix={landingPrefix(leaf)} />
    ) : Component ? (
      <Component />
    ) : null,
  };
};

const LAYOUTS: Record<LayoutName, RouteObject["element"]> = {
  blank: <BlankLayout />,
  // "default" follows the user's navigation preference; the others pin it for their routes.
  default: <DefaultLayout />,
  vertical: <DefaultLayout force="vertical" />,
  horizontal: <DefaultLayout force="horizontal" />,
};

const byLayout = (layout: LayoutName | false) =>
  routeLeaves()
    .filter((leaf) => resolveLayout(leaf.chain) === layout)
    .map(toRouteObject);

/**
 * react-router objects: pathless layout routes holding absolute leaf paths, so the table can
 * nest for menus and permissions while each leaf picks its own layout.
 */
let objects: RouteObject[] | undefined;

export const routeObjects = (): RouteObject[] =>
  (objects ??= [
    ...(Object.keys(LAYOUTS) as LayoutName[]).map((layout) => ({
      element: LAYOUTS[layout],
      children: byLayout(layout),
    })),
    ...byLayout(false),
  ].filter((route) => !route.children || route.children.length > 0));
