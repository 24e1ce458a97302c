import { lazy } from "react";

import { BASIC } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

const pages = () => import("./pages");
const NotificationsPage = lazy(() => pages().then((m) => ({ default: m.NotificationsPage })));
const NotificationsIndex = lazy(() => pages().then((m) => ({ default: m.NotificationsIndex })));

export const notificationsRoutes: AppRoute[] = [
  {
    path: "/notifications",
    component: NotificationsIndex,
    meta: { ...BASIC, title: "notifications.titles.list" },
  },
  {
    path: "/notifications/:tab",
    component: NotificationsPage,
    meta: { ...BASIC, title: "notifications.titles.list", keepAlive: true },
  },
];
