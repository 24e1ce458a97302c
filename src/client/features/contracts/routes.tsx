import { FileProtectOutlined } from "@ant-design/icons";
import { lazy } from "react";

import { APPROVAL_DETAIL } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

const pages = () => import("./pages");
const ContractList = lazy(() =>
  import("./contract-list").then((m) => ({ default: m.ContractList })),
);
const ContractDetail = lazy(() => pages().then((m) => ({ default: m.ContractDetail })));
const ContractFormPage = lazy(() => pages().then((m) => ({ default: m.ContractFormPage })));
const ContractApprovalNew = lazy(() => pages().then((m) => ({ default: m.ContractApprovalNew })));
const ContractApprovalArchive = lazy(() =>
  pages().then((m) => ({ default: m.ContractApprovalArchive })),
);
const ContractApprovalCancel = lazy(() =>
  pages().then((m) => ({ default: m.ContractApprovalCancel })),
);
const CONTRACT = {
  subject: "LAWFIRM_CONTRACT_VIEW",
  navActiveLink: "/contract/list",
  isDetail: true,
} as const;

export const contractsRoutes: AppRoute[] = [
  {
    path: "/contract/list",
    component: ContractList,
    meta: { action: "read", subject: "LAWFIRM_CONTRACT_VIEW", title: "contracts.titles.list" },
    menu: { icon: <FileProtectOutlined />, label: "contracts.menu" },
    resource: { name: "contracts", action: "list" },
  },
  {
    path: "/contract/detail/:id",
    component: ContractDetail,
    meta: { ...CONTRACT, action: "read", title: "contracts.titles.detail" },
  },
  // Creating a contract highlights the start-approval entry.
  {
    path: "/contract/add/:workflow",
    component: ContractFormPage,
    meta: {
      action: "create",
      subject: "LAWFIRM_CONTRACT_VIEW",
      title: "contracts.titles.create",
      isDetail: true,
      navActiveLink: "/workflow/add",
    },
  },
  {
    path: "/contract/workflow/:id",
    component: ContractApprovalNew,
    meta: { ...APPROVAL_DETAIL, title: "contracts.titles.approval" },
  },
  {
    path: "/contract/workflow/archive/:id",
    component: ContractApprovalArchive,
    meta: { ...APPROVAL_DETAIL, title: "contracts.titles.archiveApproval" },
  },
  {
    path: "/contract/workflow/cancel/:id",
    component: ContractApprovalCancel,
    meta: { ...APPROVAL_DETAIL, title: "contracts.titles.voidApproval" },
  },
];
