import { featurePlugin } from "../../plugins/feature";
import { systemRoutes } from "./routes";

/** What the SPA reads before anyone signs in: /api/config. */
export const systemPlugin = featurePlugin("system", async (app) => {
  const { userCenterLoginUrl, userCenterLogoutUrl } = app.config;
  await app.register(systemRoutes, { prefix: "/api", userCenterLoginUrl, userCenterLogoutUrl });
});
