import { count, eq, getTableName, sql, type SQL } from "drizzle-orm";

import { AppError } from "../../shared/errors";
import { writeAudit } from "../lib/audit";
import { type ListQuery, pageOf, pageWithTotal } from "../lib/list-query";
import { type RequestCtx, withDb } from "../lib/request-ctx";
import { rowScopeOf } from "../lib/row-scope";
import { sqlState } from "../lib/sql-state";
import { inWorkspace } from "../lib/tenant";
import {
  assertReferences,
  failValidation,
  fieldError,
  type OptionCache,
  optionErrors,
  schemaErrors,
  uniqueErrors,
} from "./checks";
import { whereOf, orderOf } from "./query";
import { editableOf, fromStorage, toStorage, writableValues } from "./records";
import type { RecordRow, Resource, ResourceRegistry } from "./types";

const entityOf = (res: Resource) => getTableName(res.binding.table);

export const findRecords = async (
  ctx: RequestCtx,
  res: Resource,
  q: ListQuery,
  registry?: ResourceRegistry,
) => {
  const table = res.binding.table;
  const where = whereOf(ctx, res, q, registry);
  const { offset, limit } = pageOf(q);
  const { rows, total } = await pageWithTotal(
    ctx.db
      .select()
      .from(table)
      .where(where)
      .orderBy(...orderOf(res, q))
      .limit(limit)
      .offset(offset),
    () => ctx.db.select({ total: count() }).from(table).where(where),
    { offset, limit },
  );
  return { rows: rows.map((r) => fromStorage(r as RecordRow)), total };
};

export const getRecord = async (ctx: RequestCtx, res: Resource, id: string) => {
  const table = res.binding.table;
  const [row] = await ctx.db
    .select()
    .from(table)
    .where(inWorkspace(ctx, table, eq(table.id, id), res.binding.scope));
  if (!row) throw new AppError(404, "errors.notFound");
  return fromStorage(row as RecordRow);
};

/**
 * A record as its detail page reads it, with what the caller may do to this very row (an "only
 * own" editor sees a colleague's client without edit and delete buttons).
 */
export const viewRecord = async (ctx: RequestCtx, res: Resource, id: string) => {
  const table = res.binding.table;
  const may = (action: "update" | "delete"): SQL<boolean> => {
    if (!ctx.ability.can(action, res.subject)) return sql<boolean>`false`;
    const scope = rowScopeOf(ctx, action, res.subject, entityOf(res));
    return scope ? sql<boolean>`coalesce(${scope}, false)` : sql<boolean>`true`;
  };
  const [found] = await ctx.db
    .select({ row: table, canUpdate: may("update"), canDelete: may("delete") })
    .from(table)
    .where(inWorkspace(ctx, table, eq(table.id, id), res.binding.scope));
  if (!found) throw new AppError(404, "errors.notFound");
  const record = {
    ...fromStorage(found.row as RecordRow),
    permissions: { update: found.canUpdate, delete: found.canDelete },
  };
  return res.binding.withDetail ? res.binding.withDetail(ctx, record) : record;
};

/** Everything a write checks, in order: references (404), schema and choices, then duplicates. */
export const checkValues = async (
  ctx: RequestCtx,
  res: Resource,
  registry: ResourceRegistry,
  values: Record<string, unknown>,
  cache: OptionCache = new Map(),
  selfId?: string,
) => {
  await assertReferences(ctx, res, values, registry);
  const errors = schemaErrors(res, values, ctx.lang);
  const known = new Set(errors.map((e) => e.field));
  for (const e of await optionErrors(ctx, res, values, cache))
    if (!known.has(e.field)) errors.push(e);
  if (errors.length === 0) errors.push(...(await uniqueErrors(ctx, res, values, selfId)));
  return errors;
};

/** A duplicate that slipped past the check (two saves at once) still reads as "duplicate value". */
const onUniqueViolation = (ctx: RequestCtx, res: Resource) => (error: unknown) => {
  if (sqlState(error) !== "23505") throw error;
  const field = res.fields.find((f) => f.isUnique)?.key ?? "body";
  throw new AppError(422, "errors.validation", {
    fields: [fieldError(field, "validation.duplicate", ctx.lang)],
  });
};

export const createRecord = async (
  ctx: RequestCtx,
  res: Resource,
  registry: ResourceRegistry,
  input: Record<string, unknown>,
) => {
  const values = writableValues(res, input);
  failValidation(await checkValues(ctx, res, registry, values));
  const table = res.binding.table;
  return ctx.db
    .transaction(async (tx) => {
      const tctx = withDb(ctx, tx);
      const owned = (await res.binding.beforeInsert?.(tctx, values)) ?? {};
      const [row] = await tx
        .insert(table)
        .values({
          ...toStorage(res, values),
          ...owned,
          ...res.binding.insertValues,
          workspaceId: ctx.workspaceId,
          createdBy: ctx.userId,
          updatedBy: ctx.userId,
        } as never)
        .returning();
      const after = fromStorage(row as RecordRow);
      await res.binding.afterWrite?.(tctx, after, undefined);
      await writeAudit(tx, ctx, {
        action: "create",
        entity: entityOf(res),
        entityId: String(after.id),
        after,
      });
      return after;
    })
    .catch(onUniqueViolation(ctx, res));
};

/**
 * Merges the given fields into the stored record and validates the whole result, so a partial
 * update cannot leave a record the schema would refuse. `version` must be the one the form read.
 */
export const updateRecord = async (
  ctx: RequestCtx,
  res: Resource,
  registry: ResourceRegistry,
  id: string,
  input: Record<string, unknown>,
) => {
  const version = input.version;
  if (typeof version !== "number" || !Number.isInteger(version)) {
    throw new AppError(422, "errors.validation", {
      fields: [fieldError("version", "validation.required", ctx.lang)],
    });
  }
  const redirected = await res.binding.redirectUpdate?.(ctx, registry, id, input);
  if (redirected) return redirected;
  const table = res.binding.table;
  return ctx.db
    .transaction(async (tx) => {
      const tctx = withDb(ctx, tx);
      const before = await getRecord(tctx, res, id);
      await res.binding.beforeChange?.(tctx, before);
      const cleared = Object.keys(input).filter((k) => input[k] === null || input[k] === "");
      const merged = { ...editableOf(res, before), ...input };
      for (const key of cleared) delete merged[key];
      const values = writableValues(res, merged);
      failValidation(await checkValues(tctx, res, registry, values, new Map(), id));
      const owned = (await res.binding.beforeUpdate?.(tctx, before, values)) ?? {};
      const [row] = await tx
        .update(table)
        .set({
          ...toStorage(res, values),
          ...owned,
          version: version + 1,
          updatedBy: ctx.userId,
          updatedAt: new Date(),
        } as never)
        .where(
          inWorkspace(ctx, table, eq(table.id, id), eq(table.version, version), res.binding.scope),
        )
        .returning();
      // Compare-and-set on version: a colleague's save in between must not be overwritten.
      if (!row) throw new AppError(409, "errors.staleVersion");
      const after = fromStorage(row as RecordRow);
      await res.binding.afterWrite?.(tctx, after, before);
      await writeAudit(tx, ctx, {
        action: "update",
        entity: entityOf(res),
        entityId: id,
        before,
        after,
      });
      return after;
    })
    .catch(onUniqueViolation(ctx, res));
};

export const deleteRecord = (ctx: RequestCtx, res: Resource, id: string) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const before = await getRecord(tctx, res, id);
    await res.binding.beforeChange?.(tctx, before);
    await res.binding.beforeDelete?.(tctx, before);
    const table = res.binding.table;
    await tx.delete(table).where(inWorkspace(ctx, table, eq(table.id, id), res.binding.scope));
    await res.binding.afterWrite?.(tctx, undefined, before);
    await writeAudit(tx, ctx, { action: "delete", entity: entityOf(res), entityId: id, before });
    return { id };
  });
