import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";

import type { Db } from "../../db/client";
import { outboxMessages } from "../../db/tables";
import { pageWithTotal } from "../../lib/list-query";
import type { RequestCtx } from "../../lib/request-ctx";
import { openWith, sealWith } from "../../lib/secret-box";
import { inWorkspace } from "../../lib/tenant";
import { addAttachments, attachmentNamesOf, attachmentsOf } from "./attachments";
import type { Attachment, Channel, Senders } from "./senders";

export type NewMessage = {
  workspaceId: string;
  channel: Channel;
  recipient: string;
  /** What the firm may read (for a message with a secret, the text with it replaced). */
  subject?: string;
  body: string;
  /** The text as it must reach the recipient when it holds a secret (a signing link, a one-time code). */
  secretText?: { subject: string; body: string };
  kind: string;
  entity?: string;
  entityId?: string;
  /** Files an e-mail carries (a scheduled report's xlsx); kept with the message until delivered. */
  attachments?: Attachment[];
};

/** How messages leave: the configured deliverers, the key undelivered secrets are sealed under, and the demo switch. */
export type OutboxDeps = {
  senders: Senders;
  log: FastifyBaseLogger;
  secret: string;
  outboxShowsSecrets?: boolean;
};

const MAX_ATTEMPTS = 5;
const PURPOSE = "outbox";

const sealText = (secret: string, text: { subject: string; body: string }) =>
  sealWith(secret, PURPOSE, Buffer.from(JSON.stringify(text)));
/** The text a sealed message must be delivered with (the sender, and the demo Outbox, open it). */
export const openText = (secret: string, sealed: string) =>
  JSON.parse(openWith(secret, PURPOSE, sealed).toString()) as { subject: string; body: string };

/** Whether a transport delivers this channel: otherwise the message stays in the Outbox ("outbox"). */
export const isDeliverable = (senders: Senders, channel: Channel) => Boolean(senders[channel]);

/**
 * The one way features send e-mail or text messages. Call it in the transaction of the change the
 * message reports: the row exists only if that commits, and delivery happens after (deliverDue),
 * so a rolled-back step never sends anything. Without a deliverer for the channel the message
 * stays in the Outbox (status "outbox") and is written to the server log. A secret in it is kept
 * only sealed, and only while something can still deliver it: a transport, or (demo) an admin
 * reading the Outbox with OUTBOX_SHOWS_SECRETS; the firm and the log see the redacted text.
 */
export const queueMessage = async (db: Db, deps: OutboxDeps, message: NewMessage) => {
  const { secretText, attachments = [], ...visible } = message;
  const deliverable = isDeliverable(deps.senders, message.channel);
  const sealed =
    secretText && (deliverable || deps.outboxShowsSecrets)
      ? sealText(deps.secret, secretText)
      : null;
  const [row] = await db
    .insert(outboxMessages)
    .values({
      ...visible,
      subject: visible.subject ?? "",
      sealed,
      entity: visible.entity ?? null,
      entityId: visible.entityId ?? null,
      status: deliverable ? "pending" : "outbox",
    })
    .returning();
  await addAttachments(db, row.workspaceId, row.id, attachments);
  if (!deliverable)
    deps.log.info(
      {
        outbox: {
          id: row.id,
          channel: row.channel,
          to: row.recipient,
          kind: row.kind,
          subject: row.subject,
          body: row.body,
          attachments: attachments.map((a) => a.fileName),
        },
      },
      "message kept in the outbox (no sender configured)",
    );
  return row;
};

/**
 * Sends pending messages, oldest first. Rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * app processes share the work without sending one message twice; a failure is retried on later
 * runs up to MAX_ATTEMPTS, then left "failed" with its error for the Outbox page. A sealed secret
 * is opened only to send, and wiped when the message is sent or given up on.
 */
export const deliverDue = async (db: Db, deps: OutboxDeps, limit = 50) => {
  const { senders, log } = deps;
  let sent = 0;
  for (let i = 0; i < limit; i += 1) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.status, "pending"),
            sql`${outboxMessages.attempts} < ${MAX_ATTEMPTS}`,
          ),
        )
        .orderBy(asc(outboxMessages.createdAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return false;
      const send = senders[row.channel as Channel];
      const where = and(
        eq(outboxMessages.workspaceId, row.workspaceId),
        eq(outboxMessages.id, row.id),
      );
      try {
        if (!send) throw new Error("no sender configured");
        const text = row.sealed
          ? openText(deps.secret, row.sealed)
          : { subject: row.subject, body: row.body };
        const attachments = await attachmentsOf(tx, row.workspaceId, row.id);
        await send({
          channel: row.channel as Channel,
          recipient: row.recipient,
          ...text,
          ...(attachments.length ? { attachments } : {}),
        });
        await tx
          .update(outboxMessages)
          .set({
            status: "sent",
            sentAt: new Date(),
            attempts: row.attempts + 1,
            error: null,
            sealed: null,
          })
          .where(where);
        sent += 1;
      } catch (err) {
        const attempts = row.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        log.warn({ err, message: row.id }, "message delivery failed");
        await tx
          .update(outboxMessages)
          .set({
            attempts,
            error: String((err as Error).message ?? err).slice(0, 500),
            status: failed ? "failed" : "pending",
            ...(failed ? { sealed: null } : {}),
          })
          .where(where);
      }
      return true;
    });
    if (!done) break;
  }
  return sent;
};

export type OutboxQuery = { page: number; pageSize: number; q?: string; channel?: Channel };

/**
 * The firm's messages, newest first, for the Outbox page, as the firm may read them: never the
 * sealed secret, except (demo, OUTBOX_SHOWS_SECRETS) in a message no transport will deliver.
 */
export const listOutbox = async (
  ctx: RequestCtx,
  query: OutboxQuery,
  deps: Pick<OutboxDeps, "secret" | "outboxShowsSecrets">,
) => {
  const like = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = inWorkspace(
    ctx,
    outboxMessages,
    like
      ? or(
          ilike(outboxMessages.recipient, like),
          ilike(outboxMessages.subject, like),
          ilike(outboxMessages.body, like),
        )
      : undefined,
    query.channel ? eq(outboxMessages.channel, query.channel) : undefined,
  );
  const { rows, total } = await pageWithTotal(
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
  const files = await attachmentNamesOf(
    ctx.db,
    ctx.workspaceId,
    rows.map((r) => r.id),
  );
  const items = rows.map(({ sealed, ...row }) => {
    const shown =
      sealed && deps.outboxShowsSecrets && row.status === "outbox"
        ? openText(deps.secret, sealed)
        : undefined;
    return {
      ...row,
      ...(shown ?? {}),
      secretShown: Boolean(shown),
      attachments: files.get(row.id) ?? [],
    };
  });
  return { items, total };
};
