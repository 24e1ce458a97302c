import { inArray } from "drizzle-orm";

import { AppError } from "../../shared/errors";
import { translatorFor } from "../lib/i18n";
import type { ListQuery } from "../lib/list-query";
import type { RequestCtx } from "../lib/request-ctx";
import { inWorkspace } from "../lib/tenant";
import type { RowError } from "./import";
import { headerOf, isParentKey, type LabelMap, loadLabels, recordIdHeader } from "./labels";
import { orderOf, whereOf } from "./query";
import { fromStorage } from "./records";
import type { FieldDef, RecordRow, Resource, ResourceRegistry } from "./types";
import { type Cell, streamXlsx } from "./xlsx-write";
import { templateFields } from "./xlsx-read";

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const BATCH = 2000;

const cellOf = (field: FieldDef, value: unknown, labels?: LabelMap): Cell => {
  if (value === null || value === undefined) return null;
  const label = (v: unknown) => labels?.toLabel.get(String(v)) ?? String(v);
  if (Array.isArray(value))
    return value.some((v) => typeof v === "object" && v !== null)
      ? JSON.stringify(value)
      : value.map((v) => label(v)).join(", ");
  if (value instanceof Date) return value;
  if (typeof value === "object") return JSON.stringify(value);
  if (field.isDateTime && typeof value === "string") return new Date(value);
  return labels ? label(value) : (value as Cell);
};

async function* none(): AsyncIterable<Cell[]> {}

/** An empty sheet whose header row holds every importable field's label (template download). */
export const writeTemplate = (ctx: RequestCtx, res: Resource) =>
  streamXlsx(
    res.name,
    templateFields(res).map((f) => headerOf(ctx, f)),
    none(),
  );

/**
 * The filtered list as xlsx, written row by row into the answer. The matching ids are read once,
 * in list order (a few MB at the export limit), which also checks the limit before any byte is
 * sent, so the page can show the message; the rows follow in batches by id, so each batch costs
 * the same however deep into the list it is (no OFFSET) and memory stays flat.
 */
export const writeExport = async (
  ctx: RequestCtx,
  res: Resource,
  q: ListQuery,
  maxRows: number,
  registry?: ResourceRegistry,
) => {
  const labels = await loadLabels(ctx, res, registry);
  // The parent (an employee's client) by its readable key, so the file imports back.
  const fields = res.fields.filter(
    (f) => f.schema["x-ui"]?.["ui:widget"] !== "hidden" || isParentKey(f),
  );
  const table = res.binding.table;
  const ids = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(whereOf(ctx, res, q, registry))
    .orderBy(...orderOf(res, q))
    .limit(maxRows + 1);
  if (ids.length > maxRows)
    throw new AppError(400, "errors.exportLimit", { params: { max: maxRows } });
  async function* rows(): AsyncIterable<Cell[]> {
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = ids.slice(start, start + BATCH).map((r) => r.id);
      const found = await ctx.db
        .select()
        .from(table)
        .where(inWorkspace(ctx, table, inArray(table.id, batch), res.binding.scope));
      const byId = new Map(found.map((row) => [row.id, row]));
      // A row deleted since the ids were read is left out rather than failing the whole file.
      for (const id of batch) {
        const row = byId.get(id);
        if (!row) continue;
        const record = fromStorage(row as RecordRow);
        yield [
          ...fields.map((f) => cellOf(f, record[f.key], labels.get(f.key))),
          String(record.id),
        ];
      }
    }
  }
  const stream = streamXlsx(
    res.name,
    [...fields.map((f) => headerOf(ctx, f)), recordIdHeader(ctx)],
    rows(),
  );
  stream.on("error", (error) => ctx.log.error({ err: error }, "export failed"));
  return stream;
};

/** The per-row error report of a refused import, as a sheet the user can fix rows from. */
export const writeReport = (ctx: RequestCtx, errors: RowError[]) => {
  const t = translatorFor(ctx.lang);
  async function* rows(): AsyncIterable<Cell[]> {
    for (const e of errors) yield [e.row, e.field, e.message];
  }
  return streamXlsx(
    t("schemaUi.import.reportSheet"),
    [t("schemaUi.import.row"), t("schemaUi.import.field"), t("schemaUi.import.message")],
    rows(),
    24,
  );
};
