import { featurePlugin } from "../../plugins/feature";
import { profileRoutes } from "./routes";

/** A member's own profile, password and preferences. */
export const profilePlugin = featurePlugin(
  "profile",
  async (app) => {
    await app.register(profileRoutes, { prefix: "/api/profile", sessions: app.sessions });
  },
  { dependencies: ["auth"] },
);
