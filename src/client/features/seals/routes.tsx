import { SafetyCertificateOutlined } from "@ant-design/icons";
import { lazy } from "react";

import { APPROVAL_DETAIL } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

const pages = () => import("./pages");
const SealRequestList = lazy(() =>
  import("./seal-request-list").then((m) => ({ default: m.SealRequestList })),
);
const SealRequestForm = lazy(() => pages().then((m) => ({ default: m.SealRequestForm })));
const SealApprovalPage = lazy(() => pages().then((m) => ({ default: m.SealApprovalPage })));
const SealRegistry = lazy(() => pages().then((m) => ({ default: m.SealRegistry })));

export const sealsRoutes: AppRoute[] = [
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
        meta: {
          action: "create",
          subject: "LAWFIRM_SEAL_VIEW",
          title: "seals.titles.createRequest",
          isDetail: true,
          navActiveLink: "/workflow/add",
        },
      },
      {
        path: "workflow/:id",
        component: SealApprovalPage,
        meta: { ...APPROVAL_DETAIL, title: "seals.titles.approval" },
      },
    ],
  },
];
