import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { workspaces } from "./identity";

/**
 * Every e-mail and text message the product sends (features/messages): kept whether a sender
 * delivered it or none is configured, so admins read them on the Outbox page.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    /** "email" or "sms". */
    channel: text().notNull(),
    recipient: text().notNull(),
    /** What the firm may read: a signing link or one-time code in the message is replaced by a placeholder. */
    subject: text().notNull().default(""),
    body: text().notNull(),
    /**
     * The message as it must reach the recipient, when it holds such a secret: AES-256-GCM under
     * the server's secret (lib/secret-box), wiped once delivered or given up on.
     */
    sealed: text(),
    /** What sent it, e.g. "esign.link", "esign.code", "deadline.reminder". */
    kind: text().notNull(),
    entity: text(),
    entityId: uuid("entity_id"),
    /** "outbox" (no sender configured), "pending", "sent" or "failed". */
    status: text().notNull(),
    attempts: integer().notNull().default(0),
    error: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index("outbox_messages_created_idx").on(t.workspaceId, t.createdAt, t.id),
  ],
);
