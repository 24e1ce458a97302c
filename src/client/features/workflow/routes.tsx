import { AuditOutlined } from "@ant-design/icons";
import { lazy } from "react";

import { APPROVAL_DETAIL } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

const pages = () => import("./pages");
const ApprovalCenterPage = lazy(() => pages().then((m) => ({ default: m.ApprovalCenterPage })));
const ApprovalCenterIndex = lazy(() => pages().then((m) => ({ default: m.ApprovalCenterIndex })));
const StartApprovalPage = lazy(() => pages().then((m) => ({ default: m.StartApprovalPage })));
const StartFormPage = lazy(() => pages().then((m) => ({ default: m.StartFormPage })));
const ApprovalDetailPage = lazy(() => pages().then((m) => ({ default: m.ApprovalDetailPage })));
const ApprovalEmptyPage = lazy(() => pages().then((m) => ({ default: m.ApprovalEmptyPage })));
const DefinitionListPage = lazy(() => pages().then((m) => ({ default: m.DefinitionListPage })));
const DesignerPage = lazy(() =>
  import("./designer/designer-page").then((m) => ({ default: m.DesignerPage })),
);

export const workflowRoutes: AppRoute[] = [
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
        meta: {
          action: "basic",
          subject: "BASIC_PERMISSION",
          title: "workflow.titles.center",
          keepAlive: true,
          navActiveLink: "/workflow/center",
        },
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
        meta: {
          action: "create",
          subject: "WORKFLOW_INSTANCE",
          title: "workflow.titles.add",
          isDetail: true,
          navActiveLink: "/workflow/add",
        },
      },
      {
        path: "detail/:id",
        component: ApprovalDetailPage,
        meta: { ...APPROVAL_DETAIL, title: "workflow.titles.detail" },
      },
      {
        path: "empty",
        component: ApprovalEmptyPage,
        meta: { ...APPROVAL_DETAIL, title: "workflow.titles.detail" },
      },
      {
        path: "definitions",
        component: DefinitionListPage,
        meta: {
          action: "read",
          subject: "WORKFLOW_DEFINITION",
          title: "workflow.titles.definitions",
        },
        menu: { label: "workflow.titles.definitions" },
      },
      {
        path: "definitions/:id/design",
        component: DesignerPage,
        meta: {
          action: "update",
          subject: "WORKFLOW_DEFINITION",
          title: "workflow.titles.designer",
          isDetail: true,
          navActiveLink: "/workflow/definitions",
        },
      },
    ],
  },
];
