import { HomeOutlined } from "@ant-design/icons";
import { lazy } from "react";

import { BASIC } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

// The landing page of every member: its own module, not the case tabs and forms of its feature.
const AgendaPage = lazy(() => import("./agenda-page").then((m) => ({ default: m.AgendaPage })));
const KeyDateListPage = lazy(() =>
  import("./key-date-list-page").then((m) => ({ default: m.KeyDateListPage })),
);
const CaseDeadlinesPage = lazy(() =>
  import("./pages").then((m) => ({ default: m.CaseDeadlinesPage })),
);

/** The landing page: "My next 14 days". */
export const agendaRoutes: AppRoute[] = [
  {
    path: "/home",
    component: AgendaPage,
    meta: { ...BASIC, title: "deadlines.agenda.title" },
    menu: { icon: <HomeOutlined />, label: "deadlines.menu.home" },
  },
];

/**
 * A case's key dates and tasks, where the home page, calendar and reminders link; and the firm's
 * key dates by person, status, day and outcome, where a report's deadline figures open.
 */
export const keyDatesRoutes: AppRoute[] = [
  {
    path: "/key-dates",
    component: KeyDateListPage,
    meta: {
      action: "read",
      subject: "LAWFIRM_CASE_VIEW",
      title: "deadlines.list.title",
      isDetail: true,
      navActiveLink: "/calendar",
    },
  },
  {
    path: "/cases/:id/key-dates",
    component: CaseDeadlinesPage,
    meta: {
      action: "read",
      subject: "LAWFIRM_CASE_VIEW",
      title: "deadlines.keyDates.tab",
      isDetail: true,
      navActiveLink: "/calendar",
    },
  },
];
