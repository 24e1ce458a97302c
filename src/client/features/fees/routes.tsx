import { PercentageOutlined } from "@ant-design/icons";
import { lazy } from "react";

import type { AppRoute } from "../../routing/route-types";

const FeeSettingsPage = lazy(() => import("./pages").then((m) => ({ default: m.FeeSettingsPage })));

/** Below Settings: the firm's fee-sharing settings (management fee and the rules as data). */
export const feesSettingsRoutes: AppRoute[] = [
  {
    path: "fees",
    component: FeeSettingsPage,
    meta: { action: "update", subject: "LAWFIRM_FEE_SHARE", title: "fees.settings.title" },
    menu: { icon: <PercentageOutlined />, label: "fees.settings.title" },
  },
];
