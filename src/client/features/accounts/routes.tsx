import { ContactsOutlined } from "@ant-design/icons";
import { lazy } from "react";

import type { AppRoute } from "../../routing/route-types";

const pages = () => import("./pages");
// Lists are what staff open all day: each loads its own module, not its feature's forms and diagrams.
const AccountList = lazy(() => import("./account-list").then((m) => ({ default: m.AccountList })));
const AccountDetail = lazy(() => pages().then((m) => ({ default: m.AccountDetail })));
const AccountFormPage = lazy(() => pages().then((m) => ({ default: m.AccountFormPage })));
const AccountImportPage = lazy(() => pages().then((m) => ({ default: m.AccountImportPage })));
const CUSTOMER = {
  subject: "LAWFIRM_CUSTOMER_VIEW",
  navActiveLink: "/contacts",
  isDetail: true,
} as const;

export const accountsRoutes: AppRoute[] = [
  {
    path: "/contacts",
    component: AccountList,
    meta: { action: "read", subject: "LAWFIRM_CUSTOMER_VIEW", title: "accounts.titles.list" },
    menu: { icon: <ContactsOutlined />, label: "accounts.accounts" },
    resource: { name: "accounts", action: "list" },
  },
  {
    path: "/contacts/instution-detail/:id",
    component: AccountDetail,
    meta: { ...CUSTOMER, action: "read", title: "accounts.titles.organization" },
  },
  {
    path: "/contacts/natural-detail/:id",
    component: AccountDetail,
    meta: { ...CUSTOMER, action: "read", title: "accounts.titles.individual" },
  },
  {
    path: "/contacts/new",
    component: AccountFormPage,
    meta: { ...CUSTOMER, action: "create", title: "accounts.titles.create" },
  },
  {
    path: "/contacts/:id/edit",
    component: AccountFormPage,
    meta: { ...CUSTOMER, action: "update", title: "accounts.titles.edit" },
  },
  {
    path: "/contacts/import",
    component: AccountImportPage,
    meta: { ...CUSTOMER, action: "import", title: "accounts.titles.import" },
  },
];
