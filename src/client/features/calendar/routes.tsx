import { CalendarOutlined } from "@ant-design/icons";
import { lazy } from "react";

import { BASIC } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

// Its own chunk: FullCalendar loads only with the calendar.
const CalendarPage = lazy(() => import("./pages").then((m) => ({ default: m.CalendarPage })));

export const calendarRoutes: AppRoute[] = [
  {
    path: "/calendar",
    component: CalendarPage,
    meta: { ...BASIC, title: "deadlines.calendar.title" },
    menu: { icon: <CalendarOutlined />, label: "deadlines.menu.calendar" },
  },
];
