import { AuditOutlined } from "@ant-design/icons";
import { lazy } from "react";

import { APPROVAL_DETAIL } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

const pages = () => import("./pages");
// The list is what finance opens all day: its own module, not the detail's dialogs.
const InvoiceList = lazy(() => import("./invoice-list").then((m) => ({ default: m.InvoiceList })));
const InvoiceDetail = lazy(() => pages().then((m) => ({ default: m.InvoiceDetail })));
const InvoiceApprovalPage = lazy(() => pages().then((m) => ({ default: m.InvoiceApprovalPage })));

/** Below Finance (/finance): the invoices list and the invoice's page. */
export const invoicesRoutes: AppRoute[] = [
  {
    path: "invoices",
    component: InvoiceList,
    meta: { action: "read", subject: "LAWFIRM_INVOICE_VIEW", title: "invoices.titles.list" },
    menu: { icon: <AuditOutlined />, label: "invoices.menu" },
    resource: { name: "invoices", action: "list" },
  },
  {
    path: "invoices/:id",
    component: InvoiceDetail,
    meta: {
      action: "read",
      subject: "LAWFIRM_INVOICE_VIEW",
      title: "invoices.titles.detail",
      navActiveLink: "/finance/invoices",
      isDetail: true,
    },
  },
];

/** The invoice approval's page (approval centre), with what the request asks for above the form. */
export const invoiceApprovalRoutes: AppRoute[] = [
  {
    path: "/invoice/workflow/:id",
    component: InvoiceApprovalPage,
    meta: { ...APPROVAL_DETAIL, title: "invoices.titles.approval" },
  },
];
