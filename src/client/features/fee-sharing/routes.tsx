import { BarChartOutlined, SolutionOutlined, WalletOutlined } from "@ant-design/icons";
import { lazy } from "react";

import { BASIC } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

const pages = () => import("./pages");
const ReceivablesPage = lazy(() => pages().then((m) => ({ default: m.ReceivablesPage })));
const StatementsPage = lazy(() => pages().then((m) => ({ default: m.StatementsPage })));
const MemberStatementPage = lazy(() => pages().then((m) => ({ default: m.MemberStatementPage })));
const MyEarningsPage = lazy(() => pages().then((m) => ({ default: m.MyEarningsPage })));

/** Below Finance (/finance): receivables, the month's statements and each member's own earnings. */
export const feeSharingRoutes: AppRoute[] = [
  {
    path: "receivables",
    component: ReceivablesPage,
    meta: {
      action: "read",
      subject: "LAWFIRM_RECEIVABLE_VIEW",
      title: "feeSharing.titles.receivables",
    },
    menu: { icon: <BarChartOutlined />, label: "feeSharing.menu.receivables" },
  },
  {
    path: "statements",
    component: StatementsPage,
    meta: { action: "read", subject: "LAWFIRM_FEE_SHARE", title: "feeSharing.titles.statements" },
    menu: { icon: <SolutionOutlined />, label: "feeSharing.menu.statements" },
  },
  {
    path: "statements/:memberId",
    component: MemberStatementPage,
    meta: {
      action: "read",
      subject: "LAWFIRM_FEE_SHARE",
      title: "feeSharing.titles.memberStatement",
      navActiveLink: "/finance/statements",
      isDetail: true,
    },
  },
  {
    path: "my-earnings",
    component: MyEarningsPage,
    meta: { ...BASIC, title: "feeSharing.titles.myEarnings" },
    menu: { icon: <WalletOutlined />, label: "feeSharing.menu.myEarnings" },
  },
];
