import { PassThrough } from "node:stream";

import ExcelJS from "exceljs";
import { count } from "drizzle-orm";

import { AppError } from "../../shared/errors";
import { translatorFor } from "../i18n";
import type { ListQuery } from "../lib/list-query";
import type { RequestCtx } from "../lib/request-ctx";
import { headerOf, type LabelMap, loadLabels } from "./labels";
import { orderOf, whereOf } from "./query";
import { fromStorage } from "./records";
import type { FieldDef, RecordRow, Resource } from "./types";
import { templateFields } from "./xlsx-read";
import type { RowError } from "./import";

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const BATCH = 2000;

const streamingBook = () => {
  const stream = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  return { stream, book };
};

const cellOf = (field: FieldDef, value: unknown, labels?: LabelMap): unknown => {
  if (value === null || value === undefined) return null;
  const label = (v: unknown) => labels?.toLabel.get(String(v)) ?? String(v);
  if (Array.isArray(value)) return value.map((v) => (typeof v === "object" ? JSON.stringify(v) : label(v))).join(", ");
  if (typeof value === "object" && !(value instanceof Date)) return JSON.stringify(value);
  if (field.isDateTime && typeof value === "string") return new Date(value);
  return labels ? label(value) : value;
};

/** An empty sheet whose header row holds every importable field's label (template download). */
export const writeTemplate = (ctx: RequestCtx, res: Resource) => {
  const { stream, book } = streamingBook();
  const sheet = book.addWorksheet(res.name);
  sheet.columns = templateFields(res).map((f) => ({ header: headerOf(ctx, f), key: f.key, width: 20 }));
  void (async () => {
    await sheet.commit();
    await book.commit();
  })().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
};

/** Checks the export limit before any byte is sent, so the page can show the message instead. */
export const assertExportable = async (ctx: RequestCtx, res: Resource, q: ListQuery, maxRows: number) => {
  const table = res.binding.table;
  const [{ total }] = await ctx.db.select({ total: count() }).from(table).where(whereOf(ctx, res, q));
  if (total > maxRows) throw new AppError(400, "errors.exportLimit", { params: { max: maxRows } });
  return total;
};

/**
 * The filtered list as xlsx, written row by row into the answer: pages of rows are read, turned
 * into sheet rows and flushed, so memory stays flat however many rows there are.
 */
export const writeExport = async (ctx: RequestCtx, res: Resource, q: ListQuery) => {
  const labels = await loadLabels(ctx, res);
  const fields = res.fields.filter((f) => f.schema["x-ui"]?.["ui:widget"] !== "hidden");
  const { stream, book } = streamingBook();
  const sheet = book.addWorksheet(res.name);
  sheet.columns = fields.map((f) => ({ header: headerOf(ctx, f), key: f.key, width: 20 }));
  const table = res.binding.table;
  const where = whereOf(ctx, res, q);
  const order = orderOf(res, q);
  void (async () => {
    for (let offset = 0; ; offset += BATCH) {
      const rows = await ctx.db.select().from(table).where(where).orderBy(...order).limit(BATCH).offset(offset);
      for (const row of rows) {
        const record = fromStorage(row as RecordRow);
        sheet.addRow(fields.map((f) => cellOf(f, record[f.key], labels.get(f.key)))).commit();
      }
      if (rows.length < BATCH) break;
      // Let the socket drain before the next page is read.
      if (stream.writableNeedDrain) await new Promise((resolve) => stream.once("drain", resolve));
    }
    await sheet.commit();
    await book.commit();
  })().catch((error: unknown) => {
    ctx.log.error({ err: error }, "export failed");
    stream.destroy(error as Error);
  });
  return stream;
};

/** The per-row error report of a refused import, as a sheet the user can fix rows from. */
export const writeReport = (ctx: RequestCtx, errors: RowError[]) => {
  const t = translatorFor(ctx.lang);
  const { stream, book } = streamingBook();
  const sheet = book.addWorksheet(t("schemaUi.import.reportSheet"));
  sheet.columns = [
    { header: t("schemaUi.import.row"), key: "row", width: 8 },
    { header: t("schemaUi.import.field"), key: "field", width: 24 },
    { header: t("schemaUi.import.message"), key: "message", width: 60 },
  ];
  void (async () => {
    for (const e of errors) sheet.addRow(e).commit();
    await sheet.commit();
    await book.commit();
  })().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
};
