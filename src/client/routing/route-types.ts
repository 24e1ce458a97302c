import type { ComponentType, LazyExoticComponent, ReactNode } from "react";

export type LayoutName = "blank" | "default" | "vertical" | "horizontal";

/** Route metadata. `title` is an i18n key. */
export type RouteMeta = {
  action?: string;
  subject?: string;
  title?: string;
  /** The menu entry to highlight while this (detail) route is open. */
  navActiveLink?: string;
  isDetail?: boolean;
  keepAlive?: boolean;
  /** `false`: rendered without any layout wrapper. Children inherit their parent's layout. */
  layout?: LayoutName | false;
  /** Skips the sign-in check. */
  public?: boolean;
  /** A signed-in user is sent to the landing page instead. */
  unauthenticatedOnly?: boolean;
};

export type MenuEntry = {
  icon?: ReactNode;
  /** i18n key of the label; defaults to meta.title. */
  label?: string;
};

export type AppRoute = {
  /** Absolute at the top level, relative below a parent; "" with `index` for a group's index. */
  path: string;
  index?: boolean;
  meta: RouteMeta;
  component?: LazyExoticComponent<ComponentType> | ComponentType;
  /** Redirects to the first menu item (below this route's parent) the user may open. */
  landing?: boolean;
  menu?: MenuEntry;
  /** Refine resource served by this route (list page), registered with <Refine resources>. */
  resource?: { name: string; action: "list" | "show" | "create" | "edit" };
  children?: AppRoute[];
};

/** A route flattened with the chain of routes that match along with it. */
export type RouteLeaf = {
  route: AppRoute;
  fullPath: string;
  chain: AppRoute[];
};
