import { getTableName } from "drizzle-orm";

import { AppError } from "../../shared/errors";
import { auditLogs } from "../db/tables";
import { translatorFor } from "../lib/i18n";
import { diffObjects } from "../lib/audit";
import { type RequestCtx, withDb } from "../lib/request-ctx";
import { optionErrors, schemaErrors } from "./checks";
import { matchRows, sameAsStored } from "./import-match";
import { headerOf, loadLabels, recordIdHeader } from "./labels";
import { fromStorage, toStorage, writableValues } from "./records";
import { getRecord, updateRecord } from "./service";
import type { RecordRow, Resource, ResourceRegistry } from "./types";
import { assertSafeXlsx } from "./xlsx-guard";
import { readSheet, type SheetRow } from "./xlsx-read";

export type ImportLimits = { maxRows: number; maxUncompressedBytes: number; timeoutMs: number };
export type RowError = { row: number; field: string; message: string };
/** What to do with a row whose unique key names a stored record. */
export type OnDuplicate = "stop" | "update" | "skip";
export type ImportOptions = { onDuplicate: OnDuplicate; partial: boolean };
/** `unchanged`: rows matching a stored record that already holds their values (an export brought back as is). */
export type ImportResult = {
  total: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: number;
  errors: RowError[];
};

const CHUNK = 500;
type Row = { row: number; values: Record<string, unknown>; recordId?: string };

/** Rolls an import's transaction back when a row failed and the file is not imported in part. */
class RowsRefused extends Error {}
/**
 * Reads and checks every row first (schema, choices, references by readable key, repeats in the
 * file), then sorts rows that name a stored record by a unique key: *stop* reports them as
 * duplicates, *skip* leaves them, *update* edits the record the way a save does (validation, row
 * scope, approval switches). Any problem stops the whole file unless `partial` asks for the
 * valid rows to be written and the rest reported. All writes happen in one transaction.
 */
export const importRecords = async (
  ctx: RequestCtx,
  res: Resource,
  registry: ResourceRegistry,
  buf: Buffer,
  limits: ImportLimits,
  options: ImportOptions = { onDuplicate: "stop", partial: false },
): Promise<ImportResult> => {
  const deadline = Date.now() + limits.timeoutMs;
  assertSafeXlsx(buf, limits.maxUncompressedBytes);
  const labels = await loadLabels(ctx, res, registry);
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
  const checked: Row[] = [];
  const cache = new Map<string, Set<string>>();
  for (const r of sheet) {
    if (Date.now() > deadline) throw new AppError(400, "errors.importTimeout");
    const values = writableValues(res, r.values);
    const found = [
      ...r.errors.map((e) => ({ field: e.field, message: t(e.key) })),
      ...schemaErrors(res, values, ctx.lang).filter(
        (e) => !r.errors.some((x) => x.field === e.field),
      ),
    ];
    if (found.length === 0) found.push(...(await optionErrors(ctx, res, values, cache)));
    for (const e of found) errors.push({ row: r.row, field: header(e.field), message: e.message });
    if (found.length === 0) checked.push({ row: r.row, values, recordId: r.recordId });
  }
  const { matched, repeated } = await matchRows(ctx, res, checked);
  const bad = new Set(repeated.map((d) => d.row));
  const idHeader = recordIdHeader(ctx);
  const headerOrId = (key: string) => (key === "id" ? idHeader : header(key));
  for (const d of repeated)
    errors.push({ row: d.row, field: headerOrId(d.field), message: t("validation.duplicate") });
  const inserts: Row[] = [];
  const updates: (Row & { id: string; version: number })[] = [];
  let skipped = 0;
  for (const r of checked) {
    if (bad.has(r.row)) continue;
    const hit = matched.get(r.row);
    if (!hit) inserts.push(r);
    else if (options.onDuplicate === "skip") skipped += 1;
    else if (options.onDuplicate === "stop")
      errors.push({ row: r.row, field: headerOrId(hit.field), message: t("validation.duplicate") });
    else if (!hit.mayUpdate)
      errors.push({
        row: r.row,
        field: headerOrId(hit.field),
        message: t("schemaUi.import.outOfScope"),
      });
    else updates.push({ ...r, id: hit.id, version: hit.version });
  }
  errors.sort((a, b) => a.row - b.row);
  const none = { total: sheet.length, imported: 0, updated: 0, unchanged: 0, skipped, errors };
  if ((errors.length > 0 && !options.partial) || inserts.length + updates.length === 0) return none;

  let updated = 0;
  let unchanged = 0;
  let imported = 0;
  const refusal = (row: number, error: AppError) => {
    if (error.fields?.length)
      for (const f of error.fields)
        errors.push({ row, field: header(f.field), message: f.message });
    else errors.push({ row, field: "", message: t(error.message, error.params) });
  };
  try {
    await ctx.db.transaction(async (tx) => {
      const tctx = withDb(ctx, tx);
      imported = await insertRows(tctx, res, inserts, deadline, refusal);
      for (const u of updates) {
        if (Date.now() > deadline) throw new AppError(400, "errors.importTimeout");
        // Unchanged rows (an export brought back as is) are no edit: no version bump, no approval.
        if (sameAsStored(u.values, await getRecord(tctx, res, u.id))) {
          unchanged += 1;
          continue;
        }
        try {
          // A savepoint per row: with `partial`, a refused row (a pending client, a stale version) is reported, the rest kept.
          await tx.transaction((sp) =>
            updateRecord(withDb(ctx, sp), res, registry, u.id, { ...u.values, version: u.version }),
          );
          updated += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refusal(u.row, error);
        }
      }
      // A refused row stops the whole file (nothing written, every reason reported) unless in part.
      if (errors.length > 0 && !options.partial) throw new RowsRefused();
    });
  } catch (error) {
    if (!(error instanceof RowsRefused)) throw error;
    errors.sort((a, b) => a.row - b.row);
    return none;
  }
  errors.sort((a, b) => a.row - b.row);
  return { total: sheet.length, imported, updated, unchanged, skipped, errors };
};

/**
 * New rows, in chunks, with their audit rows. A row the resource refuses on create (a contract is
 * made by its approval; a closed case takes no court number) is reported for that row, not as the
 * whole file's error. Answers how many rows were inserted.
 */
const insertRows = async (
  ctx: RequestCtx,
  res: Resource,
  clean: Row[],
  deadline: number,
  refused: (row: number, error: AppError) => void,
) => {
  const table = res.binding.table;
  const tx = ctx.db;
  let count = 0;
  // A resource that derives a new row's values from the rows before it (a bill's number and the
  // time it takes, a court number's "current" flag) or keeps other rows in step after each write
  // gets its rows one at a time, each through the same hooks as a form's create: in a batch, two
  // bills of one case took the same number (a unique violation, a 500) and no time entry.
  const { afterWrite, afterImport } = res.binding;
  const eachAfter = afterImport ? undefined : afterWrite;
  const size = res.binding.beforeInsert || eachAfter ? 1 : CHUNK;
  for (let i = 0; i < clean.length; i += size) {
    if (Date.now() > deadline) throw new AppError(400, "errors.importTimeout");
    const values = [];
    // In row order: values the server owns on create (a case's number) come from counters.
    for (const r of clean.slice(i, i + size)) {
      try {
        values.push({
          ...toStorage(res, r.values),
          // Values the server owns on create (a case's number), as a form's save sets them.
          ...((await res.binding.beforeInsert?.(ctx, r.values)) ?? {}),
          ...res.binding.insertValues,
          workspaceId: ctx.workspaceId,
          createdBy: ctx.userId,
          updatedBy: ctx.userId,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refused(r.row, error);
      }
    }
    if (values.length === 0) continue;
    const inserted = await tx
      .insert(table)
      .values(values as never)
      .returning();
    count += inserted.length;
    await afterImport?.(
      ctx,
      inserted.map((row) => fromStorage(row as RecordRow)),
    );
    for (const row of eachAfter ? inserted : [])
      await eachAfter?.(ctx, fromStorage(row as RecordRow), undefined);
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
  return count;
};
