import type { FastifyInstance } from "fastify";

import { deliverDue, listOutbox, type OutboxDeps, type OutboxQuery } from "./outbox";

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
export async function messagesRoutes(app: FastifyInstance, opts: Omit<OutboxDeps, "log"> & { deliverEverySeconds: number }) {
  const deps: OutboxDeps = { ...opts, log: app.log };
  app.get<{ Querystring: OutboxQuery }>("/outbox", { schema: { querystring: listQuery }, config: { permission: ["read", "AUDIT_LOG"] } }, (req) =>
    listOutbox(req.ctx, req.query, deps),
  );
  if (opts.deliverEverySeconds > 0 && Object.keys(opts.senders).length > 0) {
    app.jobs.register("outbox-delivery", opts.deliverEverySeconds * 1000, async () => {
      await deliverDue(app.database.db, deps);
    });
  }
}
