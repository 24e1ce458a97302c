import { and, asc, eq, isNull, sql } from "drizzle-orm";

import type { DocFolder } from "../../../shared/contracts/documents";
import { AppError } from "../../../shared/errors";
import type { Db } from "../../db/client";
import { fileLocks, files, folders } from "../../db/tables";
import type { Answer } from "../../lib/answers";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { assertName, isUniqueViolation, nameTaken, rowsOf, tFor } from "./common";

export type FolderInput = { name: string; parentId?: string | null };
export type FolderUpdate = { name?: string; parentId?: string | null; version: number };

const live = (ctx: RequestCtx) => inWorkspace(ctx, folders, isNull(folders.deletedAt));

export const listFolders = (ctx: RequestCtx): Promise<Answer<DocFolder>[]> =>
  ctx.db
    .select({
      id: folders.id,
      parentId: folders.parentId,
      name: folders.name,
      createdAt: folders.createdAt,
      createdBy: folders.createdBy,
      updatedAt: folders.updatedAt,
      version: folders.version,
    })
    .from(folders)
    .where(live(ctx))
    .orderBy(asc(folders.name));

export const getFolder = async (ctx: RequestCtx, id: string, db: Db = ctx.db) => {
  const [row] = await db
    .select()
    .from(folders)
    .where(and(live(ctx), eq(folders.id, id)));
  if (!row) throw new AppError(404, "errors.documents.folderNotFound");
  return row;
};

/** The folder and every live folder below it, with each one's path relative to the folder. */
export const folderSubtree = async (ctx: RequestCtx, id: string, db: Db = ctx.db) =>
  rowsOf<{ id: string; path: string }>(
    await db.execute(sql`
      with recursive sub(id, path) as (
        select id, ''::text from folders
         where workspace_id = ${ctx.workspaceId} and id = ${id} and deleted_at is null
        union all
        select f.id, sub.path || f.name || '/' from folders f join sub on f.parent_id = sub.id
         where f.workspace_id = ${ctx.workspaceId} and f.deleted_at is null)
      select id, path from sub`),
  );

export const createFolder = (ctx: RequestCtx, input: FolderInput) =>
  ctx.db.transaction(async (tx) => {
    assertName(input.name);
    if (input.parentId) await getFolder(ctx, input.parentId, tx);
    try {
      const [row] = await tx
        .insert(folders)
        .values({
          workspaceId: ctx.workspaceId,
          parentId: input.parentId ?? null,
          name: input.name,
          createdBy: ctx.userId,
          updatedBy: ctx.userId,
        })
        .returning();
      await writeAudit(tx, ctx, {
        action: "create",
        entity: "folders",
        entityId: row.id,
        after: row,
      });
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(input.name);
      throw err;
    }
  });

export const updateFolder = (ctx: RequestCtx, id: string, input: FolderUpdate) =>
  ctx.db.transaction(async (tx) => {
    const before = await getFolder(ctx, id, tx);
    if (input.name !== undefined) assertName(input.name);
    if (input.parentId) {
      await getFolder(ctx, input.parentId, tx);
      // A folder moved into its own subtree would detach that subtree from the tree.
      const below = await folderSubtree(ctx, id, tx);
      if (below.some((f) => f.id === input.parentId)) {
        throw new AppError(400, "errors.documents.moveIntoItself", {
          params: { name: before.name },
        });
      }
    }
    try {
      const [after] = await tx
        .update(folders)
        .set({
          name: input.name ?? before.name,
          parentId: input.parentId === undefined ? before.parentId : input.parentId,
          version: before.version + 1,
          updatedAt: new Date(),
          updatedBy: ctx.userId,
        })
        .where(and(live(ctx), eq(folders.id, id), eq(folders.version, input.version)))
        .returning();
      if (!after) throw new AppError(409, "errors.staleVersion");
      await writeAudit(tx, ctx, {
        action: "update",
        entity: "folders",
        entityId: id,
        before,
        after,
      });
      return after;
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(input.name ?? before.name);
      throw err;
    }
  });

/** The first lock on a live file in these folders, as the reason a delete is refused. */
export const firstLockIn = async (
  ctx: RequestCtx,
  db: Db,
  where: { folderIds?: string[]; fileId?: string },
) => {
  const scope = where.fileId
    ? eq(files.id, where.fileId)
    : sql`${files.folderId} in (${sql.join(
        (where.folderIds ?? []).map((f) => sql`${f}::uuid`),
        sql`, `,
      )})`;
  const [lock] = await db
    .select({ fileName: files.name, entity: fileLocks.entity, label: fileLocks.label })
    .from(fileLocks)
    .innerJoin(
      files,
      and(eq(files.workspaceId, fileLocks.workspaceId), eq(files.id, fileLocks.fileId)),
    )
    .where(inWorkspace(ctx, fileLocks, isNull(files.deletedAt), scope))
    .orderBy(asc(files.name))
    .limit(1);
  if (!lock) return undefined;
  const t = tFor(ctx);
  return {
    file: lock.fileName,
    entity: t(`documents.lockEntities.${lock.entity}`, { defaultValue: lock.entity }),
    label: lock.label,
  };
};

/**
 * Moves the folder, everything below it and their files to the trash, all stamped with the
 * same instant so a restore brings back exactly this deletion. Refused while any file below is
 * referenced by a case, contract or seal request.
 */
export const deleteFolder = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const before = await getFolder(ctx, id, tx);
    const subtree = await folderSubtree(ctx, id, tx);
    const ids = subtree.map((f) => f.id);
    const lock = await firstLockIn(ctx, tx, { folderIds: ids });
    if (lock) {
      throw new AppError(409, "errors.documents.folderLocked", {
        params: { folder: before.name, ...lock },
      });
    }
    const at = new Date();
    const inSubtree = (col: typeof folders.id | typeof files.folderId) =>
      sql`${col} in (${sql.join(
        ids.map((f) => sql`${f}::uuid`),
        sql`, `,
      )})`;
    const trashedFiles = await tx
      .update(files)
      .set({ deletedAt: at, deletedBy: ctx.userId, updatedAt: at, updatedBy: ctx.userId })
      .where(inWorkspace(ctx, files, isNull(files.deletedAt), inSubtree(files.folderId)))
      .returning({ id: files.id, name: files.name });
    await tx
      .update(folders)
      .set({ deletedAt: at, deletedBy: ctx.userId, updatedAt: at, updatedBy: ctx.userId })
      .where(inWorkspace(ctx, folders, isNull(folders.deletedAt), inSubtree(folders.id)));
    await writeAudit(tx, ctx, {
      action: "delete",
      entity: "folders",
      entityId: id,
      before: { ...before, folders: ids, files: trashedFiles.map((f) => f.id) },
    });
    return { id, folders: ids.length, files: trashedFiles.length };
  });

/**
 * Finds or creates the folders of an uploaded relative path ("案卷/证据/a.pdf" -> 案卷, 证据)
 * below parentId; concurrent uploads of one dropped folder end up sharing the same rows.
 */
export const ensureFolderPath = async (
  ctx: RequestCtx,
  tx: Db,
  parentId: string | null,
  segments: string[],
) => {
  let current = parentId;
  for (const name of segments) {
    const parentCond = current ? eq(folders.parentId, current) : isNull(folders.parentId);
    const [created] = await tx
      .insert(folders)
      .values({
        workspaceId: ctx.workspaceId,
        parentId: current,
        name,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await writeAudit(tx, ctx, {
        action: "create",
        entity: "folders",
        entityId: created.id,
        after: created,
      });
    }
    const [row] = created
      ? [created]
      : await tx
          .select()
          .from(folders)
          .where(and(live(ctx), parentCond, eq(folders.name, name)));
    if (!row) throw new AppError(409, "errors.conflict");
    current = row.id;
  }
  return current;
};
