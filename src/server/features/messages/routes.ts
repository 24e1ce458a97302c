import type { FastifyInstance } from "fastify";

import { listOutbox, type OutboxDeps, type OutboxQuery } from "./outbox";
import { outboxQuery } from "./schemas";

/** /api/outbox: every message the firm's features sent or kept, for admins (signing links and codes redacted). */
export async function messagesRoutes(app: FastifyInstance, { deps }: { deps: OutboxDeps }) {
  app.get<{ Querystring: OutboxQuery }>(
    "/outbox",
    { schema: { querystring: outboxQuery }, config: { permission: ["read", "AUDIT_LOG"] } },
    (req) => listOutbox(req.ctx, req.query, deps),
  );
}
