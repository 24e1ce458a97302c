import { and, getTableName, inArray, sql, type SQL } from "drizzle-orm";

import { AppError } from "../../shared/errors";
import { auditLogs } from "../db/tables";
import { translatorFor } from "../i18n";
import { diffObjects } from "../lib/audit";
import type { RequestCtx } from "../lib/request-ctx";
import { inWorkspace } from "../lib/tenant";
import { optionErrors, schemaErrors } from "./checks";
import { headerOf, loadLabels } from "./labels";
import { fromStorage, toStorage, writableValues } from "./records";
import type { RecordRow, Resource } from "./types";
import { assertSafeXlsx } from "./xlsx-guard";
import { readSheet, type SheetRow } from "./xlsx-read";

export type ImportLimits = { maxRows: number; maxUncompressedBytes: number; timeoutMs: number };
export type RowError = { row: number; field: string; message: string };
export type ImportResult = { total: number; imported: number; errors: RowError[] };

const CHUNK = 500;

/** Values of `x-unique` fields already taken in the firm, fetched in one query per field. */
const takenValues = async (ctx: RequestCtx, res: Resource, key: string, values: string[]) => {
  const field = res.byKey.get(key);
  const table = res.binding.table;
  if (!field || values.length === 0) return new Set<string>();
  const target: SQL = field.column ? sql`${field.column}::text` : sql`${table.custom} ->> ${key}`;
  const rows = await ctx.db
    .select({ v: target })
    .from(table)
    .where(inWorkspace(ctx, table, and(res.binding.scope, inArray(target, values))));
  return new Set(rows.map((r) => String((r as { v: unknown }).v)));
};

const duplicateErrors = async (ctx: RequestCtx, res: Resource, rows: { row: number; values: Record<string, unknown> }[]) => {
  const out: { row: number; field: string }[] = [];
  for (const field of res.fields.filter((f) => f.isUnique)) {
    const given = rows.filter((r) => r.values[field.key] !== undefined);
    const taken = await takenValues(ctx, res, field.key, given.map((r) => String(r.values[field.key])));
    const seen = new Set<string>();
    for (const r of given) {
      const value = String(r.values[field.key]);
      if (taken.has(value) || seen.has(value)) out.push({ row: r.row, field: field.key });
      seen.add(value);
    }
  }
  return out;
};

/**
 * Imports a whole sheet or nothing: every row is read and checked first (schema, choices,
 * duplicates in the file and in the firm); any problem is reported per row and nothing is
 * written. A clean file is inserted in one transaction with its audit rows.
 */
export const importRecords = async (ctx: RequestCtx, res: Resource, buf: Buffer, limits: ImportLimits): Promise<ImportResult> => {
  const deadline = Date.now() + limits.timeoutMs;
  assertSafeXlsx(buf, limits.maxUncompressedBytes);
  const labels = await loadLabels(ctx, res);
  const sheet: SheetRow[] = await readSheet(res, buf, labels, {
    maxRows: limits.maxRows,
    maxColumns: res.fields.length + 20,
    deadline,
  }).catch((error: unknown) => {
    // The parser choking on a malformed part is the file's fault, not the server's.
    if (error instanceof AppError) throw error;
    ctx.log?.warn({ err: error }, "unreadable import file");
    throw new AppError(400, "errors.importNotXlsx");
  });
  const t = translatorFor(ctx.lang);
  const header = (key: string) => {
    const field = res.byKey.get(key.split(".")[0]);
    return field ? headerOf(ctx, field) : key;
  };
  const errors: RowError[] = [];
  const clean: { row: number; values: Record<string, unknown> }[] = [];
  const cache = new Map<string, Set<string>>();
  for (const r of sheet) {
    if (Date.now() > deadline) throw new AppError(400, "errors.importTimeout");
    const values = writableValues(res, r.values);
    const found = [
      ...r.errors.map((e) => ({ field: e.field, message: t(e.key) })),
      ...schemaErrors(res, values, ctx.lang).filter((e) => !r.errors.some((x) => x.field === e.field)),
    ];
    if (found.length === 0) found.push(...(await optionErrors(ctx, res, values, cache)));
    for (const e of found) errors.push({ row: r.row, field: header(e.field), message: e.message });
    if (found.length === 0) clean.push({ row: r.row, values });
  }
  for (const d of await duplicateErrors(ctx, res, clean)) {
    errors.push({ row: d.row, field: header(d.field), message: t("validation.duplicate") });
  }
  errors.sort((a, b) => a.row - b.row);
  if (errors.length > 0 || clean.length === 0) return { total: sheet.length, imported: 0, errors };

  const table = res.binding.table;
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < clean.length; i += CHUNK) {
      if (Date.now() > deadline) throw new AppError(400, "errors.importTimeout");
      const inserted = await tx
        .insert(table)
        .values(
          clean.slice(i, i + CHUNK).map((r) => ({
            ...toStorage(res, r.values),
            ...res.binding.insertValues,
            workspaceId: ctx.workspaceId,
            createdBy: ctx.userId,
            updatedBy: ctx.userId,
          })) as never,
        )
        .returning();
      await tx.insert(auditLogs).values(
        inserted.map((row) => {
          const after = fromStorage(row as RecordRow);
          return {
            workspaceId: ctx.workspaceId,
            userId: ctx.userId,
            action: "create",
            entity: getTableName(table),
            entityId: String(after.id),
            before: null,
            after: JSON.parse(JSON.stringify(after)) as Record<string, unknown>,
            diff: diffObjects(undefined, after),
            ip: ctx.ip,
          };
        }),
      );
    }
  });
  return { total: sheet.length, imported: clean.length, errors: [] };
};
