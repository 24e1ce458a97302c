import { featurePlugin } from "../../plugins/feature";
import { calendarRoutes } from "./routes";

/** The calendar of hearings, deadlines, tasks and events, and each member's subscribable feed. */
export const calendarPlugin = featurePlugin(
  "calendar",
  async (app) => {
    await app.register(calendarRoutes, { prefix: "/api" });
  },
  { dependencies: ["cases", "deadlines", "tasks"] },
);
