import type { FastifyInstance } from "fastify";

import { featurePlugin } from "../../plugins/feature";
import { memberSecurityRoutes } from "./member-security-routes";
import { authRoutes, userServiceRoutes } from "./routes";
import type { AuthDeps } from "./service";
import { pruneSignIns } from "./sessions/history";
import { profileSessionRoutes } from "./sessions/routes";
import {
  securitySettingsRoutes,
  twoFactorProfileRoutes,
  twoFactorSignInRoutes,
} from "./two-factor/routes";
import { sealDemoSecrets } from "./two-factor/secrets";

/**
 * The key two-factor secrets are sealed with: TOTP_ENCRYPTION_KEY, else (documented) the JWT
 * secret, which lib/secret-box turns into a key of its own for this purpose.
 */
const totpKeyOf = (app: FastifyInstance) => app.config.totpEncryptionKey ?? app.config.jwtSecret;

/** What signing in needs, from the app's session store, token signer and configuration. */
export const authDepsOf = (app: FastifyInstance): AuthDeps => ({
  db: app.database.db,
  tokens: app.tokens,
  sessions: app.sessions,
  tokenTtlSeconds: app.config.tokenTtlSeconds,
  maxFailures: app.config.loginMaxFailures,
  lockMinutes: app.config.loginLockMinutes,
  totpKey: totpKeyOf(app),
});

/**
 * Sign-in (password, then a second factor where the account has one or a firm requires one),
 * sign-out, firm switch, the user service the SPA asks who it is, the user's own sessions and
 * sign-in history, and an administrator's reset of a member's second factor and sign-ins.
 */
export const authPlugin = featurePlugin(
  "auth",
  async (app) => {
    const deps = authDepsOf(app);
    const opts = {
      deps,
      uploadTokenTtlSeconds: app.config.uploadTokenTtlSeconds,
      loginRateLimitPerMinute: app.config.loginRateLimitPerMinute,
    };
    await app.register(authRoutes, { prefix: "/api", ...opts });
    await app.register(twoFactorSignInRoutes, { prefix: "/api/auth/two-factor", ...opts });
    await app.register(userServiceRoutes, { prefix: "/api/user-service/user", ...opts });
    await app.register(twoFactorProfileRoutes, { prefix: "/api/profile/two-factor", ...opts });
    await app.register(profileSessionRoutes, { prefix: "/api/profile", sessions: app.sessions });
    await app.register(memberSecurityRoutes, { prefix: "/api/members", sessions: app.sessions });
    await app.register(securitySettingsRoutes, { prefix: "/api/security-settings" });

    app.jobs.register(
      "sign-in-history-prune",
      (app.config.signInPruneIntervalSeconds ?? 21_600) * 1000,
      () => pruneSignIns(deps.db),
    );
    // The demo seed cannot seal the partner's published secret (it runs without the key).
    app.addHook("onReady", () => sealDemoSecrets(deps.db, deps.totpKey));
    if (!app.config.totpEncryptionKey)
      app.log.info(
        "TOTP_ENCRYPTION_KEY is unset: two-factor secrets are sealed under a key derived from the JWT secret",
      );
  },
  { dependencies: ["notifications"] },
);
