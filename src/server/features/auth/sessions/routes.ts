import type { FastifyInstance } from "fastify";

import type { ListQuery } from "../../../lib/list-query";
import { listQuery } from "../../../lib/list-query";
import type { SessionStore } from "../../../lib/session-store";
import { findMySignIns } from "./history";
import { listMySessions, revokeMySession, revokeOtherSessions } from "./service";

const sessionParams = {
  type: "object",
  required: ["sessionId"],
  properties: { sessionId: { type: "string", format: "uuid" } },
} as const;

const signInQuery = listQuery([], { outcome: { type: "string", enum: ["success", "failure"] } });

/**
 * The signed-in user's sign-ins (Settings → Security), under /api/profile. A session is the
 * person's, not a firm's row (it moves between their firms), so it is named `:sessionId` and
 * scoped to the caller's account rather than by the firm's tenant guard.
 */
export async function profileSessionRoutes(app: FastifyInstance, opts: { sessions: SessionStore }) {
  const config = { permission: "member" as const };
  app.get("/sessions", { config }, (req) => listMySessions(req.ctx));
  app.delete<{ Params: { sessionId: string } }>(
    "/sessions/:sessionId",
    { schema: { params: sessionParams }, config },
    (req) => revokeMySession(req.ctx, opts.sessions, req.params.sessionId),
  );
  app.post("/sessions/revoke-others", { config }, (req) =>
    revokeOtherSessions(req.ctx, opts.sessions),
  );
  app.get<{ Querystring: ListQuery }>(
    "/sign-ins",
    { schema: { querystring: signInQuery }, config },
    async (req, reply) => {
      const { rows, total } = await findMySignIns(req.ctx, req.query);
      reply.header("x-total-count", total);
      return rows;
    },
  );
}
