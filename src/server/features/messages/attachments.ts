import { and, asc, eq, inArray } from "drizzle-orm";

import type { Db } from "../../db/client";
import { outboxAttachments } from "../../db/tables";
import type { Attachment } from "./senders";

/**
 * What one message may carry in all: mail servers commonly refuse 10–25 MB, and the Outbox keeps
 * the bodies in the database. A report's workbook is a few kilobytes.
 */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

/** Writes a message's files, in the transaction that queued it. */
export const addAttachments = async (
  db: Db,
  workspaceId: string,
  messageId: string,
  files: Attachment[],
) => {
  if (files.length === 0) return;
  const total = files.reduce((sum, f) => sum + f.body.length, 0);
  // A feature's bug, not the user's input: the message must not half-leave.
  if (total > MAX_ATTACHMENT_BYTES)
    throw new Error(`attachments of ${total} bytes exceed ${MAX_ATTACHMENT_BYTES}`);
  await db.insert(outboxAttachments).values(
    files.map((f) => ({
      workspaceId,
      messageId,
      fileName: f.fileName,
      contentType: f.contentType,
      size: f.body.length,
      body: f.body,
    })),
  );
};

/** The files to send with one message, by name. */
export const attachmentsOf = async (
  db: Db,
  workspaceId: string,
  messageId: string,
): Promise<Attachment[]> => {
  const rows = await db
    .select({
      fileName: outboxAttachments.fileName,
      contentType: outboxAttachments.contentType,
      body: outboxAttachments.body,
    })
    .from(outboxAttachments)
    .where(
      and(
        eq(outboxAttachments.workspaceId, workspaceId),
        eq(outboxAttachments.messageId, messageId),
      ),
    )
    .orderBy(asc(outboxAttachments.fileName));
  return rows;
};

export type AttachmentInfo = { fileName: string; size: number };

/** The names and sizes of a page of messages' files (never their bodies), for the Outbox page. */
export const attachmentNamesOf = async (db: Db, workspaceId: string, messageIds: string[]) => {
  const out = new Map<string, AttachmentInfo[]>();
  if (messageIds.length === 0) return out;
  const rows = await db
    .select({
      messageId: outboxAttachments.messageId,
      fileName: outboxAttachments.fileName,
      size: outboxAttachments.size,
    })
    .from(outboxAttachments)
    .where(
      and(
        eq(outboxAttachments.workspaceId, workspaceId),
        inArray(outboxAttachments.messageId, messageIds),
      ),
    )
    .orderBy(asc(outboxAttachments.fileName));
  for (const r of rows)
    out.set(r.messageId, [...(out.get(r.messageId) ?? []), { fileName: r.fileName, size: r.size }]);
  return out;
};
