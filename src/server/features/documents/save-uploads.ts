import { and, eq, inArray } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import type { Db } from "../../db/client";
import { fileLocks, files, fileVersions } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { isUniqueViolation, lockBodiesShared, lockWorkspaceBytes, nameTaken } from "./common";
import { getFileRow } from "./files-service";
import { ensureFolderPath, getFolder } from "./folders-service";
import { assertQuota, type Received, type UploadLimits } from "./upload";

/**
 * Files whose exact bytes are evidence (a contract being e-signed, its sealed result, a file of an
 * archived volume) take no new version while such a lock holds them: the signature, the recorded
 * hash or the archive's merged copy cover these bytes.
 */
const FROZEN_BY = ["esign_requests", "archive_volumes"];
const assertBytesMayChange = async (ctx: RequestCtx, db: Db, fileId: string) => {
  const [held] = await db
    .select({ label: fileLocks.label, entity: fileLocks.entity })
    .from(fileLocks)
    .where(
      inWorkspace(
        ctx,
        fileLocks,
        and(eq(fileLocks.fileId, fileId), inArray(fileLocks.entity, FROZEN_BY)),
      ),
    )
    .limit(1);
  if (held) {
    const key = held.entity === "archive_volumes" ? "archived" : "frozen";
    throw new AppError(409, `errors.documents.${key}`, { params: { label: held.label } });
  }
};

const totalSize = (received: Received) => received.files.reduce((sum, f) => sum + f.blob.size, 0);

/**
 * Turns a received upload into files: folders of dropped paths, a file row and its first version
 * per body, audit rows, and the bodies committed to the store, in one transaction. Any failure
 * leaves no row; a body already committed is then unreferenced: identical uploads reuse it, and
 * the purge (purge-bodies.ts) deletes it once its grace period is over.
 */
export const createUploadedFiles = async (
  ctx: RequestCtx,
  received: Received,
  limits: UploadLimits,
) => {
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockWorkspaceBytes(tx, ctx.workspaceId);
      await lockBodiesShared(tx);
      await assertQuota(ctx, tx, totalSize(received), limits.quotaBytes);
      if (received.folderId) await getFolder(ctx, received.folderId, tx);
      const created = [];
      for (const item of received.files) {
        const folderId = await ensureFolderPath(ctx, tx, received.folderId ?? null, item.segments);
        let file;
        try {
          [file] = await tx
            .insert(files)
            .values({
              workspaceId: ctx.workspaceId,
              folderId,
              name: item.name,
              size: item.blob.size,
              mime: item.mime,
              sha256: item.blob.sha256,
              receiptDate: received.receiptDate ?? null,
              createdBy: ctx.userId,
              updatedBy: ctx.userId,
            })
            .returning();
        } catch (err) {
          if (isUniqueViolation(err)) throw nameTaken(item.name);
          throw err;
        }
        const storageKey = await item.blob.commit();
        await tx.insert(fileVersions).values({
          workspaceId: ctx.workspaceId,
          fileId: file.id,
          versionNo: 1,
          name: item.name,
          size: item.blob.size,
          mime: item.mime,
          sha256: item.blob.sha256,
          storageKey,
          createdBy: ctx.userId,
        });
        await writeAudit(tx, ctx, {
          action: "create",
          entity: "files",
          entityId: file.id,
          after: file,
        });
        created.push(file);
      }
      return created;
    });
  } finally {
    await received.discardAll();
  }
};

/** A new version of an existing file: the file row now points at it, older ones stay listed. */
export const addFileVersion = async (
  ctx: RequestCtx,
  fileId: string,
  received: Received,
  limits: UploadLimits,
) => {
  try {
    if (received.files.length !== 1) {
      throw new AppError(400, "errors.documents.tooManyItems", { params: { max: 1 } });
    }
    const [item] = received.files;
    return await ctx.db.transaction(async (tx) => {
      await lockWorkspaceBytes(tx, ctx.workspaceId);
      await lockBodiesShared(tx);
      await assertQuota(ctx, tx, item.blob.size, limits.quotaBytes);
      const before = await getFileRow(ctx, fileId, tx);
      await assertBytesMayChange(ctx, tx, fileId);
      const storageKey = await item.blob.commit();
      const versionNo = before.currentVersion + 1;
      await tx.insert(fileVersions).values({
        workspaceId: ctx.workspaceId,
        fileId,
        versionNo,
        name: item.name,
        size: item.blob.size,
        mime: item.mime,
        sha256: item.blob.sha256,
        storageKey,
        createdBy: ctx.userId,
      });
      // Guarded by the version column: two people uploading a new version at once cannot both win.
      const [after] = await tx
        .update(files)
        .set({
          size: item.blob.size,
          mime: item.mime,
          sha256: item.blob.sha256,
          currentVersion: versionNo,
          version: before.version + 1,
          updatedAt: new Date(),
          updatedBy: ctx.userId,
        })
        .where(
          inWorkspace(ctx, files, and(eq(files.id, fileId), eq(files.version, before.version))),
        )
        .returning();
      if (!after) throw new AppError(409, "errors.staleVersion");
      await writeAudit(tx, ctx, {
        action: "update",
        entity: "files",
        entityId: fileId,
        before,
        after,
      });
      return after;
    });
  } finally {
    await received.discardAll();
  }
};
