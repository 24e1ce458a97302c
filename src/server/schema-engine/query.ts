import { asc, desc, eq, getTableName, gte, ilike, inArray, lte, ne, or, isNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import { AppError } from "../../shared/errors";
import type { ListQuery } from "../lib/list-query";
import type { RequestCtx } from "../lib/request-ctx";
import { rowScopeOf } from "../lib/row-scope";
import { inWorkspace } from "../lib/tenant";
import type { FieldDef, Resource } from "./types";

const PAGING = new Set(["_start", "_end", "_sort", "_order"]);
const OPERATORS = ["_like", "_gte", "_lte", "_ne"] as const;
type Operator = "eq" | (typeof OPERATORS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SYSTEM_SORT = ["createdAt", "updatedAt", "id"];

const bad = () => new AppError(400, "errors.badRequest");

const split = (param: string): [string, Operator] => {
  for (const op of OPERATORS) if (param.endsWith(op)) return [param.slice(0, -op.length), op];
  return [param, "eq"];
};

const likeOf = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A query value in the field's own type: bad input is a 400, never a database error. */
const typed = (field: FieldDef | undefined, raw: string): unknown => {
  const schema = field?.kind === "array" ? field.schema.items : field?.schema;
  const kind = field?.kind === "array" ? schema?.type : field?.kind;
  if (kind === "number" || kind === "integer") {
    const n = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(n)) throw bad();
    return n;
  }
  if (kind === "boolean") {
    if (raw !== "true" && raw !== "false") throw bad();
    return raw === "true";
  }
  if ((schema?.format === "uuid" || !field) && !UUID.test(raw)) throw bad();
  if (field?.isDateTime || field?.isDate) {
    const date = new Date(raw);
    if (Number.isNaN(date.getTime())) throw bad();
    return field.column && field.isDateTime ? date : raw;
  }
  return raw;
};

/** A custom (jsonb) field as an SQL expression of its type, so `_gte` on numbers compares numbers. */
const customExpr = (res: Resource, field: FieldDef): SQL => {
  const text = sql`(${res.binding.table.custom} ->> ${field.key})`;
  return field.kind === "number" || field.kind === "integer" ? sql`${text}::numeric` : text;
};

const arrayCondition = (res: Resource, field: FieldDef, values: unknown[]): SQL => {
  const list = sql`array[${sql.join(values.map((v) => sql`${String(v)}`), sql`, `)}]::text[]`;
  if (field.column) return values.length === 1 ? sql`${field.column} @> ${list}` : sql`${field.column} && ${list}`;
  return sql`(${res.binding.table.custom} -> ${field.key}) ?| ${list}`;
};

const condition = (res: Resource, key: string, op: Operator, rawValues: string[]): SQL | undefined => {
  const field = res.byKey.get(key);
  if (!field && key !== "id") throw bad();
  // A custom field is an SQL expression; drizzle's operators accept it wherever a column goes.
  const target = (field ? (field.column ?? customExpr(res, field)) : res.binding.table.id) as PgColumn;
  const values = rawValues.map((v) => typed(field, v));
  if (field?.kind === "array") {
    // Lists of objects (related parties) are shown, not filtered.
    if (field.schema.items?.type !== "string") throw bad();
    if (op === "eq") return arrayCondition(res, field, values);
    if (op === "_ne") return sql`not (${arrayCondition(res, field, values)})`;
    if (op === "_like") return sql`array_to_string(${field.column ?? sql`array(select jsonb_array_elements_text(${res.binding.table.custom} -> ${field.key}))`}, ' ') ilike ${likeOf(String(values[0]))}`;
    throw bad();
  }
  if (field?.kind === "object") throw bad();
  switch (op) {
    case "eq":
      return values.length === 1 ? eq(target, values[0]) : inArray(target, values);
    case "_ne":
      return or(ne(target, values[0]), isNull(target));
    case "_like":
      return ilike(target, likeOf(String(rawValues[0])));
    case "_gte":
      return gte(target, values[0]);
    case "_lte":
      return lte(target, values[0]);
  }
};

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v) => v !== undefined && v !== null && v !== "").map(String);

/**
 * The WHERE of a list: the firm, the resource's own scope, the caller's "own"/"department" rows
 * and every simple-rest filter.
 */
export const whereOf = (ctx: RequestCtx, res: Resource, q: ListQuery, extra?: SQL): SQL => {
  const rows = rowScopeOf(ctx, "read", res.subject, getTableName(res.binding.table));
  const conditions: (SQL | undefined)[] = [res.binding.scope, rows, extra];
  for (const [param, value] of Object.entries(q)) {
    if (PAGING.has(param)) continue;
    const values = strings(value);
    if (values.length === 0) continue;
    const [key, op] = split(param);
    conditions.push(condition(res, key, op, values));
  }
  return inWorkspace(ctx, res.binding.table, ...conditions);
};

/** ORDER BY from `_sort`/`_order` (comma lists for several sorters); only schema fields sort. */
export const orderOf = (res: Resource, q: ListQuery): SQL[] => {
  const table = res.binding.table;
  const fields = q._sort ? String(q._sort).split(",") : [];
  const orders = q._order ? String(q._order).split(",") : [];
  const out: SQL[] = fields.map((key, i) => {
    const field = res.byKey.get(key);
    if (!field && !SYSTEM_SORT.includes(key)) throw bad();
    if (field?.kind === "object") throw bad();
    const target = field ? (field.column ?? customExpr(res, field)) : (res.columns[key] as PgColumn);
    return (orders[i] ?? orders[0] ?? "asc").toLowerCase() === "desc" ? desc(target) : asc(target);
  });
  if (fields.length === 0) out.push(desc(table.createdAt));
  // The tie-breaker runs the same way as the first sort, so an index on (…, sort column, id) can
  // serve the whole ORDER BY and a page is read without sorting every match.
  const first = (orders[0] ?? (fields.length ? "asc" : "desc")).toLowerCase();
  out.push(first === "desc" ? desc(table.id) : asc(table.id));
  return out;
};
