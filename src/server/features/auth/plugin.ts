import type { FastifyInstance } from "fastify";

import { featurePlugin } from "../../plugins/feature";
import { authRoutes, userServiceRoutes } from "./routes";
import type { AuthDeps } from "./service";

/** What signing in needs, from the app's session store, token signer and configuration. */
export const authDepsOf = (app: FastifyInstance): AuthDeps => ({
  db: app.database.db,
  tokens: app.tokens,
  sessions: app.sessions,
  tokenTtlSeconds: app.config.tokenTtlSeconds,
  maxFailures: app.config.loginMaxFailures,
  lockMinutes: app.config.loginLockMinutes,
});

/** Sign-in, sign-out, firm switch and the user service the SPA asks who it is. */
export const authPlugin = featurePlugin("auth", async (app) => {
  const opts = {
    deps: authDepsOf(app),
    uploadTokenTtlSeconds: app.config.uploadTokenTtlSeconds,
    loginRateLimitPerMinute: app.config.loginRateLimitPerMinute,
  };
  await app.register(authRoutes, { prefix: "/api", ...opts });
  await app.register(userServiceRoutes, { prefix: "/api/user-service/user", ...opts });
});
