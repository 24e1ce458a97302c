import type { RouteObject } from "react-router";

import { BlankLayout } from "../layout/blank-layout";
import { VerticalLayout } from "../layout/vertical-layout";
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
  // Horizontal navigation arrives with the theme settings; until then it renders vertically.
  default: <VerticalLayout />,
  vertical: <VerticalLayout />,
  horizontal: <VerticalLayout />,
};

const byLayout = (layout: LayoutName | false) =>
  routeLeaves.filter((leaf) => resolveLayout(leaf.chain) === layout).map(toRouteObject);

/**
 * react-router objects: pathless layout routes holding absolute leaf paths, so the table can
 * nest for menus and permissions while each leaf picks its own layout.
 */
export const routeObjects: RouteObject[] = [
  ...(Object.keys(LAYOUTS) as LayoutName[]).map((layout) => ({
    element: LAYOUTS[layout],
    children: byLayout(layout),
  })),
  ...byLayout(false),
].filter((route) => !route.children || route.children.length > 0);
