import { and, asc, eq } from "drizzle-orm";

import { attachments, fileLocks, files } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { getFileRow } from "./files-service";

/**
 * The attachment service other features import (cases, contracts, seal requests): they keep
 * their files in the document store and reference them here instead of storing bodies.
 */
export type AttachmentRef = { entity: string; entityId: string; fileId: string };
export type LockRef = AttachmentRef & {
  /** What the refusal names, e.g. the case number: "referenced by case (2026)京0105民初123号". */
  label: string;
};

/** Links a file of the caller's firm to a record; linking twice is a no-op. */
export const attachFile = (ctx: RequestCtx, ref: AttachmentRef) =>
  ctx.db.transaction(async (tx) => {
    await getFileRow(ctx, ref.fileId, tx);
    const [row] = await tx
      .insert(attachments)
      .values({
        workspaceId: ctx.workspaceId,
        ...ref,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (row)
      await writeAudit(tx, ctx, {
        action: "create",
        entity: "attachments",
        entityId: row.id,
        after: row,
      });
    return { ...ref, id: row?.id };
  });

/** The live files attached to one record, oldest first. */
export const listAttachments = (ctx: RequestCtx, ref: { entity: string; entityId: string }) =>
  ctx.db
    .select({
      id: attachments.id,
      fileId: files.id,
      name: files.name,
      size: files.size,
      mime: files.mime,
      createdAt: attachments.createdAt,
    })
    .from(attachments)
    .innerJoin(
      files,
      and(eq(files.workspaceId, attachments.workspaceId), eq(files.id, attachments.fileId)),
    )
    .where(
      inWorkspace(
        ctx,
        attachments,
        eq(attachments.entity, ref.entity),
        eq(attachments.entityId, ref.entityId),
      ),
    )
    .orderBy(asc(attachments.createdAt));

export const detachFile = (ctx: RequestCtx, ref: AttachmentRef) =>
  ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(attachments)
      .where(
        inWorkspace(
          ctx,
          attachments,
          eq(attachments.entity, ref.entity),
          eq(attachments.entityId, ref.entityId),
          eq(attachments.fileId, ref.fileId),
        ),
      )
      .returning();
    for (const row of removed) {
      await writeAudit(tx, ctx, {
        action: "delete",
        entity: "attachments",
        entityId: row.id,
        before: row,
      });
    }
    return { removed: removed.length };
  });

/**
 * Makes the file, and every folder above it, undeletable until unlockFile: an archived contract's
 * signed copy must not vanish from under it. The label is shown in the refusal.
 */
export const lockFile = (ctx: RequestCtx, ref: LockRef) =>
  ctx.db.transaction(async (tx) => {
    await getFileRow(ctx, ref.fileId, tx);
    const [row] = await tx
      .insert(fileLocks)
      .values({
        workspaceId: ctx.workspaceId,
        ...ref,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .onConflictDoUpdate({
        target: [fileLocks.workspaceId, fileLocks.fileId, fileLocks.entity, fileLocks.entityId],
        set: { label: ref.label, updatedAt: new Date(), updatedBy: ctx.userId },
      })
      .returning();
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "file_locks",
      entityId: row.id,
      after: row,
    });
    return row;
  });

/** Releases the record's lock on one file, or on all its files when fileId is omitted. */
export const unlockFile = (
  ctx: RequestCtx,
  ref: { entity: string; entityId: string; fileId?: string },
) =>
  ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(fileLocks)
      .where(
        inWorkspace(
          ctx,
          fileLocks,
          eq(fileLocks.entity, ref.entity),
          eq(fileLocks.entityId, ref.entityId),
          ref.fileId ? eq(fileLocks.fileId, ref.fileId) : undefined,
        ),
      )
      .returning();
    for (const row of removed) {
      await writeAudit(tx, ctx, {
        action: "delete",
        entity: "file_locks",
        entityId: row.id,
        before: row,
      });
    }
    return { removed: removed.length };
  });

/** The brief's names, for features that prefer one import: attachments.attach(ctx, ref). */
export const attachmentService = {
  attach: attachFile,
  list: listAttachments,
  detach: detachFile,
  lock: lockFile,
  unlock: unlockFile,
};
