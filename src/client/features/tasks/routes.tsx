import { CheckSquareOutlined } from "@ant-design/icons";
import { lazy } from "react";

import { BASIC } from "../../routing/route-presets";
import type { AppRoute } from "../../routing/route-types";

const TasksPage = lazy(() => import("./pages").then((m) => ({ default: m.TasksPage })));

export const tasksRoutes: AppRoute[] = [
  {
    path: "/tasks",
    component: TasksPage,
    meta: { ...BASIC, title: "deadlines.tasks.title" },
    menu: { icon: <CheckSquareOutlined />, label: "deadlines.menu.tasks" },
  },
];

export { TasksPage };
