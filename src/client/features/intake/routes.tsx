import { FunnelPlotOutlined } from "@ant-design/icons";
import { lazy } from "react";

import type { AppRoute } from "../../routing/route-types";
import "./intake.css";

const pages = () => import("./pages");
// The list (and its board) is what the firm's front desk opens all day: its own module.
const LeadListPage = lazy(() =>
  import("./lead-list-page").then((m) => ({ default: m.LeadListPage })),
);
const LeadDetailPage = lazy(() => pages().then((m) => ({ default: m.LeadDetailPage })));
const LeadFormPage = lazy(() => pages().then((m) => ({ default: m.LeadFormPage })));
const LEAD = { subject: "LAWFIRM_LEAD_VIEW", navActiveLink: "/intake", isDetail: true } as const;

/** Intake (案源): the leads before they are cases. */
export const intakeRoutes: AppRoute[] = [
  {
    path: "/intake",
    component: LeadListPage,
    meta: { action: "read", subject: "LAWFIRM_LEAD_VIEW", title: "intake.titles.list" },
    menu: { icon: <FunnelPlotOutlined />, label: "intake.menu" },
    resource: { name: "leads", action: "list" },
  },
  {
    path: "/intake/new",
    component: LeadFormPage,
    meta: { ...LEAD, action: "create", title: "intake.titles.create" },
  },
  {
    path: "/intake/:id",
    component: LeadDetailPage,
    meta: { ...LEAD, action: "read", title: "intake.titles.detail" },
  },
  {
    path: "/intake/:id/edit",
    component: LeadFormPage,
    meta: { ...LEAD, action: "update", title: "intake.titles.edit" },
  },
];
