import { featurePlugin, registerRowOwners } from "../../plugins/feature";
import { taskBindings, taskRowOwners } from "./bindings";
import { tasksRoutes } from "./routes";

/** Tasks on cases, and the templates that put tasks and key dates on a case at once. */
export const tasksPlugin = featurePlugin(
  "tasks",
  async (app) => {
    registerRowOwners(app, taskRowOwners);
    await app.register(tasksRoutes, { prefix: "/api" });
  },
  { dependencies: ["deadlines"], bindings: taskBindings },
);
