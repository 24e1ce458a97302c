import { lazy } from "react";

import { PUBLIC_BLANK } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

const LoginPage = lazy(() => import("./pages").then((m) => ({ default: m.LoginPage })));

export const authRoutes: AppRoute[] = [
  {
    path: "/login",
    component: LoginPage,
    meta: { ...PUBLIC_BLANK, unauthenticatedOnly: true, title: "pages.login.title" },
  },
];
