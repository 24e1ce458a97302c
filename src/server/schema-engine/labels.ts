import { and, eq } from "drizzle-orm";

import type { OptionItem } from "../../shared/schema-vocabulary";
import { departments, dictionaryItems, dictionaryTypes, members, users } from "../db/tables";
import { translatorFor } from "../i18n";
import type { RequestCtx } from "../lib/request-ctx";
import { inWorkspace } from "../lib/tenant";
import type { FieldDef, Resource } from "./types";

/** Both directions of one select field's choices: stored value to shown label and back. */
export type LabelMap = { toLabel: Map<string, string>; toValue: Map<string, string> };

const LANGS = ["zh-CN", "en"] as const;

const flatten = (items: OptionItem[]): OptionItem[] => items.flatMap((i) => [i, ...flatten(i.children ?? [])]);

const pairsOf = async (ctx: RequestCtx, field: FieldDef): Promise<[value: string, labels: string[]][]> => {
  const options = field.options;
  if (options?.items) {
    return flatten(options.items).map((i) => [i.value, [ctx.lang, ...LANGS].map((l) => translatorFor(l)(i.label))]);
  }
  const source = options?.source ?? "";
  if (source.startsWith("dict:")) {
    const rows = await ctx.db
      .select({ code: dictionaryItems.code, zh: dictionaryItems.labelZh, en: dictionaryItems.labelEn })
      .from(dictionaryItems)
      .innerJoin(dictionaryTypes, and(eq(dictionaryTypes.workspaceId, dictionaryItems.workspaceId), eq(dictionaryTypes.id, dictionaryItems.typeId)))
      .where(inWorkspace(ctx, dictionaryItems, eq(dictionaryTypes.code, source.slice(5))));
    return rows.map((r) => [r.code, ctx.lang === "en" && r.en ? [r.en, r.zh] : [r.zh, r.en].filter(Boolean)]);
  }
  if (source === "users") {
    const rows = await ctx.db
      .select({ id: users.id, name: users.name, username: users.username })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(inWorkspace(ctx, members));
    return rows.map((r) => [r.id, [r.name, r.username]]);
  }
  if (source === "departments") {
    const rows = await ctx.db.select({ id: departments.id, name: departments.name }).from(departments).where(inWorkspace(ctx, departments));
    return rows.map((r) => [r.id, [r.name]]);
  }
  if (field.schema.enum) return field.schema.enum.map((v) => [String(v), [String(v)]]);
  return [];
};

/** Label maps of every select field, loaded once per import or export. */
export const loadLabels = async (ctx: RequestCtx, res: Resource) => {
  const out = new Map<string, LabelMap>();
  for (const field of res.fields) {
    if (!field.options && !field.schema.enum) continue;
    const toLabel = new Map<string, string>();
    const toValue = new Map<string, string>();
    for (const [value, labels] of await pairsOf(ctx, field)) {
      toLabel.set(value, labels[0] ?? value);
      for (const label of [value, ...labels]) if (label && !toValue.has(label)) toValue.set(label, value);
    }
    out.set(field.key, { toLabel, toValue });
  }
  return out;
};

/** The header of a field's column: its label in the caller's language. */
export const headerOf = (ctx: RequestCtx, field: FieldDef) => translatorFor(ctx.lang)(field.label, { defaultValue: field.schema.title ?? field.key });

/** Every header a column of this field may carry (either language, the English title or the key). */
export const headerAliases = (field: FieldDef) => [
  field.key,
  field.schema.title ?? "",
  ...LANGS.map((l) => translatorFor(l)(field.label, { defaultValue: "" })),
].filter(Boolean);
