import { featurePlugin } from "../../plugins/feature";
import { authDepsOf } from "../auth";
import { userCenterRoutes } from "./routes";

/** The built-in user center: its sign-in page and form under /user-center, on the auth feature. */
export const userCenterPlugin = featurePlugin(
  "user-center",
  async (app) => {
    await app.register(userCenterRoutes, {
      prefix: "/user-center",
      deps: authDepsOf(app),
      allowedRedirectOrigins: app.config.allowedRedirectOrigins,
      rateLimitPerMinute: app.config.loginRateLimitPerMinute,
    });
  },
  { dependencies: ["auth"] },
);
