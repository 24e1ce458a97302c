import { featurePlugin } from "../../plugins/feature";
import { registerKeySweeper } from "./key-sweeper";
import { createWorkflowRegistry } from "./registry";
import { workflowRoutes } from "./routes";

/**
 * Approvals: the engine, the approval centre's routes and `app.workflow`, where the features
 * whose approvals change business records register their effects. Every business kind must have
 * one by the time the app is ready.
 */
export const workflowPlugin = featurePlugin(
  "workflow",
  async (app) => {
    const registry = createWorkflowRegistry();
    app.decorate("workflow", registry);
    app.addHook("onReady", async () => registry.assertComplete());
    registerKeySweeper(app, {
      ttlHours: app.config.workflowKeyTtlHours ?? 7 * 24,
      everyMinutes: app.config.workflowKeySweepMinutes ?? 60,
    });
    await app.register(workflowRoutes, { prefix: "/api/workflow", tokens: app.tokens });
  },
  { dependencies: ["notifications", "documents"] },
);
