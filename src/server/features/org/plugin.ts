import { featurePlugin } from "../../plugins/feature";
import { orgRoutes } from "./routes";

/** Members, departments, groups and roles of the firm. */
export const orgPlugin = featurePlugin(
  "org",
  async (app) => {
    await app.register(orgRoutes, { prefix: "/api", sessions: app.sessions });
  },
  { dependencies: ["auth"] },
);
