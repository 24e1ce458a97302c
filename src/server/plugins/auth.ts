import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { JWTPayload } from "jose";

import { AppError } from "../../shared/errors";
import type { Action, Subject } from "../../shared/permissions";
import { createOriginMemo } from "../lib/firm-origin";
import type { RequestCtx } from "../lib/request-ctx";
import { createSessionStore, type SessionStore } from "../lib/session-store";
import {
  createTokenSigner,
  SESSION_AUDIENCE,
  TICKET_AUDIENCE,
  type TokenSigner,
} from "../lib/tokens";
import { assertScopedRoute, tenantRowGuard } from "../lib/tenant-guard";

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
    /**
     * Where the caller's sign-in comes from. Default "bearer": the Authorization header.
     * "ticket": a short-lived signed `?ticket=` (TICKET_AUDIENCE) naming the user, firm and
     * sign-in, for URLs the browser opens by itself (downloads, previews in an iframe), which
     * cannot carry a header. It is not "public": the ticket goes through the same session,
     * account, permission and tenant checks as a Bearer token, and the route must still check
     * that the ticket names what is asked for (req.ticket). GET only; no Bearer accepted.
     */
    credential?: "bearer" | "ticket";
  }
  interface FastifyRequest {
    ctx: RequestCtx;
    /** The verified claims of a `credential: "ticket"` route's ticket. */
    ticket?: JWTPayload;
  }
  interface FastifyInstance {
    /** Every route as registered, for tests and tooling that must cover routes added later. */
    routeTable: RouteEntry[];
    /** Sign-ins (lib/session-store.ts): the features that end or change sign-ins use it too. */
    sessions: SessionStore;
    /** Signs and checks session tokens, download tickets and upload tokens. */
    tokens: TokenSigner;
  }
}

export type RouteEntry = {
  method: string;
  url: string;
  permission?: RoutePermission;
  tenantTable?: string;
  isStream?: boolean;
  credential?: "bearer" | "ticket";
  bodySchema?: unknown;
};

const bearer = (req: FastifyRequest) => {
  const header = req.headers.authorization;
  if (!header?.startsWith("Bearer ")) return undefined;
  return header.slice(7).trim() || undefined;
};

export { buildAbility } from "../lib/ability";

/**
 * Resolves who is calling and for which firm, then checks the route's permission. Decorates the
 * app's session store and token signer (`app.sessions`, `app.tokens`).
 */
export const authenticationPlugin = fp(
  async (app: FastifyInstance) => {
    const opts = {
      db: app.database.db,
      tokens: createTokenSigner(app.config.jwtSecret),
      sessions: createSessionStore(app.database.db, app.bus),
    };
    app.decorate("sessions", opts.sessions);
    app.decorate("tokens", opts.tokens);
    app.decorateRequest("ctx", undefined as unknown as RequestCtx);
    const rememberOrigin = createOriginMemo(opts.db);

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
          credential: route.config?.credential,
          bodySchema: route.schema?.body,
        });
      }
      if (route.config?.permission === undefined) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no config.permission`);
      }
      // A ticket is a credential in a URL: only for reading, and never on a route anyone may call.
      if (
        route.config.credential === "ticket" &&
        (route.config.permission === "public" || route.method !== "GET")
      ) {
        throw new Error(
          `Route ${String(route.method)} ${route.url}: ticket routes must be GET and not public`,
        );
      }
    });

    // Row owners are registered by the feature plugins, in any order around the routes that use
    // them: every scoped route is checked once all are in, before the app serves.
    app.addHook("onReady", async () => {
      for (const route of app.routeTable)
        assertScopedRoute(
          app.rowOwners,
          `${route.method} ${route.url}`,
          route.permission,
          route.tenantTable,
        );
    });

    /** The ticket's claims; an expired or forged ticket is a 401 that says to open the link again. */
    const ticketClaims = async (req: FastifyRequest) => {
      const ticket = (req.query as { ticket?: unknown } | undefined)?.ticket;
      if (typeof ticket !== "string" || !ticket) throw new AppError(401, "errors.ticketInvalid");
      try {
        return await opts.tokens.verify(ticket, TICKET_AUDIENCE);
      } catch (err) {
        const isExpired = err instanceof AppError && err.message === "errors.tokenExpired";
        throw new AppError(401, isExpired ? "errors.ticketExpired" : "errors.ticketInvalid");
      }
    };

    app.addHook("onRequest", async (req) => {
      const permission = req.routeOptions.config?.permission;
      if (!req.url.startsWith("/api") || permission === undefined || permission === "public")
        return;
      let claims: JWTPayload;
      if (req.routeOptions.config?.credential === "ticket") {
        claims = await ticketClaims(req);
        req.ticket = claims;
      } else {
        const token = bearer(req);
        if (!token) throw new AppError(401, "errors.unauthorized");
        claims = await opts.tokens.verifyCached(token, SESSION_AUDIENCE);
      }
      const sessionId = typeof claims.sid === "string" ? claims.sid : "";
      const session = sessionId ? await opts.sessions.get(sessionId) : null;
      if (!session || session.userId !== claims.sub) throw new AppError(401, "errors.tokenInvalid");
      // A ticket names its firm: after a switch of firm, links made in the old one stop working.
      if (req.ticket && req.ticket.ws !== session.workspaceId)
        throw new AppError(401, "errors.ticketInvalid");
      // Disabled first: disabling also revokes the sign-in (migration 0010), and the answer should say why.
      if (!session.isUserEnabled) throw new AppError(401, "errors.accountDisabled");
      if (!session.isMemberEnabled) throw new AppError(401, "errors.memberDisabled");
      if (session.revokedAt) throw new AppError(401, "errors.tokenRevoked");
      if (session.expiresAt.getTime() <= Date.now()) throw new AppError(401, "errors.tokenExpired");
      await opts.sessions.touch(session);

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
        app,
      };
      // The address e-mail links of this firm point at when PUBLIC_URL is unset (lib/firm-origin).
      await rememberOrigin(
        session.workspaceId,
        `${req.protocol}://${req.host}`,
        req.headers["sec-fetch-site"],
      );
      if (permission !== "member" && !ability.can(permission[0], permission[1])) {
        throw new AppError(403, "errors.forbidden");
      }
      // The one place an `:id` is confined to the caller's firm, before any validation or handler.
      await tenantRowGuard(req);
    });
  },
  { name: "authentication", dependencies: ["envelope", "registries"] },
);
