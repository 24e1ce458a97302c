import { LockOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import { lazy } from "react";

import { BASIC, PUBLIC_BLANK } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

const LoginPage = lazy(() => import("./pages").then((m) => ({ default: m.LoginPage })));
// Their own chunk: the security screens' tables and dialogs stay off the sign-in hand-off.
const SecurityPage = lazy(() =>
  import("./security-page").then((m) => ({ default: m.SecurityPage })),
);
const FirmSecurityPage = lazy(() =>
  import("./firm-security-page").then((m) => ({ default: m.FirmSecurityPage })),
);

export const authRoutes: AppRoute[] = [
  {
    path: "/login",
    component: LoginPage,
    meta: { ...PUBLIC_BLANK, unauthenticatedOnly: true, title: "pages.login.title" },
  },
];

/** Below Settings: the member's own sign-in security, and the firm's sign-in policy. */
export const securitySettingsRoutes: AppRoute[] = [
  {
    path: "security",
    component: SecurityPage,
    meta: { ...BASIC, title: "security.menu" },
    menu: { icon: <LockOutlined />, label: "security.menu" },
  },
  {
    path: "sign-in-policy",
    component: FirmSecurityPage,
    meta: { action: "read", subject: "ORG_ROLE", title: "security.firmMenu" },
    menu: { icon: <SafetyCertificateOutlined />, label: "security.firmMenu" },
  },
];
