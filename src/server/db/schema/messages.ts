import {
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

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

/** A file body as PostgreSQL bytea, read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The files an outbox e-mail carries (a scheduled report's xlsx). The body lives in the database
 * beside its message, not in the document store: it belongs to the message, is small (a report's
 * workbook) and must reach whichever app process delivers the message.
 */
export const outboxAttachments = pgTable(
  "outbox_attachments",
  {
    workspaceId: uuid("workspace_id").notNull(),
    id: uuid().notNull().defaultRandom(),
    messageId: uuid("message_id").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer().notNull(),
    body: bytea().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.messageId],
      foreignColumns: [outboxMessages.workspaceId, outboxMessages.id],
    }).onDelete("cascade"),
    index("outbox_attachments_message_idx").on(t.workspaceId, t.messageId),
  ],
);
