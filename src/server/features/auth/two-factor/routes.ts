import type { FastifyInstance } from "fastify";

import type { SecuritySettings } from "../../../../shared/contracts/security";
import type { AuthDeps } from "../service";
import { readSecuritySettings, saveSecuritySettings } from "./policy";
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startEnrolment,
} from "./profile";
import {
  challengeBody,
  codeBody,
  confirmEnrolmentBody,
  disableBody,
  securitySettingsBody,
  verifyBody,
} from "./schemas";
import { confirmSignInEnrolment, startSignInEnrolment, verifySignIn } from "./sign-in";

type Opts = { deps: AuthDeps; loginRateLimitPerMinute: number };

const originOf = (req: { ip: string; headers: { "user-agent"?: string } }) => ({
  ip: req.ip,
  userAgent: String(req.headers["user-agent"] ?? ""),
});

/** The second step of POST /api/auth/login, for API callers (the user center has its own forms). */
export async function twoFactorSignInRoutes(app: FastifyInstance, opts: Opts) {
  const { deps } = opts;
  const config = {
    permission: "public" as const,
    rateLimit: { max: opts.loginRateLimitPerMinute, timeWindow: "1 minute" },
  };
  app.post<{
    Body: { challenge: string; code?: string; recoveryCode?: string; trustBrowser?: boolean };
  }>("/verify", { schema: { body: verifyBody }, config }, async (req) => {
    const done = await verifySignIn(deps, { ...req.body, ...originOf(req) });
    return {
      token: done.token,
      expiresAt: done.expiresAt,
      ...(done.trustedToken
        ? {
            trustedToken: done.trustedToken,
            trustedExpiresAt: done.trustedExpiresAt?.toISOString(),
          }
        : {}),
      ...(done.recoveryCodesLeft === undefined
        ? {}
        : { recoveryCodesLeft: done.recoveryCodesLeft }),
    };
  });
  app.post<{ Body: { challenge: string } }>(
    "/enrol",
    { schema: { body: challengeBody }, config },
    (req) => startSignInEnrolment(deps, req.body.challenge),
  );
  app.post<{ Body: { challenge: string; code: string } }>(
    "/enrol/confirm",
    { schema: { body: confirmEnrolmentBody }, config },
    async (req) => {
      const done = await confirmSignInEnrolment(deps, { ...req.body, ...originOf(req) });
      return { token: done.token, expiresAt: done.expiresAt, recoveryCodes: done.recoveryCodes };
    },
  );
}

/** The signed-in user's own authenticator (Settings → Security). */
export async function twoFactorProfileRoutes(app: FastifyInstance, opts: Opts) {
  const { deps } = opts;
  // Each of these checks a code: limited per address like sign-in, on top of the account lockout.
  const config = {
    permission: "member" as const,
    rateLimit: { max: opts.loginRateLimitPerMinute, timeWindow: "1 minute" },
  };
  app.get("/", { config: { permission: "member" } }, (req) => getTwoFactorStatus(req.ctx));
  app.post("/setup", { config }, (req) => startEnrolment(req.ctx, deps));
  app.post<{ Body: { code: string } }>("/enable", { schema: { body: codeBody }, config }, (req) =>
    enableTwoFactor(req.ctx, deps, req.body.code),
  );
  app.post<{ Body: { password: string; code: string } }>(
    "/disable",
    { schema: { body: disableBody }, config },
    (req) => disableTwoFactor(req.ctx, deps, req.body),
  );
  app.post<{ Body: { code: string } }>(
    "/recovery-codes",
    { schema: { body: codeBody }, config },
    (req) => regenerateRecoveryCodes(req.ctx, deps, req.body.code),
  );
}

/** Settings → Security of the firm: whose sign-in needs a second factor. */
export async function securitySettingsRoutes(app: FastifyInstance) {
  app.get("/", { config: { permission: ["read", "ORG_ROLE"] } }, (req) =>
    readSecuritySettings(req.ctx.db, req.ctx.workspaceId),
  );
  app.put<{ Body: SecuritySettings }>(
    "/",
    { schema: { body: securitySettingsBody }, config: { permission: ["update", "ORG_ROLE"] } },
    (req) => saveSecuritySettings(req.ctx, req.body),
  );
}
