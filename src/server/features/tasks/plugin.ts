import { featurePlugin } from "../../plugins/feature";
import { tasksRoutes } from "./routes";

/** Tasks on cases, and the templates that put tasks and key dates on a case at once. */
export const tasksPlugin = featurePlugin(
  "tasks",
  async (app) => {
    await app.register(tasksRoutes, { prefix: "/api" });
  },
  { dependencies: ["deadlines"] },
);
