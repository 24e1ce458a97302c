import { Readable } from "node:stream";

import ExcelJS from "exceljs";

import { AppError, IMPORT_LIMIT } from "../../shared/errors";
import { textProblem } from "../../shared/text-rules";
import {
  headerAliases,
  headerOf,
  isObjectList,
  isParentKey,
  type LabelMap,
  recordIdAliases,
} from "./labels";
import type { FieldDef, Resource } from "./types";

/** One data row of an import, by field, with the problems found while reading its cells. */
export type SheetRow = {
  row: number;
  values: Record<string, unknown>;
  errors: { field: string; key: string }[];
  recordId?: string;
};

export type ReadLimits = { maxRows: number; maxColumns: number; deadline: number };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !(v instanceof Date);

/** A cell as plain data; formulas are refused (a spreadsheet's formula is not a client's data). */
const cellOf = (raw: unknown): { value?: unknown; isFormula?: boolean } => {
  if (raw === null || raw === undefined) return {};
  if (!isObject(raw)) return { value: typeof raw === "string" ? raw.trim() : raw };
  if ("formula" in raw || "sharedFormula" in raw) return { isFormula: true };
  if (Array.isArray(raw.richText))
    return {
      value: raw.richText
        .map((r: { text?: string }) => r.text ?? "")
        .join("")
        .trim(),
    };
  if (typeof raw.text === "string") return { value: raw.text.trim() };
  return { value: String(raw.error ?? "") };
};

const dateText = (v: Date) => v.toISOString().slice(0, 10);

const SPLIT = /[,，;；、]/;

/** Converts one cell to the field's type; select fields accept a label (either language) or a code. */
const convert = (
  field: FieldDef,
  value: unknown,
  labels?: LabelMap,
): { value?: unknown; key?: string } => {
  const toValue = (v: string) => (labels ? labels.toValue.get(v) : v);
  if (isObjectList(field)) {
    try {
      const parsed: unknown = JSON.parse(String(value));
      return Array.isArray(parsed) ? { value: parsed } : { key: "validation.jsonList" };
    } catch {
      return { key: "validation.jsonList" };
    }
  }
  if (field.kind === "array") {
    const parts = (value instanceof Date ? [dateText(value)] : String(value).split(SPLIT))
      .map((p) => p.trim())
      .filter(Boolean);
    const mapped = parts.map((p) => toValue(p));
    if (mapped.some((m) => m === undefined)) return { key: "validation.enum" };
    return { value: mapped };
  }
  if (field.kind === "number" || field.kind === "integer") {
    const n = typeof value === "number" ? value : Number(String(value).replace(/,/g, ""));
    return Number.isFinite(n) && String(value).trim() !== ""
      ? { value: n }
      : { value: String(value) };
  }
  if (field.kind === "boolean") {
    const text = String(value).toLowerCase();
    if (["true", "1", "是", "yes"].includes(text)) return { value: true };
    if (["false", "0", "否", "no"].includes(text)) return { value: false };
    return { value: String(value) };
  }
  // A date typed into a cell without a date format arrives as Excel's day number.
  if (
    (field.isDate || field.isDateTime) &&
    typeof value === "number" &&
    value > 0 &&
    value < 2_958_466
  ) {
    value = new Date(Math.round((value - 25_569) * 86_400_000));
  }
  const text =
    value instanceof Date ? (field.isDate ? dateText(value) : value.toISOString()) : String(value);
  if (labels) {
    const mapped = toValue(text);
    if (mapped === undefined)
      return {
        key:
          field.options?.source === "users" || field.options?.source === "partners"
            ? "validation.unknownMember"
            : "validation.enum",
      };
    return { value: mapped };
  }
  return { value: text };
};

const headerMap = (res: Resource) => {
  const map = new Map<string, FieldDef>();
  for (const field of res.fields)
    for (const alias of headerAliases(field)) if (!map.has(alias)) map.set(alias, field);
  return map;
};

type SheetRowIn = { number: number; values: unknown };

/**
 * The first worksheet's rows, streamed. ExcelJS's streaming reader at times loses workbook.xml
 * when a sheet comes before it in the zip, as ExcelJS's own writer puts them (exceljs#962, open:
 * "Cannot read properties of undefined (reading 'sheets')", timing-dependent — a valid file was
 * refused as "not an xlsx" now and then); before any row is read, the same bytes are then read
 * whole (the size guard has already run).
 */
async function* firstSheetRows(buf: Buffer): AsyncGenerator<SheetRowIn> {
  let started = false;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buf), {
      worksheets: "emit",
      sharedStrings: "cache",
      hyperlinks: "ignore",
      // Styles tell a date cell from a number cell.
      styles: "cache",
      entries: "ignore",
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        started = true;
        yield row;
      }
      return;
    }
  } catch (error) {
    if (started || !(error instanceof TypeError)) throw error;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buf as unknown as ArrayBuffer);
    const rows: SheetRowIn[] = [];
    book.worksheets[0]?.eachRow((row) => rows.push(row));
    yield* rows;
  }
}

/**
 * Streams the first worksheet: the first row names the columns, every further non-empty row is
 * a record. Stops as soon as the row limit is passed (IMPORT_LIMIT) or the deadline is over.
 */
export const readSheet = async (
  res: Resource,
  buf: Buffer,
  labels: Map<string, LabelMap>,
  limits: ReadLimits,
) => {
  const aliases = headerMap(res);
  const idAliases = recordIdAliases();
  const rows: SheetRow[] = [];
  let columns: (FieldDef | null)[] | undefined;
  let idColumn = -1;
  for await (const row of firstSheetRows(buf)) {
    if (Date.now() > limits.deadline) throw new AppError(400, "errors.importTimeout");
    const cells = (row.values as unknown[]).slice(1);
    if (cells.length > limits.maxColumns)
      throw new AppError(400, "errors.importTooManyColumns", {
        params: { max: limits.maxColumns },
      });
    if (!columns) {
      columns = cells.map((c, i) => {
        const text = String(cellOf(c).value ?? "").trim();
        if (!text) return null;
        if (idAliases.has(text) && !aliases.has(text)) {
          idColumn = i;
          return null;
        }
        const field = aliases.get(text);
        if (!field)
          throw new AppError(400, "errors.importUnknownColumn", {
            params: { name: text.slice(0, 50) },
          });
        return field.isReadOnly ? null : field;
      });
      continue;
    }
    const values: Record<string, unknown> = {};
    const errors: SheetRow["errors"] = [];
    cells.forEach((raw, i) => {
      const field = columns?.[i];
      const cell = cellOf(raw);
      if (!field) return;
      // The same text rules as every other input: a NUL or a direction override is no client data.
      const problem = typeof cell.value === "string" ? textProblem(cell.value, true) : undefined;
      if (cell.isFormula) errors.push({ field: field.key, key: "validation.formula" });
      else if (problem) errors.push({ field: field.key, key: `errors.input.problems.${problem}` });
      else if (cell.value !== undefined && cell.value !== "") {
        const out = convert(field, cell.value, labels.get(field.key));
        if (out.key) errors.push({ field: field.key, key: out.key });
        else values[field.key] = out.value;
      }
    });
    if (Object.keys(values).length === 0 && errors.length === 0) continue;
    const id = idColumn >= 0 ? String(cellOf(cells[idColumn]).value ?? "").trim() : "";
    rows.push({ row: row.number, values, errors, ...(id ? { recordId: id } : {}) });
    if (rows.length > limits.maxRows) {
      throw new AppError(400, "errors.importLimitExceeded", {
        code: IMPORT_LIMIT,
        params: { max: limits.maxRows },
      });
    }
  }
  if (!columns) throw new AppError(400, "errors.importEmpty");
  return rows;
};

/** Column headers of the import template: every field a person may fill in, in schema order. */
export const templateFields = (res: Resource) =>
  res.fields.filter(
    (f) => !f.isReadOnly && (f.schema["x-ui"]?.["ui:widget"] !== "hidden" || isParentKey(f)),
  );

export { headerOf };
