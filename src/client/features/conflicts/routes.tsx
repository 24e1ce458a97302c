import { SafetyOutlined } from "@ant-design/icons";
import { lazy } from "react";

import type { AppRoute } from "../../routing/route-types";

const ConflictCheckPage = lazy(() =>
  import("./pages").then((m) => ({ default: m.ConflictCheckPage })),
);

export const conflictsRoutes: AppRoute[] = [
  {
    path: "/conflict-interest",
    component: ConflictCheckPage,
    meta: { action: "read", subject: "LAWFIRM_CONFLICT_VIEW", title: "conflicts.title" },
    menu: { icon: <SafetyOutlined />, label: "conflicts.title" },
  },
];
