import { AccountBookOutlined, SettingOutlined } from "@ant-design/icons";

import { accountsRoutes } from "./features/accounts";
import { archiveRoutes } from "./features/archive";
import { authRoutes } from "./features/auth";
import { calendarRoutes } from "./features/calendar";
import { CaseStartChooser, casesRoutes } from "./features/cases";
import { closingApprovalRoutes } from "./features/closing";
import { conflictsRoutes } from "./features/conflicts";
import { contractsRoutes } from "./features/contracts";
import { agendaRoutes, keyDatesRoutes } from "./features/deadlines";
import { documentsRoutes } from "./features/documents";
import { feeAllocationField } from "./features/fees";
import { feeSharingRoutes } from "./features/fee-sharing";
import { intakeRoutes } from "./features/intake";
import { invoiceApprovalRoutes, invoicesRoutes } from "./features/invoices";
import { messagesRoutes } from "./features/messages";
import { miscRoutes, notFoundRoute } from "./features/misc";
import { notificationsRoutes } from "./features/notifications";
import { reportsRoutes } from "./features/reports";
import { sealsRoutes } from "./features/seals";
import { tasksRoutes } from "./features/tasks";
import { registerStartChooser, workflowRoutes } from "./features/workflow";
import { settingsRoutes } from "./routes-settings";
import type { AppRoute } from "./routing/route-types";
import { registerFormField } from "./schema-ui";

// Wiring between features happens here, so neither imports the other: the approval start page
// offers a case's types × filing types instead of the case flow's card.
registerStartChooser("case", CaseStartChooser);
// The case form's fee-sharing allocation (x-ui "ui:field": "feeAllocation") is the fees feature's.
registerFormField("feeAllocation", feeAllocationField);

/**
 * The route table: guards, menu, landing page, page titles and Refine resources all read it.
 * Each feature declares its own entries (features/<f>/routes.tsx); this list orders them. Paths
 * are relative to the router basename `/manage`. The menu follows this order: the firm's daily
 * work first (home, intake, cases, clients, contracts, seals, approvals, calendar, tasks, conflict check,
 * documents, archive), Settings last; schema-declared entries go in before Settings.
 */
export const appRoutes: AppRoute[] = [
  { path: "/", landing: true, meta: { title: "pages.home.title" } },
  ...authRoutes,
  ...miscRoutes,
  ...agendaRoutes,
  // Intake before cases: the enquiry comes first (咨询 → 利冲 → 收案).
  ...intakeRoutes,
  ...casesRoutes,
  ...accountsRoutes,
  ...contractsRoutes,
  ...sealsRoutes,
  ...workflowRoutes,
  ...invoiceApprovalRoutes,
  ...closingApprovalRoutes,
  ...calendarRoutes,
  ...keyDatesRoutes,
  ...tasksRoutes,
  ...conflictsRoutes,
  ...documentsRoutes,
  // Archive (档案): volumes, the catalogue to borrow from, loans.
  ...archiveRoutes,
  ...reportsRoutes,
  // Finance: invoices, receivables, the month's statements and each member's own earnings.
  {
    path: "/finance",
    meta: { title: "feeSharing.menu.finance" },
    menu: { icon: <AccountBookOutlined /> },
    children: [
      { path: "", index: true, landing: true, meta: { title: "feeSharing.menu.finance" } },
      ...invoicesRoutes,
      ...feeSharingRoutes,
    ],
  },
  ...messagesRoutes,
  ...notificationsRoutes,
  {
    path: "/settings",
    meta: { title: "menu.settings" },
    menu: { icon: <SettingOutlined /> },
    children: settingsRoutes,
  },
  notFoundRoute,
];
