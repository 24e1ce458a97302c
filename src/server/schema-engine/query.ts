import {
  asc,
  desc,
  eq,
  getTableName,
  gte,
  ilike,
  inArray,
  lte,
  ne,
  or,
  isNotNull,
  isNull,
  sql,
  type SQL,
} from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import { isCalendarDate, isCalendarDateTime } from "../../shared/calendar-dates";
import { AppError } from "../../shared/errors";
import type { ListQuery } from "../lib/list-query";
import type { RequestCtx } from "../lib/request-ctx";
import { rowScopeOf } from "../lib/row-scope";
import { inWorkspace } from "../lib/tenant";
import type { FieldDef, Resource, ResourceRegistry } from "./types";

const PAGING = new Set(["_start", "_end", "_sort", "_order"]);
/** `_null=true` is "has no value" (a case with no stage), `_null=false` "has one". */
const OPERATORS = ["_like", "_gte", "_lte", "_ne", "_null"] as const;
type Operator = "eq" | (typeof OPERATORS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SYSTEM_SORT = ["createdAt", "updatedAt", "id"];

const bad = () => new AppError(400, "errors.badRequest");

/** A filter value its field cannot hold: 400 naming the parameter, as ajv answers for other lists. */
const badValue = (param: string, message: string) =>
  new AppError(400, "errors.validation", { fields: [{ field: param, message }] });

/** A plain decimal, as the SPA's number range sends it: no "1,5", "1e5", "0x10" or blanks. */
const DECIMAL = /^-?\d{1,20}(\.\d{1,10})?$/;
/** Integer columns are int4: a bigger bound is refused here, not by PostgreSQL as a 500. */
const INT4_MAX = 2_147_483_647;

const split = (param: string): [string, Operator] => {
  for (const op of OPERATORS) if (param.endsWith(op)) return [param.slice(0, -op.length), op];
  return [param, "eq"];
};

const likeOf = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type ValueKind = "number" | "integer" | "boolean" | "date" | "date-time" | "uuid" | "text";

/**
 * What a filter value must be, from the column's SQL type when the field has a column (a computed
 * amount is numeric even where its schema only says "string"), else from the schema.
 */
const valueKindOf = (field: FieldDef | undefined): ValueKind => {
  if (!field) return "uuid";
  const sqlType = field.column?.getSQLType().toLowerCase() ?? "";
  const schema = field.kind === "array" ? field.schema.items : field.schema;
  const kind = field.kind === "array" ? schema?.type : field.kind;
  if (/^(integer|smallint|bigint|serial)/.test(sqlType) || kind === "integer") return "integer";
  if (/^(numeric|decimal|real|double)/.test(sqlType) || kind === "number" || schema?.["x-decimal"])
    return "number";
  if (sqlType === "boolean" || kind === "boolean") return "boolean";
  if (sqlType.startsWith("timestamp") || field.isDateTime) return "date-time";
  if (sqlType === "date" || field.isDate) return "date";
  if (sqlType === "uuid" || schema?.format === "uuid") return "uuid";
  return "text";
};

/** A query value in the field's own type: bad input is a 400 naming the parameter, never a database error. */
const typed = (field: FieldDef | undefined, param: string, raw: string): unknown => {
  switch (valueKindOf(field)) {
    case "integer":
      if (!DECIMAL.test(raw)) throw badValue(param, "validation.notANumber");
      if (!Number.isInteger(Number(raw)) || Math.abs(Number(raw)) > INT4_MAX)
        throw badValue(param, "validation.notAnInteger");
      return Number(raw);
    case "number":
      // Money and other decimals kept as strings compare as numbers, so they must be numbers.
      if (!DECIMAL.test(raw)) throw badValue(param, "validation.notANumber");
      return field?.kind === "number" ? Number(raw) : raw;
    case "boolean":
      if (raw !== "true" && raw !== "false") throw badValue(param, "validation.notABoolean");
      return raw === "true";
    case "uuid":
      if (!UUID.test(raw)) throw badValue(param, "validation.formats.uuid");
      return raw;
    case "date":
      if (!isCalendarDate(raw)) throw badValue(param, "validation.formats.date");
      return raw;
    case "date-time":
      // A day alone means its midnight (UTC), as it always has for these filters.
      if (!isCalendarDateTime(raw) && !isCalendarDate(raw))
        throw badValue(param, "validation.formats.date-time");
      return field?.column ? new Date(raw) : raw;
    default:
      return raw;
  }
};

/**
 * A custom (jsonb) field as an SQL expression of its type, so `_gte` on numbers compares numbers.
 * A decimal kept as a string is cast only when it reads as one, so no stored text can fail the query.
 */
const customExpr = (res: Resource, field: FieldDef): SQL => {
  const text = sql`(${res.binding.table.custom} ->> ${field.key})`;
  if (field.kind === "number" || field.kind === "integer") return sql`${text}::numeric`;
  if (field.schema["x-decimal"])
    return sql`(case when ${text} ~ '^-?[0-9]+(\.[0-9]+)?$' then ${text}::numeric end)`;
  return text;
};

const arrayCondition = (res: Resource, field: FieldDef, values: unknown[]): SQL => {
  const list = sql`array[${sql.join(
    values.map((v) => sql`${String(v)}`),
    sql`, `,
  )}]::text[]`;
  if (field.column)
    return values.length === 1 ? sql`${field.column} @> ${list}` : sql`${field.column} && ${list}`;
  return sql`(${res.binding.table.custom} -> ${field.key}) ?| ${list}`;
};

/** The resource a reference field points at (`x-options.source: "resource:cases"`), if any. */
export const referencedResource = (field: FieldDef | undefined) => {
  const source = field?.options?.source ?? "";
  return source.startsWith("resource:") ? source.slice("resource:".length) : undefined;
};

/**
 * `caseId.departmentId=<id>`: the rows whose referenced record passes a filter of its own list,
 * so a bill list can show one department's bills without a column of its own for it. The
 * referenced rows are those the caller may read there, and one step only (no `a.b.c`).
 */
const relationCondition = (
  ctx: RequestCtx,
  res: Resource,
  param: string,
  values: string[],
  registry: ResourceRegistry | undefined,
): SQL => {
  const dot = param.indexOf(".");
  const field = res.byKey.get(param.slice(0, dot));
  const name = referencedResource(field);
  const target = name ? registry?.get(name) : undefined;
  const rest = param.slice(dot + 1);
  if (!field?.column || !target || rest.includes(".")) throw bad();
  const table = target.binding.table;
  const rows = rowScopeOf(ctx, "read", target.subject, getTableName(table));
  const where = inWorkspace(
    ctx,
    table,
    target.binding.scope,
    rows,
    condition(ctx, target, rest, values, undefined),
  );
  return sql`${field.column} in (select ${table.id} from ${table} where ${where})`;
};

const condition = (
  ctx: RequestCtx,
  res: Resource,
  param: string,
  rawValues: string[],
  registry: ResourceRegistry | undefined,
): SQL | undefined => {
  if (param.includes(".")) return relationCondition(ctx, res, param, rawValues, registry);
  const [key, op] = split(param);
  const field = res.byKey.get(key);
  if (!field && key !== "id") throw bad();
  // A custom field is an SQL expression; drizzle's operators accept it wherever a column goes.
  const target = (
    field ? (field.column ?? customExpr(res, field)) : res.binding.table.id
  ) as PgColumn;
  if (op === "_null") {
    if (field?.kind === "array" || field?.kind === "object") throw bad();
    if (rawValues[0] !== "true" && rawValues[0] !== "false")
      throw badValue(param, "validation.notABoolean");
    return rawValues[0] === "true" ? isNull(target) : isNotNull(target);
  }
  if (op === "_like" && field?.kind !== "array") {
    if (field?.kind === "object") throw bad();
    // A text search, not a value: a number, date or id is searched as the text it reads as.
    const isText = valueKindOf(field) === "text";
    return ilike(isText ? target : sql`${target}::text`, likeOf(rawValues[0]));
  }
  const values = rawValues.map((v) => typed(field, param, v));
  if (field?.kind === "array") {
    // Lists of objects (related parties) are shown, not filtered.
    if (field.schema.items?.type !== "string") throw bad();
    if (op === "eq") return arrayCondition(res, field, values);
    if (op === "_ne") return sql`not (${arrayCondition(res, field, values)})`;
    if (op === "_like")
      return sql`array_to_string(${field.column ?? sql`array(select jsonb_array_elements_text(${res.binding.table.custom} -> ${field.key}))`}, ' ') ilike ${likeOf(String(values[0]))}`;
    throw bad();
  }
  if (field?.kind === "object") throw bad();
  switch (op) {
    case "eq":
      return values.length === 1 ? eq(target, values[0]) : inArray(target, values);
    case "_ne":
      return or(ne(target, values[0]), isNull(target));
    case "_gte":
      return gte(target, values[0]);
    case "_lte":
      return lte(target, values[0]);
  }
};

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .filter((v) => v !== undefined && v !== null && v !== "")
    .map(String);

/**
 * The WHERE of a list: the firm, the resource's own scope, the caller's "own"/"department" rows
 * and every simple-rest filter; the registry resolves filters through a reference (`caseId.…`).
 */
export const whereOf = (
  ctx: RequestCtx,
  res: Resource,
  q: ListQuery,
  registry?: ResourceRegistry,
): SQL => {
  const rows = rowScopeOf(ctx, "read", res.subject, getTableName(res.binding.table));
  const conditions: (SQL | undefined)[] = [res.binding.scope, rows];
  for (const [param, value] of Object.entries(q)) {
    if (PAGING.has(param)) continue;
    const values = strings(value);
    if (values.length === 0) continue;
    conditions.push(condition(ctx, res, param, values, registry));
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
    const target = field
      ? (field.column ?? customExpr(res, field))
      : (res.columns[key] as PgColumn);
    return (orders[i] ?? orders[0] ?? "asc").toLowerCase() === "desc" ? desc(target) : asc(target);
  });
  if (fields.length === 0) out.push(desc(table.createdAt));
  // The tie-breaker runs the same way as the first sort, so an index on (…, sort column, id) can
  // serve the whole ORDER BY and a page is read without sorting every match.
  const first = (orders[0] ?? (fields.length ? "asc" : "desc")).toLowerCase();
  out.push(first === "desc" ? desc(table.id) : asc(table.id));
  return out;
};
