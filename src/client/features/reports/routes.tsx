import { PieChartOutlined } from "@ant-design/icons";
import { lazy } from "react";

import type { AppRoute } from "../../routing/route-types";

// The page and ECharts load only here: the landing page's first screen does not carry them.
const ReportsPage = lazy(() => import("./pages").then((m) => ({ default: m.ReportsPage })));

/** Reports (报表): the dashboard of charts and tables, for holders of LAWFIRM_REPORT_VIEW. */
export const reportsRoutes: AppRoute[] = [
  {
    path: "/reports",
    component: ReportsPage,
    meta: { action: "read", subject: "LAWFIRM_REPORT_VIEW", title: "reports.title" },
    menu: { icon: <PieChartOutlined />, label: "reports.menu" },
  },
];
