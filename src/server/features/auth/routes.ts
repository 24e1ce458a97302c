import type { FastifyInstance } from "fastify";

import type { LoginAnswer } from "../../../shared/contracts/security";
import { UPLOAD_AUDIENCE } from "../../lib/tokens";
import { login, logout, switchWorkspace, type AuthDeps } from "./service";
import { listPartners } from "./partners";
import { getLoginUserInfo, listSelectableUsers } from "./user-info";
import { loginBody, switchBody } from "./schemas";

type Opts = { deps: AuthDeps; uploadTokenTtlSeconds: number; loginRateLimitPerMinute: number };

export async function authRoutes(app: FastifyInstance, opts: Opts) {
  const { deps } = opts;
  app.post<{ Body: { username: string; password: string; trustedToken?: string } }>(
    "/auth/login",
    {
      schema: { body: loginBody },
      config: {
        permission: "public",
        rateLimit: { max: opts.loginRateLimitPerMinute, timeWindow: "1 minute" },
      },
    },
    async (req): Promise<LoginAnswer> => {
      const { trustedToken, ...credentials } = req.body;
      const result = await login(deps, {
        ...credentials,
        trustedTokens: trustedToken ? [trustedToken] : [],
        ip: req.ip,
        userAgent: String(req.headers["user-agent"] ?? ""),
      });
      if (result.kind === "session") return { token: result.token, expiresAt: result.expiresAt };
      return {
        twoFactor: result.step,
        challenge: result.challenge,
        challengeExpiresAt: result.challengeExpiresAt,
      };
    },
  );

  app.post("/auth/logout", { config: { permission: "member" } }, (req) => logout(deps, req.ctx));

  app.post<{ Body: { workspaceId: string } }>(
    "/auth/switch-workspace",
    { schema: { body: switchBody }, config: { permission: "member" } },
    (req) => switchWorkspace(deps, req.ctx, req.body.workspaceId),
  );
}

/** The seed's own endpoints, at their exact paths. */
export async function userServiceRoutes(app: FastifyInstance, opts: Opts) {
  const member = { config: { permission: "member" as const } };
  const picker = {
    config: { permission: ["basic", "BASIC_PERMISSION"] as ["basic", "BASIC_PERMISSION"] },
  };

  app.get("/get-login-user-info", member, (req) => getLoginUserInfo(req.ctx));
  app.get("/get-login-user-authority", member, async (req) => req.ctx.rules);
  app.get("/get-all-select-list", picker, (req) => listSelectableUsers(req.ctx, false));
  app.get("/get-account-enabled-select-list", picker, (req) => listSelectableUsers(req.ctx, true));
  app.get("/get-partner-select-list", picker, (req) => listPartners(req.ctx));

  // Short-lived and bound to this sign-in and firm: a leaked upload token dies with the session.
  app.get("/get-up-token", member, async (req) => {
    const expiresAt = new Date(Date.now() + opts.uploadTokenTtlSeconds * 1000);
    const token = await opts.deps.tokens.sign(
      { sid: req.ctx.sessionId, ws: req.ctx.workspaceId, scope: "upload" },
      UPLOAD_AUDIENCE,
      req.ctx.userId,
      expiresAt,
    );
    return { token, expiresAt: expiresAt.toISOString() };
  });
}
