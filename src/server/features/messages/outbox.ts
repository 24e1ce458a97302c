import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";

import type { Db } from "../../db/client";
import { outboxMessages } from "../../db/tables";
import { pageWithTotal } from "../../lib/list-query";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import type { Channel, Senders } from "./senders";

export type NewMessage = {
  workspaceId: string;
  channel: Channel;
  recipient: string;
  subject?: string;
  body: string;
  kind: string;
  entity?: string;
  entityId?: string;
};

const MAX_ATTEMPTS = 5;

/**
 * The one way features send e-mail or text messages. Call it in the transaction of the change the
 * message reports: the row exists only if that commits, and delivery happens after (deliverDue),
 * so a rolled-back step never sends anything. Without a deliverer for the channel the message
 * stays in the Outbox (status "outbox") and is written to the server log.
 */
export const queueMessage = async (db: Db, senders: Senders, log: FastifyBaseLogger, message: NewMessage) => {
  const deliverable = Boolean(senders[message.channel]);
  const [row] = await db
    .insert(outboxMessages)
    .values({ ...message, subject: message.subject ?? "", entity: message.entity ?? null, entityId: message.entityId ?? null, status: deliverable ? "pending" : "outbox" })
    .returning();
  if (!deliverable) log.info({ outbox: { id: row.id, channel: row.channel, to: row.recipient, kind: row.kind, subject: row.subject, body: row.body } }, "message kept in the outbox (no sender configured)");
  return row;
};

/**
 * Sends pending messages, oldest first. Rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * app processes share the work without sending one message twice; a failure is retried on later
 * runs up to MAX_ATTEMPTS, then left "failed" with its error for the Outbox page.
 */
export const deliverDue = async (db: Db, senders: Senders, log: FastifyBaseLogger, limit = 50) => {
  let sent = 0;
  for (let i = 0; i < limit; i += 1) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.status, "pending"), sql`${outboxMessages.attempts} < ${MAX_ATTEMPTS}`))
        .orderBy(asc(outboxMessages.createdAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return false;
      const send = senders[row.channel as Channel];
      try {
        if (!send) throw new Error("no sender configured");
        await send({ channel: row.channel as Channel, recipient: row.recipient, subject: row.subject, body: row.body });
        await tx.update(outboxMessages).set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1, error: null }).where(and(eq(outboxMessages.workspaceId, row.workspaceId), eq(outboxMessages.id, row.id)));
        sent += 1;
      } catch (err) {
        const attempts = row.attempts + 1;
        log.warn({ err, message: row.id }, "message delivery failed");
        await tx
          .update(outboxMessages)
          .set({ attempts, error: String((err as Error).message ?? err).slice(0, 500), status: attempts >= MAX_ATTEMPTS ? "failed" : "pending" })
          .where(and(eq(outboxMessages.workspaceId, row.workspaceId), eq(outboxMessages.id, row.id)));
      }
      return true;
    });
    if (!done) break;
  }
  return sent;
};

export type OutboxQuery = { page: number; pageSize: number; q?: string; channel?: Channel };

/** The firm's messages, newest first, for the Outbox page. */
export const listOutbox = async (ctx: RequestCtx, query: OutboxQuery) => {
  const like = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = inWorkspace(
    ctx,
    outboxMessages,
    like ? or(ilike(outboxMessages.recipient, like), ilike(outboxMessages.subject, like), ilike(outboxMessages.body, like)) : undefined,
    query.channel ? eq(outboxMessages.channel, query.channel) : undefined,
  );
  const { rows: items, total } = await pageWithTotal(
    ctx.db
      .select()
      .from(outboxMessages)
      .where(where)
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    () => ctx.db.select({ total: count() }).from(outboxMessages).where(where),
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
  );
  return { items, total };
};
