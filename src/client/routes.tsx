import {
  FileProtectOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  HomeOutlined,
  FolderOpenOutlined,
  SafetyCertificateOutlined,
  AuditOutlined,
  ContactsOutlined,
  SolutionOutlined,
  MailOutlined,
  SafetyOutlined,
  SettingOutlined,
} from "@ant-design/icons";
import { lazy } from "react";

import { settingsRoutes } from "./routes-settings";
import type { AppRoute } from "./routing/route-types";

const LoginPage = lazy(() => import("./features/auth").then((m) => ({ default: m.LoginPage })));
const NotAuthorizedPage = lazy(() =>
  import("./features/misc").then((m) => ({ default: m.NotAuthorizedPage })),
);
const NotFoundPage = lazy(() =>
  import("./features/misc").then((m) => ({ default: m.NotFoundPage })),
);
const ServerErrorPage = lazy(() =>
  import("./features/misc").then((m) => ({ default: m.ServerErrorPage })),
);
const notifications = () => import("./features/notifications");
const NotificationsPage = lazy(() => notifications().then((m) => ({ default: m.NotificationsPage })));
const NotificationsIndex = lazy(() => notifications().then((m) => ({ default: m.NotificationsIndex })));
const OutboxPage = lazy(() => import("./features/messages").then((m) => ({ default: m.OutboxPage })));

const ConflictCheckPage = lazy(() =>
  import("./features/conflicts").then((m) => ({ default: m.ConflictCheckPage })),
);

const DocumentPage = lazy(() =>
  import("./features/documents").then((m) => ({ default: m.DocumentPage })),
);

const accounts = () => import("./features/accounts");
// Lists are what staff open all day: each loads its own module, not its feature's forms and diagrams.
const AccountList = lazy(() => import("./features/accounts/account-list").then((m) => ({ default: m.AccountList })));
const AccountDetail = lazy(() => accounts().then((m) => ({ default: m.AccountDetail })));
const AccountFormPage = lazy(() => accounts().then((m) => ({ default: m.AccountFormPage })));
const AccountImportPage = lazy(() => accounts().then((m) => ({ default: m.AccountImportPage })));
const CUSTOMER = { subject: "LAWFIRM_CUSTOMER_VIEW", navActiveLink: "/contacts", isDetail: true } as const;

const workflow = () => import("./features/workflow");
const ApprovalCenterPage = lazy(() => workflow().then((m) => ({ default: m.ApprovalCenterPage })));
const ApprovalCenterIndex = lazy(() => workflow().then((m) => ({ default: m.ApprovalCenterIndex })));
const StartApprovalPage = lazy(() => workflow().then((m) => ({ default: m.StartApprovalPage })));
const StartFormPage = lazy(() => workflow().then((m) => ({ default: m.StartFormPage })));
const ApprovalDetailPage = lazy(() => workflow().then((m) => ({ default: m.ApprovalDetailPage })));
const ApprovalEmptyPage = lazy(() => workflow().then((m) => ({ default: m.ApprovalEmptyPage })));
const DefinitionListPage = lazy(() => workflow().then((m) => ({ default: m.DefinitionListPage })));
const DesignerPage = lazy(() => import("./features/workflow/designer/designer-page").then((m) => ({ default: m.DesignerPage })));
const APPROVAL_DETAIL = { action: "basic", subject: "BASIC_PERMISSION", isDetail: true, navActiveLink: "/workflow/center" } as const;

const contracts = () => import("./features/contracts");
const ContractList = lazy(() => import("./features/contracts/contract-list").then((m) => ({ default: m.ContractList })));
const ContractDetail = lazy(() => contracts().then((m) => ({ default: m.ContractDetail })));
const ContractFormPage = lazy(() => contracts().then((m) => ({ default: m.ContractFormPage })));
const ContractApprovalNew = lazy(() => contracts().then((m) => ({ default: m.ContractApprovalNew })));
const ContractApprovalArchive = lazy(() => contracts().then((m) => ({ default: m.ContractApprovalArchive })));
const ContractApprovalCancel = lazy(() => contracts().then((m) => ({ default: m.ContractApprovalCancel })));
const CONTRACT = { subject: "LAWFIRM_CONTRACT_VIEW", navActiveLink: "/contract/list", isDetail: true } as const;

const cases = () => import("./features/cases");
const CaseList = lazy(() => import("./features/cases/case-list").then((m) => ({ default: m.CaseList })));
const CaseDetail = lazy(() => cases().then((m) => ({ default: m.CaseDetail })));
const CaseFormPage = lazy(() => cases().then((m) => ({ default: m.CaseFormPage })));
const CaseEditPage = lazy(() => cases().then((m) => ({ default: m.CaseEditPage })));
const CaseApprovalNew = lazy(() => cases().then((m) => ({ default: m.CaseApprovalNew })));
const CaseApprovalChange = lazy(() => cases().then((m) => ({ default: m.CaseApprovalChange })));
const CASE = { subject: "LAWFIRM_CASE_VIEW", navActiveLink: "/case/list", isDetail: true } as const;

const seals = () => import("./features/seals");
const SealRequestList = lazy(() => import("./features/seals/seal-request-list").then((m) => ({ default: m.SealRequestList })));
const SealRequestForm = lazy(() => seals().then((m) => ({ default: m.SealRequestForm })));
const SealApprovalPage = lazy(() => seals().then((m) => ({ default: m.SealApprovalPage })));
const SealRegistry = lazy(() => seals().then((m) => ({ default: m.SealRegistry })));
// The landing page of every member: its own module, not the case tabs and forms of its feature.
const AgendaPage = lazy(() => import("./features/deadlines/agenda-page").then((m) => ({ default: m.AgendaPage })));
const CaseDeadlinesPage = lazy(() => import("./features/deadlines").then((m) => ({ default: m.CaseDeadlinesPage })));
// Its own chunk: FullCalendar loads only with the calendar.
const CalendarPage = lazy(() => import("./features/calendar").then((m) => ({ default: m.CalendarPage })));
const TasksPage = lazy(() => import("./features/tasks").then((m) => ({ default: m.TasksPage })));

const BASIC = { action: "basic", subject: "BASIC_PERMISSION" } as const;
const PUBLIC_BLANK = { public: true, layout: "blank" } as const;

/**
 * The route table: guards, menu, landing page, page titles and Refine resources all read it.
 * Paths are relative to the router basename `/manage`. The menu follows this order: the firm's
 * daily work first (home, cases, clients, contracts, seals, approvals, calendar, tasks, conflict
 * check, documents), Settings last; schema-declared entries go in before Settings.
 */
export const appRoutes: AppRoute[] = [
  { path: "/", landing: true, meta: { title: "pages.home.title" } },
  {
    path: "/login",
    component: LoginPage,
    meta: { ...PUBLIC_BLANK, unauthenticatedOnly: true, title: "pages.login.title" },
  },
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
  // The landing page: "My next 14 days".
  { path: "/home", component: AgendaPage, meta: { ...BASIC, title: "deadlines.agenda.title" }, menu: { icon: <HomeOutlined />, label: "deadlines.menu.home" } },
  {
    path: "/case/list",
    component: CaseList,
    meta: { action: "read", subject: "LAWFIRM_CASE_VIEW", title: "cases.titles.list" },
    menu: { icon: <SolutionOutlined />, label: "cases.menu" },
    resource: { name: "cases", action: "list" },
  },
  { path: "/case/detail/:id", component: CaseDetail, meta: { ...CASE, action: "read", title: "cases.titles.detail" } },
  { path: "/case/edit/:id", component: CaseEditPage, meta: { ...CASE, action: "update", title: "cases.titles.edit" } },
  // SPEC §2: creating a case highlights the start-approval entry, like a contract.
  {
    path: "/case/add/:workflow/:type",
    component: CaseFormPage,
    meta: { action: "create", subject: "LAWFIRM_CASE_VIEW", title: "cases.titles.create", isDetail: true, navActiveLink: "/workflow/add" },
  },
  { path: "/case/workflow/:id", component: CaseApprovalNew, meta: { ...APPROVAL_DETAIL, title: "cases.titles.approval" } },
  { path: "/case/workflow/change/:id", component: CaseApprovalChange, meta: { ...APPROVAL_DETAIL, title: "cases.titles.changeApproval" } },
  {
    path: "/contacts",
    component: AccountList,
    meta: { action: "read", subject: "LAWFIRM_CUSTOMER_VIEW", title: "accounts.titles.list" },
    menu: { icon: <ContactsOutlined />, label: "accounts.accounts" },
    resource: { name: "accounts", action: "list" },
  },
  { path: "/contacts/instution-detail/:id", component: AccountDetail, meta: { ...CUSTOMER, action: "read", title: "accounts.titles.organization" } },
  { path: "/contacts/natural-detail/:id", component: AccountDetail, meta: { ...CUSTOMER, action: "read", title: "accounts.titles.individual" } },
  { path: "/contacts/new", component: AccountFormPage, meta: { ...CUSTOMER, action: "create", title: "accounts.titles.create" } },
  { path: "/contacts/:id/edit", component: AccountFormPage, meta: { ...CUSTOMER, action: "update", title: "accounts.titles.edit" } },
  { path: "/contacts/import", component: AccountImportPage, meta: { ...CUSTOMER, action: "import", title: "accounts.titles.import" } },
  {
    path: "/contract/list",
    component: ContractList,
    meta: { action: "read", subject: "LAWFIRM_CONTRACT_VIEW", title: "contracts.titles.list" },
    menu: { icon: <FileProtectOutlined />, label: "contracts.menu" },
    resource: { name: "contracts", action: "list" },
  },
  { path: "/contract/detail/:id", component: ContractDetail, meta: { ...CONTRACT, action: "read", title: "contracts.titles.detail" } },
  // SPEC §2: creating a contract highlights the start-approval entry.
  {
    path: "/contract/add/:workflow",
    component: ContractFormPage,
    meta: { action: "create", subject: "LAWFIRM_CONTRACT_VIEW", title: "contracts.titles.create", isDetail: true, navActiveLink: "/workflow/add" },
  },
  { path: "/contract/workflow/:id", component: ContractApprovalNew, meta: { ...APPROVAL_DETAIL, title: "contracts.titles.approval" } },
  { path: "/contract/workflow/archive/:id", component: ContractApprovalArchive, meta: { ...APPROVAL_DETAIL, title: "contracts.titles.archiveApproval" } },
  { path: "/contract/workflow/cancel/:id", component: ContractApprovalCancel, meta: { ...APPROVAL_DETAIL, title: "contracts.titles.voidApproval" } },
  {
    path: "/seal",
    meta: { title: "seals.menu" },
    menu: { icon: <SafetyCertificateOutlined /> },
    children: [
      { path: "", index: true, landing: true, meta: { title: "seals.menu" } },
      {
        path: "list",
        component: SealRequestList,
        meta: { action: "read", subject: "LAWFIRM_SEAL_VIEW", title: "seals.titles.requests" },
        menu: { label: "seals.titles.requests" },
        resource: { name: "seal-requests", action: "list" },
      },
      {
        path: "registry",
        component: SealRegistry,
        meta: { action: "read", subject: "ORG_DICTIONARY", title: "seals.titles.registry" },
        menu: { label: "seals.titles.registry" },
        resource: { name: "seals", action: "list" },
      },
      {
        path: "add/:workflow",
        component: SealRequestForm,
        meta: { action: "create", subject: "LAWFIRM_SEAL_VIEW", title: "seals.titles.createRequest", isDetail: true, navActiveLink: "/workflow/add" },
      },
      { path: "workflow/:id", component: SealApprovalPage, meta: { ...APPROVAL_DETAIL, title: "seals.titles.approval" } },
    ],
  },
  {
    path: "/workflow",
    meta: { title: "workflow.workflow" },
    menu: { icon: <AuditOutlined /> },
    children: [
      { path: "", index: true, landing: true, meta: { title: "workflow.workflow" } },
      {
        path: "center",
        component: ApprovalCenterIndex,
        meta: { action: "basic", subject: "BASIC_PERMISSION", title: "workflow.titles.center" },
        menu: { label: "workflow.titles.center" },
      },
      {
        path: "center/:tab",
        component: ApprovalCenterPage,
        meta: { action: "basic", subject: "BASIC_PERMISSION", title: "workflow.titles.center", keepAlive: true, navActiveLink: "/workflow/center" },
      },
      {
        path: "add",
        component: StartApprovalPage,
        meta: { action: "create", subject: "WORKFLOW_INSTANCE", title: "workflow.titles.add" },
        menu: { label: "workflow.titles.add" },
      },
      {
        path: "add/:id",
        component: StartFormPage,
        meta: { action: "create", subject: "WORKFLOW_INSTANCE", title: "workflow.titles.add", isDetail: true, navActiveLink: "/workflow/add" },
      },
      { path: "detail/:id", component: ApprovalDetailPage, meta: { ...APPROVAL_DETAIL, title: "workflow.titles.detail" } },
      { path: "empty", component: ApprovalEmptyPage, meta: { ...APPROVAL_DETAIL, title: "workflow.titles.detail" } },
      {
        path: "definitions",
        component: DefinitionListPage,
        meta: { action: "read", subject: "WORKFLOW_DEFINITION", title: "workflow.titles.definitions" },
        menu: { label: "workflow.titles.definitions" },
      },
      {
        path: "definitions/:id/design",
        component: DesignerPage,
        meta: { action: "update", subject: "WORKFLOW_DEFINITION", title: "workflow.titles.designer", isDetail: true, navActiveLink: "/workflow/definitions" },
      },
    ],
  },
  { path: "/calendar", component: CalendarPage, meta: { ...BASIC, title: "deadlines.calendar.title" }, menu: { icon: <CalendarOutlined />, label: "deadlines.menu.calendar" } },
  {
    path: "/cases/:id/key-dates",
    component: CaseDeadlinesPage,
    meta: { action: "read", subject: "LAWFIRM_CASE_VIEW", title: "deadlines.keyDates.tab", isDetail: true, navActiveLink: "/calendar" },
  },
  { path: "/tasks", component: TasksPage, meta: { ...BASIC, title: "deadlines.tasks.title" }, menu: { icon: <CheckSquareOutlined />, label: "deadlines.menu.tasks" } },
  {
    path: "/conflict-interest",
    component: ConflictCheckPage,
    meta: { action: "read", subject: "LAWFIRM_CONFLICT_VIEW", title: "conflicts.title" },
    menu: { icon: <SafetyOutlined />, label: "conflicts.title" },
  },
  {
    path: "/document",
    component: DocumentPage,
    meta: { action: "read", subject: "LAWFIRM_DOCUMENT_VIEW", title: "documents.titles.list" },
    menu: { icon: <FolderOpenOutlined />, label: "documents.documents" },
  },
  // What the product emailed or texted (signing links, codes, reminders): for those who read the audit log.
  {
    path: "/outbox",
    component: OutboxPage,
    meta: { action: "read", subject: "AUDIT_LOG", title: "outbox.title" },
    menu: { icon: <MailOutlined />, label: "outbox.menu" },
  },
  { path: "/notifications", component: NotificationsIndex, meta: { ...BASIC, title: "notifications.titles.list" } },
  {
    path: "/notifications/:tab",
    component: NotificationsPage,
    meta: { ...BASIC, title: "notifications.titles.list", keepAlive: true },
  },
  {
    path: "/settings",
    meta: { title: "menu.settings" },
    menu: { icon: <SettingOutlined /> },
    children: settingsRoutes,
  },
  { path: "*", component: NotFoundPage, meta: { ...PUBLIC_BLANK, title: "notFound.title" } },
];
