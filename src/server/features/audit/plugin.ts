import { featurePlugin } from "../../plugins/feature";
import { auditRoutes } from "./routes";

/** The audit log, for those who may read it. */
export const auditPlugin = featurePlugin("audit", async (app) => {
  await app.register(auditRoutes, { prefix: "/api/audit-logs" });
});
