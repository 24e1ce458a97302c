import { featurePlugin, registerRowOwners } from "../../plugins/feature";
import { calendarRowOwners } from "./row-owners";
import { calendarRoutes } from "./routes";

/** The calendar of hearings, deadlines, tasks and events, and each member's subscribable feed. */
export const calendarPlugin = featurePlugin(
  "calendar",
  async (app) => {
    registerRowOwners(app, calendarRowOwners);
    await app.register(calendarRoutes, { prefix: "/api" });
  },
  { dependencies: ["deadlines", "tasks"] },
);
