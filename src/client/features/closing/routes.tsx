import { lazy } from "react";

import { APPROVAL_DETAIL } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

const ClosingApprovalPage = lazy(() =>
  import("./closing-approval-page").then((m) => ({ default: m.ClosingApprovalPage })),
);

/** The closing approval's page (approval centre), with the closing and the live checklist above the form. */
export const closingApprovalRoutes: AppRoute[] = [
  {
    path: "/case/workflow/close/:id",
    component: ClosingApprovalPage,
    meta: { ...APPROVAL_DETAIL, title: "closing.approvalPage.title" },
  },
];
