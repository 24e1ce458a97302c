import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";

import type { TrashRow } from "../../../shared/contracts/documents";
import { AppError } from "../../../shared/errors";
import { files, folders, users } from "../../db/tables";
import type { Answer } from "../../lib/answers";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { isUniqueViolation, nameTaken } from "./common";

export type RestoreInput = { type: "file" | "folder"; id: string };

/** Deleted folders and files, newest deletion first, with who deleted them. */
export const listTrash = async (ctx: RequestCtx): Promise<Answer<TrashRow>[]> => {
  const [trashedFolders, trashedFiles] = await Promise.all([
    ctx.db
      .select({
        id: folders.id,
        name: folders.name,
        deletedAt: folders.deletedAt,
        deletedByName: users.name,
      })
      .from(folders)
      .leftJoin(users, eq(users.id, folders.deletedBy))
      .where(inWorkspace(ctx, folders, isNotNull(folders.deletedAt)))
      .orderBy(desc(folders.deletedAt)),
    ctx.db
      .select({
        id: files.id,
        name: files.name,
        size: files.size,
        deletedAt: files.deletedAt,
        deletedByName: users.name,
      })
      .from(files)
      .leftJoin(users, eq(users.id, files.deletedBy))
      .where(inWorkspace(ctx, files, isNotNull(files.deletedAt)))
      .orderBy(desc(files.deletedAt)),
  ]);
  // Every row listed has deleted_at set (isNotNull above): the cast says only that.
  return [
    ...trashedFolders.map((f) => ({ ...f, type: "folder" as const, size: null })),
    ...trashedFiles.map((f) => ({ ...f, type: "file" as const })),
  ] as Answer<TrashRow>[];
};

/** A live parent to restore into, or the root when the old parent is itself in the trash. */
const liveParent = async (ctx: RequestCtx, db: RequestCtx["db"], folderId: string | null) => {
  if (!folderId) return null;
  const [row] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(inWorkspace(ctx, folders, eq(folders.id, folderId), isNull(folders.deletedAt)));
  return row ? row.id : null;
};

/**
 * Brings back a file, or a folder with everything deleted together with it (same instant).
 * Its old place is used when it still exists, else the root; a name now taken is a 409.
 */
export const restoreFromTrash = (ctx: RequestCtx, input: RestoreInput) =>
  ctx.db.transaction(async (tx) => {
    const at = new Date();
    const live = { deletedAt: null, deletedBy: null, updatedAt: at, updatedBy: ctx.userId };
    let name = "";
    try {
      if (input.type === "file") {
        const [before] = await tx
          .select()
          .from(files)
          .where(inWorkspace(ctx, files, eq(files.id, input.id), isNotNull(files.deletedAt)));
        if (!before) throw new AppError(404, "errors.documents.fileNotFound");
        name = before.name;
        const folderId = await liveParent(ctx, tx, before.folderId);
        const [after] = await tx
          .update(files)
          .set({ ...live, folderId, version: before.version + 1 })
          .where(inWorkspace(ctx, files, eq(files.id, input.id)))
          .returning();
        await writeAudit(tx, ctx, {
          action: "update",
          entity: "files",
          entityId: input.id,
          before,
          after,
        });
        return { type: input.type, id: input.id };
      }
      const [before] = await tx
        .select()
        .from(folders)
        .where(inWorkspace(ctx, folders, eq(folders.id, input.id), isNotNull(folders.deletedAt)));
      if (!before?.deletedAt) throw new AppError(404, "errors.documents.folderNotFound");
      name = before.name;
      const sameDeletion = eq(folders.deletedAt, before.deletedAt);
      const parentId = await liveParent(ctx, tx, before.parentId);
      await tx
        .update(folders)
        .set({ ...live, parentId, version: before.version + 1 })
        .where(inWorkspace(ctx, folders, eq(folders.id, input.id)));
      await tx
        .update(folders)
        .set(live)
        .where(inWorkspace(ctx, folders, and(sameDeletion, isNotNull(folders.parentId))));
      await tx
        .update(files)
        .set(live)
        .where(inWorkspace(ctx, files, eq(files.deletedAt, before.deletedAt)));
      await writeAudit(tx, ctx, {
        action: "update",
        entity: "folders",
        entityId: input.id,
        before,
        after: { ...before, ...live, parentId },
      });
      return { type: input.type, id: input.id };
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(name);
      throw err;
    }
  });
