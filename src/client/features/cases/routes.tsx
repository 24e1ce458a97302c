import { NumberOutlined, SolutionOutlined } from "@ant-design/icons";
import { lazy } from "react";

import { APPROVAL_DETAIL } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

const pages = () => import("./pages");
const CaseList = lazy(() => import("./case-list").then((m) => ({ default: m.CaseList })));
const CaseDetail = lazy(() => pages().then((m) => ({ default: m.CaseDetail })));
const CaseFormPage = lazy(() => pages().then((m) => ({ default: m.CaseFormPage })));
const CaseEditPage = lazy(() => pages().then((m) => ({ default: m.CaseEditPage })));
const CaseApprovalNew = lazy(() => pages().then((m) => ({ default: m.CaseApprovalNew })));
const CaseApprovalChange = lazy(() => pages().then((m) => ({ default: m.CaseApprovalChange })));
const CaseSettingsPage = lazy(() => pages().then((m) => ({ default: m.CaseSettingsPage })));
const CasePartList = lazy(() =>
  import("./case-part-list").then((m) => ({ default: m.CasePartList })),
);
const CASE = { subject: "LAWFIRM_CASE_VIEW", navActiveLink: "/case/list", isDetail: true } as const;

export const casesRoutes: AppRoute[] = [
  {
    path: "/case/list",
    component: CaseList,
    meta: { action: "read", subject: "LAWFIRM_CASE_VIEW", title: "cases.titles.list" },
    menu: { icon: <SolutionOutlined />, label: "cases.menu" },
    resource: { name: "cases", action: "list" },
  },
  {
    path: "/case/detail/:id",
    component: CaseDetail,
    meta: { ...CASE, action: "read", title: "cases.titles.detail" },
  },
  {
    path: "/case/edit/:id",
    component: CaseEditPage,
    meta: { ...CASE, action: "update", title: "cases.titles.edit" },
  },
  // Creating a case highlights the start-approval entry, like a contract.
  {
    path: "/case/add/:workflow/:type",
    component: CaseFormPage,
    meta: {
      action: "create",
      subject: "LAWFIRM_CASE_VIEW",
      title: "cases.titles.create",
      isDetail: true,
      navActiveLink: "/workflow/add",
    },
  },
  {
    path: "/case/workflow/:id",
    component: CaseApprovalNew,
    meta: { ...APPROVAL_DETAIL, title: "cases.titles.approval" },
  },
  {
    path: "/case/workflow/change/:id",
    component: CaseApprovalChange,
    meta: { ...APPROVAL_DETAIL, title: "cases.titles.changeApproval" },
  },
  // Every case's bills, payments and time: the lists behind the reports' money and hours.
  ...(
    [
      ["case-bills", "cases.titles.bills"],
      ["case-payments", "cases.titles.payments"],
      ["case-time-entries", "cases.titles.timeEntries"],
    ] as const
  ).map(([resource, title]): AppRoute => ({
    path: `/${resource}`,
    component: () => <CasePartList resource={resource} title={title} />,
    // No Refine resource: a bill saved in a case's finance tab must not redirect here.
    meta: { ...CASE, action: "read", title },
  })),
];

/** Below Settings: the firm's case numbering. */
export const casesSettingsRoutes: AppRoute[] = [
  {
    path: "case-numbers",
    component: CaseSettingsPage,
    meta: { action: "read", subject: "ORG_DICTIONARY", title: "cases.settings.title" },
    menu: { icon: <NumberOutlined />, label: "cases.settings.title" },
  },
];
