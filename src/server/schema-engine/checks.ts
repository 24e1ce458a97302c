import { and, eq, getTableName, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";

import { AppError, type FieldError } from "../../shared/errors";
import {
  issueField,
  issueMessage,
  type OptionItem,
  type SchemaIssue,
} from "../../shared/schema-vocabulary";
import { departments, dictionaryItems, dictionaryTypes, files, members } from "../db/tables";
import { translatorFor } from "../lib/i18n";
import type { RequestCtx } from "../lib/request-ctx";
import { rowScopeOf } from "../lib/row-scope";
import { inWorkspace } from "../lib/tenant";
import type { FieldDef, Resource, ResourceRegistry } from "./types";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const listOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/** Translated field errors of one record, in the caller's language. */
export const schemaErrors = (
  res: Resource,
  values: Record<string, unknown>,
  lang: string,
): FieldError[] => {
  if (res.validate(values)) return [];
  const t = translatorFor(lang);
  const out: FieldError[] = [];
  for (const issue of (res.validate.errors ?? []) as SchemaIssue[]) {
    const message = issueMessage(issue);
    if (!message) continue;
    const field = issueField(issue);
    if (out.some((e) => e.field === field)) continue;
    out.push({ field, message: t(message.key, message.params) });
  }
  return out;
};

export const fieldError = (
  field: string,
  key: string,
  lang: string,
  params?: Record<string, unknown>,
): FieldError => ({
  field,
  message: translatorFor(lang)(key, params),
});

export const failValidation = (fields: FieldError[]) => {
  if (fields.length > 0) throw new AppError(422, "errors.validation", { fields });
};

const flatten = (items: OptionItem[]): string[] =>
  items.flatMap((i) => [i.value, ...flatten(i.children ?? [])]);

/** Codes a dictionary offers, fetched once per check run. */
export type OptionCache = Map<string, Set<string>>;

const dictCodes = async (ctx: RequestCtx, code: string, cache: OptionCache) => {
  const cached = cache.get(code);
  if (cached) return cached;
  const rows = await ctx.db
    .select({ code: dictionaryItems.code })
    .from(dictionaryItems)
    .innerJoin(
      dictionaryTypes,
      and(
        eq(dictionaryTypes.workspaceId, dictionaryItems.workspaceId),
        eq(dictionaryTypes.id, dictionaryItems.typeId),
      ),
    )
    .where(inWorkspace(ctx, dictionaryItems, eq(dictionaryTypes.code, code)));
  const set = new Set(rows.map((r) => r.code));
  cache.set(code, set);
  return set;
};

/** Values of select fields must be choices the field offers (a dictionary code or an inline item). */
export const optionErrors = async (
  ctx: RequestCtx,
  res: Resource,
  values: Record<string, unknown>,
  cache: OptionCache,
) => {
  const out: FieldError[] = [];
  for (const field of res.fields) {
    const options = field.options;
    const given = listOf(values[field.key]);
    if (!options || given.length === 0) continue;
    let allowed: Set<string> | undefined;
    if (options.items) allowed = new Set(flatten(options.items));
    else if (options.source?.startsWith("dict:"))
      allowed = await dictCodes(ctx, options.source.slice(5), cache);
    if (allowed && !given.every((v) => typeof v === "string" && allowed.has(v))) {
      out.push(fieldError(field.key, "validation.enum", ctx.lang));
    }
  }
  return out;
};

const existing = async (
  ctx: RequestCtx,
  field: FieldDef,
  ids: string[],
  registry: ResourceRegistry,
) => {
  const source = field.options?.source ?? "";
  // A partner is checked as a member: a case keeps its partner after the role loses the flag.
  if (source === "users" || source === "partners") {
    const rows = await ctx.db
      .select({ id: members.userId })
      .from(members)
      .where(inWorkspace(ctx, members, inArray(members.userId, ids)));
    return { found: new Set(rows.map((r) => r.id)), key: "errors.memberNotFound" };
  }
  if (source === "departments") {
    const rows = await ctx.db
      .select({ id: departments.id })
      .from(departments)
      .where(inWorkspace(ctx, departments, inArray(departments.id, ids)));
    return { found: new Set(rows.map((r) => r.id)), key: "errors.departmentNotFound" };
  }
  const target = source.startsWith("resource:") ? registry.get(source.slice(9)) : undefined;
  if (!target) return undefined;
  const table = target.binding.table;
  // A record the caller may not read (another member's case under "only own") is as absent as
  // another firm's: a time entry cannot be booked on it.
  const readable = rowScopeOf(ctx, "read", target.subject, getTableName(table));
  const rows = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(inWorkspace(ctx, table, inArray(table.id, ids), target.binding.scope, readable));
  return { found: new Set(rows.map((r) => String(r.id))), key: "errors.notFound" };
};

/**
 * Ids that name members, departments or other records must be this firm's. Checked before the
 * schema, like the `:id` guard: another firm's id answers 404, so probing learns nothing.
 */
export const assertReferences = async (
  ctx: RequestCtx,
  res: Resource,
  values: Record<string, unknown>,
  registry: ResourceRegistry,
) => {
  await assertFileFields(ctx, res, values);
  for (const field of res.fields) {
    const ids = listOf(values[field.key]).filter(
      (v): v is string => typeof v === "string" && UUID.test(v),
    );
    if (ids.length === 0 || !field.options?.source || field.options.source.startsWith("dict:"))
      continue;
    const result = await existing(ctx, field, [...new Set(ids)], registry);
    if (result && ids.some((id) => !result.found.has(id))) throw new AppError(404, result.key);
  }
};

const isFileField = (field: FieldDef) => field.schema["x-ui"]?.["ui:widget"] === "attachments";

/**
 * Attachment fields must name live files of this firm. Checked with the other references, so a
 * submission kept for approval is refused now, not when its last approver accepts and the record
 * (which attaches and locks them) is finally written: the same check runs at both moments.
 */
const assertFileFields = async (
  ctx: RequestCtx,
  res: Resource,
  values: Record<string, unknown>,
) => {
  const ids = new Set<string>();
  for (const field of res.fields.filter(isFileField)) {
    for (const v of listOf(values[field.key])) if (typeof v === "string") ids.add(v);
  }
  if (ids.size === 0) return;
  const wanted = [...ids];
  // A malformed id is a schema error, reported with the field; only well-formed ones are looked up.
  const lookedUp = wanted.filter((id) => UUID.test(id));
  const found =
    lookedUp.length === 0
      ? []
      : await ctx.db
          .select({ id: files.id })
          .from(files)
          .where(inWorkspace(ctx, files, inArray(files.id, lookedUp), isNull(files.deletedAt)));
  if (found.length !== lookedUp.length) throw new AppError(404, "errors.documents.fileNotFound");
};

/** `x-unique` fields: another record of the firm holding the same value is a "duplicate value". */
export const uniqueErrors = async (
  ctx: RequestCtx,
  res: Resource,
  values: Record<string, unknown>,
  selfId?: string,
) => {
  const out: FieldError[] = [];
  const table = res.binding.table;
  for (const field of res.fields) {
    const value = values[field.key];
    if (!field.isUnique || value === undefined) continue;
    const target: SQL = field.column
      ? eq(field.column, value)
      : sql`${table.custom} ->> ${field.key} = ${String(value)}`;
    const [hit] = await ctx.db
      .select({ id: table.id })
      .from(table)
      .where(
        inWorkspace(
          ctx,
          table,
          target,
          res.binding.scope,
          selfId ? ne(table.id, selfId) : undefined,
        ),
      )
      .limit(1);
    if (hit) out.push(fieldError(field.key, "validation.duplicate", ctx.lang));
  }
  return out;
};
