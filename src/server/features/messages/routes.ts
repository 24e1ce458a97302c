import type { FastifyInstance } from "fastify";

import { startPeriodicJob } from "../../lib/periodic-job";
import { deliverDue, listOutbox, type OutboxQuery } from "./outbox";
import type { Senders } from "./senders";

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

/** /api/outbox: every message the firm's features sent or kept, for admins (it holds signing codes). */
export async function messagesRoutes(app: FastifyInstance, opts: { senders: Senders; deliverEverySeconds: number }) {
  app.get<{ Querystring: OutboxQuery }>("/outbox", { schema: { querystring: listQuery }, config: { permission: ["read", "AUDIT_LOG"] } }, (req) =>
    listOutbox(req.ctx, req.query),
  );
  if (opts.deliverEverySeconds > 0 && Object.keys(opts.senders).length > 0) {
    startPeriodicJob(app, "outbox-delivery", opts.deliverEverySeconds * 1000, async () => {
      await deliverDue(app.database.db, opts.senders, app.log);
    });
  }
}
