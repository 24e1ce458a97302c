import { lazy } from "react";

import { PUBLIC_BLANK } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

const pages = () => import("./pages");
const NotAuthorizedPage = lazy(() => pages().then((m) => ({ default: m.NotAuthorizedPage })));
const NotFoundPage = lazy(() => pages().then((m) => ({ default: m.NotFoundPage })));
const ServerErrorPage = lazy(() => pages().then((m) => ({ default: m.ServerErrorPage })));

/** The error pages (the http layer and the guard send users here). */
export const miscRoutes: AppRoute[] = [
  {
    path: "/not-authorized",
    component: NotAuthorizedPage,
    meta: { ...PUBLIC_BLANK, title: "notAuthorized.title" },
  },
  {
    path: "/pages/misc/not-authorized",
    component: NotAuthorizedPage,
    meta: { ...PUBLIC_BLANK, title: "notAuthorized.title" },
  },
  {
    path: "/pages/misc/not-found/:error",
    component: NotFoundPage,
    meta: { ...PUBLIC_BLANK, title: "notFound.title" },
  },
  {
    path: "/pages/misc/server-error",
    component: ServerErrorPage,
    meta: { ...PUBLIC_BLANK, title: "serverError.title" },
  },
];

/** Any path no route takes: the last entry of the table. */
export const notFoundRoute: AppRoute = {
  path: "*",
  component: NotFoundPage,
  meta: { ...PUBLIC_BLANK, title: "notFound.title" },
};
