import { and, eq, getTableName } from "drizzle-orm";

import type { OptionItem } from "../../shared/schema-vocabulary";
import { departments, dictionaryItems, dictionaryTypes, members, users } from "../db/tables";
import { translatorFor } from "../lib/i18n";
import type { RequestCtx } from "../lib/request-ctx";
import { rowScopeOf } from "../lib/row-scope";
import { inWorkspace } from "../lib/tenant";
import type { FieldDef, RecordRow, Resource, ResourceRegistry } from "./types";
import { fromStorage } from "./records";

/** Both directions of one select field's choices: stored value to shown label and back. */
export type LabelMap = { toLabel: Map<string, string>; toValue: Map<string, string> };

const LANGS = ["zh-CN", "en"] as const;

const flatten = (items: OptionItem[]): OptionItem[] =>
  items.flatMap((i) => [i, ...flatten(i.children ?? [])]);

/**
 * A parent record by readable keys: its unique fields (a client's credit code or ID number) first,
 * then its name when no other readable record has the same one. Only records the caller may read.
 */
const parentPairs = async (ctx: RequestCtx, target: Resource): Promise<[string, string[]][]> => {
  const table = target.binding.table;
  const readable = rowScopeOf(ctx, "read", target.subject, getTableName(table));
  const rows = (
    await ctx.db
      .select()
      .from(table)
      .where(inWorkspace(ctx, table, target.binding.scope, readable))
  ).map((r) => fromStorage(r as RecordRow));
  const keys = target.fields.filter((f) => f.isUnique).map((f) => f.key);
  const names = new Map<string, number>();
  for (const r of rows)
    if (typeof r.name === "string") names.set(r.name, (names.get(r.name) ?? 0) + 1);
  return rows.map((r) => {
    const unique = keys
      .map((k) => r[k])
      .filter((v): v is string => typeof v === "string" && v !== "");
    const name = typeof r.name === "string" && names.get(r.name) === 1 ? [r.name] : [];
    return [String(r.id), [...unique, ...name]];
  });
};

/** A hidden field naming the record this one belongs to (an employee's client): imported by a readable key. */
export const isParentKey = (field: FieldDef) =>
  field.schema["x-ui"]?.["ui:widget"] === "hidden" &&
  (field.options?.source ?? "").startsWith("resource:");

const pairsOf = async (
  ctx: RequestCtx,
  field: FieldDef,
  registry?: ResourceRegistry,
): Promise<[value: string, labels: string[]][]> => {
  const options = field.options;
  if (options?.items) {
    return flatten(options.items).map((i) => [
      i.value,
      [ctx.lang, ...LANGS].map((l) => translatorFor(l)(i.label)),
    ]);
  }
  const source = options?.source ?? "";
  if (source.startsWith("dict:")) {
    const rows = await ctx.db
      .select({
        code: dictionaryItems.code,
        zh: dictionaryItems.labelZh,
        en: dictionaryItems.labelEn,
      })
      .from(dictionaryItems)
      .innerJoin(
        dictionaryTypes,
        and(
          eq(dictionaryTypes.workspaceId, dictionaryItems.workspaceId),
          eq(dictionaryTypes.id, dictionaryItems.typeId),
        ),
      )
      .where(inWorkspace(ctx, dictionaryItems, eq(dictionaryTypes.code, source.slice(5))));
    return rows.map((r) => [
      r.code,
      ctx.lang === "en" && r.en ? [r.en, r.zh] : [r.zh, r.en].filter(Boolean),
    ]);
  }
  if (source === "users" || source === "partners") {
    const rows = await ctx.db
      .select({ id: users.id, name: users.name, username: users.username })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(inWorkspace(ctx, members));
    return rows.map((r) => [r.id, [r.name, r.username]]);
  }
  if (source === "departments") {
    const rows = await ctx.db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(inWorkspace(ctx, departments));
    return rows.map((r) => [r.id, [r.name]]);
  }
  const parent = source.startsWith("resource:") ? registry?.get(source.slice(9)) : undefined;
  if (parent) return parentPairs(ctx, parent);
  if (field.schema.enum) return field.schema.enum.map((v) => [String(v), [String(v)]]);
  return [];
};

/** Label maps of every select field, loaded once per import or export. */
export const loadLabels = async (ctx: RequestCtx, res: Resource, registry?: ResourceRegistry) => {
  const out = new Map<string, LabelMap>();
  for (const field of res.fields) {
    if (!field.options && !field.schema.enum) continue;
    const toLabel = new Map<string, string>();
    const toValue = new Map<string, string>();
    if (!registry && (field.options?.source ?? "").startsWith("resource:")) continue;
    for (const [value, labels] of await pairsOf(ctx, field, registry)) {
      toLabel.set(value, labels[0] ?? value);
      for (const label of [value, ...labels])
        if (label && !toValue.has(label)) toValue.set(label, value);
    }
    out.set(field.key, { toLabel, toValue });
  }
  return out;
};

/** The header of a field's column: its label in the caller's language. */
export const headerOf = (ctx: RequestCtx, field: FieldDef) =>
  field.label
    ? translatorFor(ctx.lang)(field.label, { defaultValue: field.schema.title ?? field.key })
    : (field.schema.title ?? field.key);

/** Every header a column of this field may carry (either language, the English title or the key). */
export const headerAliases = (field: FieldDef) =>
  [
    field.key,
    field.schema.title ?? "",
    ...(field.label ? LANGS.map((l) => translatorFor(l)(field.label, { defaultValue: "" })) : []),
  ].filter(Boolean);

/** The export's last column: the record's id, so a file exported and edited updates those very records. */
export const RECORD_ID_KEY = "schemaUi.import.recordId";
export const recordIdHeader = (ctx: RequestCtx) => translatorFor(ctx.lang)(RECORD_ID_KEY);
export const recordIdAliases = () =>
  new Set(["id", "ID", ...LANGS.map((l) => translatorFor(l)(RECORD_ID_KEY))]);

/** A list of objects (a case's parties, a template's items) travels as one JSON cell. */
export const isObjectList = (field: FieldDef) =>
  field.kind === "array" &&
  (field.schema.items as { type?: string } | undefined)?.type === "object";
