import { getTableName } from "drizzle-orm";

import { AppError } from "../../shared/errors";
import { auditLogs } from "../db/tables";
import { translatorFor } from "../i18n";
import { diffObjects } from "../lib/audit";
import { type RequestCtx, withDb } from "../lib/request-ctx";
import { optionErrors, schemaErrors } from "./checks";
import { matchRows, sameAsStored } from "./import-match";
import { headerOf, loadLabels } from "./labels";
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
export type ImportResult = { total: number; imported: number; updated: number; skipped: number; errors: RowError[] };

const CHUNK = 500;
type Row = { row: number; values: Record<string, unknown> };
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
      ...schemaErrors(res, values, ctx.lang).filter((e) => !r.errors.some((x) => x.field === e.field)),
    ];
    if (found.length === 0) found.push(...(await optionErrors(ctx, res, values, cache)));
    for (const e of found) errors.push({ row: r.row, field: header(e.field), message: e.message });
    if (found.length === 0) checked.push({ row: r.row, values });
  }
  const { matched, repeated } = await matchRows(ctx, res, checked);
  const bad = new Set(repeated.map((d) => d.row));
  for (const d of repeated) errors.push({ row: d.row, field: header(d.field), message: t("validation.duplicate") });
  const inserts: Row[] = [];
  const updates: (Row & { id: string; version: number })[] = [];
  let skipped = 0;
  for (const r of checked) {
    if (bad.has(r.row)) continue;
    const hit = matched.get(r.row);
    if (!hit) inserts.push(r);
    else if (options.onDuplicate === "skip") skipped += 1;
    else if (options.onDuplicate === "stop") errors.push({ row: r.row, field: header(hit.field), message: t("validation.duplicate") });
    else if (!hit.mayUpdate) errors.push({ row: r.row, field: header(hit.field), message: t("schemaUi.import.outOfScope") });
    else updates.push({ ...r, id: hit.id, version: hit.version });
  }
  errors.sort((a, b) => a.row - b.row);
  const none = { total: sheet.length, imported: 0, updated: 0, skipped, errors };
  if ((errors.length > 0 && !options.partial) || inserts.length + updates.length === 0) return none;

  let updated = 0;
  await ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    await insertRows(tctx, res, inserts, deadline);
    for (const u of updates) {
      if (Date.now() > deadline) throw new AppError(400, "errors.importTimeout");
      // Unchanged rows (an export brought back as is) are no edit: no version bump, no approval.
      if (sameAsStored(u.values, await getRecord(tctx, res, u.id))) continue;
      try {
        // A savepoint per row: with `partial`, a refused row (a pending client, a stale version) is reported, the rest kept.
        await tx.transaction((sp) => updateRecord(withDb(ctx, sp), res, registry, u.id, { ...u.values, version: u.version }));
        updated += 1;
      } catch (error) {
        if (!(error instanceof AppError) || !options.partial) throw error;
        if (error.fields?.length) for (const f of error.fields) errors.push({ row: u.row, field: header(f.field), message: f.message });
        else errors.push({ row: u.row, field: "", message: t(error.message, error.params) });
      }
    }
  });
  errors.sort((a, b) => a.row - b.row);
  return { total: sheet.length, imported: inserts.length, updated, skipped, errors };
};

/** New rows, in chunks, with their audit rows. */
const insertRows = async (ctx: RequestCtx, res: Resource, clean: Row[], deadline: number) => {
  const table = res.binding.table;
  const tx = ctx.db;
  for (let i = 0; i < clean.length; i += CHUNK) {
      if (Date.now() > deadline) throw new AppError(400, "errors.importTimeout");
      const inserted = await tx
        .insert(table)
        .values(
          await Promise.all(clean.slice(i, i + CHUNK).map(async (r) => ({
            ...toStorage(res, r.values),
            // Values the server owns on create (a case's number), as a form's save sets them.
            ...((await res.binding.beforeInsert?.(ctx, r.values)) ?? {}),
            ...res.binding.insertValues,
            workspaceId: ctx.workspaceId,
            createdBy: ctx.userId,
            updatedBy: ctx.userId,
          }))) as never,
        )
        .returning();
      await res.binding.afterImport?.(ctx, inserted.map((row) => fromStorage(row as RecordRow)));
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
};
