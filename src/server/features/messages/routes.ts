import type { FastifyInstance } from "fastify";

import { listOutbox, type OutboxDeps, type OutboxQuery } from "./outbox";

const listQuery = {
  type: "object",
  additionalProperties: false,
  properties: {
    page: { type: "integer", minimum: 1, maximum: 100_000, default: 1 },
    pageSize: { type: "integer", minimum: 1, maximum: 100, default: 20 },
    q: { type: "string", maxLength: 200 },
    channel: { type: "string", enum: ["email", "sms"] },
  },
} as const;

/** /api/outbox: every message the firm's features sent or kept, for admins (signing links and codes redacted). */
export async function messagesRoutes(app: FastifyInstance, { deps }: { deps: OutboxDeps }) {
  app.get<{ Querystring: OutboxQuery }>("/outbox", { schema: { querystring: listQuery }, config: { permission: ["read", "AUDIT_LOG"] } }, (req) =>
    listOutbox(req.ctx, req.query, deps),
  );
}
