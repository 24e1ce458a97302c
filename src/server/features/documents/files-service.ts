import { and, count, desc, eq, gte, ilike, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { isCalendarDate } from "../../../shared/calendar-dates";
import type { DocFile, DocFileDetail, FileUpdate } from "../../../shared/contracts/documents";
import { AppError } from "../../../shared/errors";
import type { Db } from "../../db/client";
import { fileLocks, files, fileVersions, folders, users } from "../../db/tables";
import type { Answer } from "../../lib/answers";
import { writeAudit } from "../../lib/audit";
import { type ListQuery, orderOf, pageOf, pageWithTotal } from "../../lib/list-query";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { assertName, isUniqueViolation, nameTaken } from "./common";
import { firstLockIn, getFolder } from "./folders-service";

const uploader = alias(users, "uploader");

const columns = {
  id: files.id,
  name: files.name,
  folderId: files.folderId,
  folderName: folders.name,
  size: files.size,
  mime: files.mime,
  currentVersion: files.currentVersion,
  receiptDate: files.receiptDate,
  createdAt: files.createdAt,
  createdBy: files.createdBy,
  uploaderName: uploader.name,
  updatedAt: files.updatedAt,
  version: files.version,
};

const liveFile = (ctx: RequestCtx, ...more: (SQL | undefined)[]) =>
  inWorkspace(ctx, files, isNull(files.deletedAt), ...more);

const dateParam = (value: unknown) => {
  if (value === undefined || value === "") return undefined;
  if (!isCalendarDate(value)) {
    throw new AppError(400, "errors.badRequest");
  }
  return value;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What the file list sorts by (the route's `_sort` accepts exactly these keys). */
export const FILE_SORT = {
  name: files.name,
  size: files.size,
  createdAt: files.createdAt,
  updatedAt: files.updatedAt,
  receiptDate: files.receiptDate,
};

/** The file list: `folderId` (or "root"), `name_like`, receipt date range, sort and paging. */
export const findFiles = async (
  ctx: RequestCtx,
  q: ListQuery,
): Promise<{ rows: Answer<DocFile>[]; total: number }> => {
  const filters: (SQL | undefined)[] = [];
  if (q.folderId === "root") filters.push(isNull(files.folderId));
  else if (typeof q.folderId === "string" && q.folderId)
    filters.push(eq(files.folderId, q.folderId));
  const like = typeof q.name_like === "string" ? q.name_like : typeof q.q === "string" ? q.q : "";
  if (like) filters.push(ilike(files.name, `%${escapeLike(like)}%`));
  if (typeof q.createdBy === "string" && q.createdBy)
    filters.push(eq(files.createdBy, q.createdBy));
  const from = dateParam(q.receiptDate_gte);
  const to = dateParam(q.receiptDate_lte);
  if (from) filters.push(gte(files.receiptDate, from));
  if (to) filters.push(lte(files.receiptDate, to));
  const where = liveFile(ctx, ...filters);
  const { offset, limit } = pageOf(q);
  const order = orderOf(q, FILE_SORT, desc(files.updatedAt));
  const { rows, total } = await pageWithTotal(
    ctx.db
      .select(columns)
      .from(files)
      .leftJoin(
        folders,
        and(eq(folders.workspaceId, files.workspaceId), eq(folders.id, files.folderId)),
      )
      .leftJoin(uploader, eq(uploader.id, files.createdBy))
      .where(where)
      .orderBy(order, files.id)
      .limit(limit)
      .offset(offset),
    () => ctx.db.select({ total: count() }).from(files).where(where),
    { offset, limit },
  );
  return { rows, total };
};

/** A live file of the caller's firm; another firm's id is simply not found. */
export const getFileRow = async (ctx: RequestCtx, id: string, db: Db = ctx.db) => {
  const [row] = await db
    .select()
    .from(files)
    .where(liveFile(ctx, eq(files.id, id)));
  if (!row) throw new AppError(404, "errors.documents.fileNotFound");
  return row;
};

export const getFile = async (ctx: RequestCtx, id: string): Promise<Answer<DocFileDetail>> => {
  const [row] = await ctx.db
    .select(columns)
    .from(files)
    .leftJoin(
      folders,
      and(eq(folders.workspaceId, files.workspaceId), eq(folders.id, files.folderId)),
    )
    .leftJoin(uploader, eq(uploader.id, files.createdBy))
    .where(liveFile(ctx, eq(files.id, id)));
  if (!row) throw new AppError(404, "errors.documents.fileNotFound");
  const locks = await ctx.db
    .select({ entity: fileLocks.entity, entityId: fileLocks.entityId, label: fileLocks.label })
    .from(fileLocks)
    .where(inWorkspace(ctx, fileLocks, eq(fileLocks.fileId, id)));
  return { ...row, locks };
};

/**
 * Locks that fix a file for good, name and place included: an archived volume's files are the
 * archive (issue 29), so no rename or move either, not only no delete or new version.
 */
const FIXED_BY = ["archive_volumes"];
const assertNotFixed = async (ctx: RequestCtx, db: Db, id: string) => {
  const [held] = await db
    .select({ label: fileLocks.label })
    .from(fileLocks)
    .where(
      inWorkspace(ctx, fileLocks, eq(fileLocks.fileId, id), inArray(fileLocks.entity, FIXED_BY)),
    )
    .limit(1);
  if (held) throw new AppError(409, "errors.documents.archived", { params: { label: held.label } });
};

export const updateFile = (ctx: RequestCtx, id: string, input: FileUpdate) =>
  ctx.db.transaction(async (tx) => {
    const before = await getFileRow(ctx, id, tx);
    await assertNotFixed(ctx, tx, id);
    if (input.name !== undefined) assertName(input.name);
    if (input.receiptDate) dateParam(input.receiptDate);
    if (input.folderId) await getFolder(ctx, input.folderId, tx);
    try {
      const [after] = await tx
        .update(files)
        .set({
          name: input.name ?? before.name,
          folderId: input.folderId === undefined ? before.folderId : input.folderId,
          receiptDate: input.receiptDate === undefined ? before.receiptDate : input.receiptDate,
          version: before.version + 1,
          updatedAt: new Date(),
          updatedBy: ctx.userId,
        })
        .where(liveFile(ctx, eq(files.id, id), eq(files.version, input.version)))
        .returning();
      if (!after) throw new AppError(409, "errors.staleVersion");
      await writeAudit(tx, ctx, { action: "update", entity: "files", entityId: id, before, after });
      return after;
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(input.name ?? before.name);
      throw err;
    }
  });

/** To the trash, unless a case, contract or seal request still references the file. */
export const deleteFile = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const before = await getFileRow(ctx, id, tx);
    const lock = await firstLockIn(ctx, tx, { fileId: id });
    if (lock) throw new AppError(409, "errors.documents.fileLocked", { params: lock });
    const at = new Date();
    await tx
      .update(files)
      .set({ deletedAt: at, deletedBy: ctx.userId, updatedAt: at, updatedBy: ctx.userId })
      .where(liveFile(ctx, eq(files.id, id)));
    await writeAudit(tx, ctx, { action: "delete", entity: "files", entityId: id, before });
    return { id };
  });

/** Bytes the firm stores: every version of every file, the trash included (it can come back). */
export const usedBytes = async (ctx: Pick<RequestCtx, "workspaceId">, db: Db) => {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${fileVersions.size}), 0)` })
    .from(fileVersions)
    .where(inWorkspace(ctx, fileVersions));
  return Number(row.used);
};
