import { and, getTableName, inArray, sql, type SQL } from "drizzle-orm";

import type { RequestCtx } from "../lib/request-ctx";
import { rowScopeOf } from "../lib/row-scope";
import { inWorkspace } from "../lib/tenant";
import type { Resource } from "./types";

/** A stored record an import row names by one of the schema's unique keys. */
export type Match = { id: string; version: number; mayUpdate: boolean; field: string };
export type Candidate = { row: number; values: Record<string, unknown>; recordId?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The records rows name by the export's record id column (in this firm and the resource's scope), with whether the importer may update each. */
const storedById = async (ctx: RequestCtx, res: Resource, ids: string[]) => {
  const table = res.binding.table;
  const out = new Map<string, Omit<Match, "field">>();
  const valid = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (valid.length === 0) return out;
  const scope = ctx.ability.can("update", res.subject)
    ? rowScopeOf(ctx, "update", res.subject, getTableName(table))
    : sql`false`;
  const rows = await ctx.db
    .select({
      id: table.id,
      version: table.version,
      may: scope ? sql<boolean>`coalesce(${scope}, false)` : sql<boolean>`true`,
    })
    .from(table)
    .where(inWorkspace(ctx, table, and(res.binding.scope, inArray(table.id, valid))));
  for (const r of rows as { id: unknown; version: unknown; may: unknown }[])
    out.set(String(r.id), {
      id: String(r.id),
      version: Number(r.version),
      mayUpdate: r.may === true,
    });
  return out;
};

/**
 * The stored records the rows name by an `x-unique` field, one query per unique field, with
 * whether the importer may update that very record (permission and row scope, as an edit checks).
 */
const storedByValue = async (ctx: RequestCtx, res: Resource, key: string, values: string[]) => {
  const field = res.byKey.get(key);
  const table = res.binding.table;
  const out = new Map<string, Omit<Match, "field">>();
  if (!field || values.length === 0) return out;
  const target: SQL = field.column ? sql`${field.column}::text` : sql`${table.custom} ->> ${key}`;
  const scope = ctx.ability.can("update", res.subject)
    ? rowScopeOf(ctx, "update", res.subject, getTableName(table))
    : sql`false`;
  const rows = await ctx.db
    .select({
      v: target,
      id: table.id,
      version: table.version,
      may: scope ? sql<boolean>`coalesce(${scope}, false)` : sql<boolean>`true`,
    })
    .from(table)
    .where(inWorkspace(ctx, table, and(res.binding.scope, inArray(target, values))));
  for (const r of rows as { v: unknown; id: unknown; version: unknown; may: unknown }[]) {
    out.set(String(r.v), {
      id: String(r.id),
      version: Number(r.version),
      mayUpdate: r.may === true,
    });
  }
  return out;
};

/**
 * Sorts the checked rows into new ones, ones that name a stored record, and ones that repeat a
 * unique value of an earlier row in the same file (never allowed: which one would win?).
 */
export const matchRows = async (ctx: RequestCtx, res: Resource, rows: Candidate[]) => {
  const matched = new Map<number, Match>();
  const repeated: { row: number; field: string }[] = [];
  const withId = rows.filter((r) => r.recordId);
  const byId = await storedById(
    ctx,
    res,
    withId.map((r) => r.recordId as string),
  );
  const seenIds = new Set<string>();
  for (const r of withId) {
    const hit = byId.get(r.recordId as string);
    // An id of a record deleted since the export (or of no record here) leaves the row new.
    if (!hit) continue;
    if (seenIds.has(hit.id)) repeated.push({ row: r.row, field: "id" });
    else matched.set(r.row, { ...hit, field: "id" });
    seenIds.add(r.recordId as string);
  }
  for (const field of res.fields.filter((f) => f.isUnique)) {
    const given = rows.filter((r) => r.values[field.key] !== undefined);
    const stored = await storedByValue(
      ctx,
      res,
      field.key,
      given.map((r) => String(r.values[field.key])),
    );
    const seen = new Set<string>();
    for (const r of given) {
      const value = String(r.values[field.key]);
      if (seen.has(value)) repeated.push({ row: r.row, field: field.key });
      seen.add(value);
      const hit = stored.get(value);
      const earlier = matched.get(r.row);
      // Two unique keys naming two different records: no single record to update.
      if (hit && earlier && earlier.id !== hit.id) repeated.push({ row: r.row, field: field.key });
      else if (hit && !earlier) matched.set(r.row, { ...hit, field: field.key });
    }
  }
  return { matched, repeated };
};

/** True when the row would change nothing in the stored record (an export imported back as is). */
export const sameAsStored = (values: Record<string, unknown>, stored: Record<string, unknown>) =>
  Object.entries(values).every(([key, value]) => sameValue(value, stored[key]));

/** A sheet's 1000 is the stored numeric "1000.00"; a timestamp cell is the stored Date. */
const sameValue = (a: unknown, b: unknown): boolean => {
  if (b instanceof Date)
    return typeof a === "string" && (a === b.toISOString() || a === b.toISOString().slice(0, 10));
  if (typeof a === "number" || typeof b === "number")
    return b !== null && b !== undefined && b !== "" && Number(a) === Number(b);
  return JSON.stringify(a) === JSON.stringify(b ?? undefined);
};
