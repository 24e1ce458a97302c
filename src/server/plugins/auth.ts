import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

import { AppError } from "../../shared/errors";
import type { Action, Subject } from "../../shared/permissions";
import type { Db } from "../db/client";
import { SESSION_AUDIENCE, type TokenSigner } from "../features/auth/tokens";
import type { SessionStore } from "../features/auth/session-store";
import type { RequestCtx } from "../lib/request-ctx";
import { tenantRowGuard } from "../lib/tenant-guard";

/**
 * Every /api route states who may call it, or the app refuses to start:
 * "public" (no sign-in), "member" (any signed-in member of the firm) or [action, subject].
 */
export type RoutePermission = "public" | "member" | [Action, Subject];

declare module "fastify" {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** The business table whose rows the route's `:id` names (the tenant-isolation test uses it). */
    tenantTable?: string;
    /** The answer is a never-ending stream (SSE): tools must read its start, not wait for its end. */
    isStream?: boolean;
  }
  interface FastifyRequest {
    ctx: RequestCtx;
  }
  interface FastifyInstance {
    /** Every route as registered, for tests and tooling that must cover routes added later. */
    routeTable: RouteEntry[];
  }
}

export type RouteEntry = {
  method: string;
  url: string;
  permission?: RoutePermission;
  tenantTable?: string;
  isStream?: boolean;
  bodySchema?: unknown;
};

const bearer = (req: FastifyRequest) => {
  const header = req.headers.authorization;
  if (!header?.startsWith("Bearer ")) return undefined;
  return header.slice(7).trim() || undefined;
};

export { buildAbility } from "../lib/ability";

type AuthOptions = { db: Db; tokens: TokenSigner; sessions: SessionStore };

/** Resolves who is calling and for which firm, then checks the route's permission. */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: AuthOptions) => {
    app.decorateRequest("ctx", undefined as unknown as RequestCtx);

    app.decorate("routeTable", [] as RouteEntry[]);
    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith("/api") || route.method === "HEAD") return;
      for (const method of [route.method].flat()) {
        app.routeTable.push({
          method: String(method),
          url: route.url,
          permission: route.config?.permission,
          tenantTable: route.config?.tenantTable,
          isStream: route.config?.isStream,
          bodySchema: route.schema?.body,
        });
      }
      if (route.config?.permission === undefined) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no config.permission`);
      }
    });

    app.addHook("onRequest", async (req) => {
      const permission = req.routeOptions.config?.permission;
      if (!req.url.startsWith("/api") || permission === undefined || permission === "public") return;
      const token = bearer(req);
      if (!token) throw new AppError(401, "errors.unauthorized");
      const claims = await opts.tokens.verifyCached(token, SESSION_AUDIENCE);
      const sessionId = typeof claims.sid === "string" ? claims.sid : "";
      const session = sessionId ? await opts.sessions.get(sessionId) : null;
      if (!session || session.userId !== claims.sub) throw new AppError(401, "errors.tokenInvalid");
      if (session.revokedAt) throw new AppError(401, "errors.tokenRevoked");
      if (session.expiresAt.getTime() <= Date.now()) throw new AppError(401, "errors.tokenExpired");
      if (!session.isUserEnabled) throw new AppError(401, "errors.accountDisabled");
      if (!session.isMemberEnabled) throw new AppError(401, "errors.memberDisabled");

      const ability = session.ability;
      req.ctx = {
        userId: session.userId,
        workspaceId: session.workspaceId,
        sessionId,
        db: opts.db,
        ability,
        rules: session.rules,
        lang: req.lang,
        ip: req.ip,
        log: req.log,
      };
      if (permission !== "member" && !ability.can(permission[0], permission[1])) {
        throw new AppError(403, "errors.forbidden");
      }
      // The one place an `:id` is confined to the caller's firm, before any validation or handler.
      await tenantRowGuard(req);
    });
  },
  { name: "auth", dependencies: ["envelope"] },
);
