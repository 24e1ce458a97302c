import { asc, count, eq, ne, sql, type SQL } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { members, savedFilters } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

/** A member keeps at most this many saved member filters. */
export const MAX_SAVED_FILTERS = 10;

export type FilterInput = { name: string; filter: Record<string, unknown> };
export type FilterPatch = Partial<FilterInput> & { version: number };

type SavedFilter = typeof savedFilters.$inferSelect;

const mine = (ctx: RequestCtx, ...more: (SQL | undefined)[]) =>
  inWorkspace(ctx, savedFilters, eq(savedFilters.ownerId, ctx.userId), ...more);

export const findFilters = (ctx: RequestCtx) =>
  ctx.db
    .select()
    .from(savedFilters)
    .where(mine(ctx))
    .orderBy(asc(savedFilters.createdAt), asc(savedFilters.name));

const loadFilter = async (ctx: RequestCtx, id: string): Promise<SavedFilter> => {
  const [row] = await ctx.db
    .select()
    .from(savedFilters)
    .where(mine(ctx, eq(savedFilters.id, id)));
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

export const getFilter = loadFilter;

const assertNameFree = async (ctx: RequestCtx, name: string, except?: string) => {
  const [taken] = await ctx.db
    .select({ id: savedFilters.id })
    .from(savedFilters)
    .where(
      mine(ctx, eq(savedFilters.name, name), except ? ne(savedFilters.id, except) : undefined),
    );
  if (taken) throw new AppError(409, "errors.savedFilterNameTaken", { params: { name } });
};

export const createFilter = (ctx: RequestCtx, input: FilterInput) =>
  ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    // Locking the member's own row makes two saves at once count one after the other.
    await tx.execute(
      sql`select 1 from ${members} where ${inWorkspace(ctx, members, eq(members.userId, ctx.userId))} for update`,
    );
    const [{ n }] = await tx.select({ n: count() }).from(savedFilters).where(mine(ctx));
    if (n >= MAX_SAVED_FILTERS)
      throw new AppError(400, "errors.savedFilterLimit", { params: { max: MAX_SAVED_FILTERS } });
    await assertNameFree(tctx, input.name);
    const [row] = await tx
      .insert(savedFilters)
      .values({
        workspaceId: ctx.workspaceId,
        ownerId: ctx.userId,
        name: input.name,
        filter: input.filter,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "saved_filters",
      entityId: row.id,
      after: row,
    });
    return row;
  });

export const updateFilter = (ctx: RequestCtx, id: string, patch: FilterPatch) =>
  ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    const before = await loadFilter(tctx, id);
    if (patch.name !== undefined) await assertNameFree(tctx, patch.name, id);
    const set: Partial<SavedFilter> = {
      version: patch.version + 1,
      updatedBy: ctx.userId,
      updatedAt: new Date(),
    };
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.filter !== undefined) set.filter = patch.filter;
    const [after] = await tx
      .update(savedFilters)
      .set(set)
      .where(mine(ctx, eq(savedFilters.id, id), eq(savedFilters.version, patch.version)))
      .returning();
    if (!after) throw new AppError(409, "errors.staleVersion");
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "saved_filters",
      entityId: id,
      before,
      after,
    });
    return after;
  });

export const deleteFilter = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const before = await loadFilter({ ...ctx, db: tx }, id);
    await tx.delete(savedFilters).where(mine(ctx, eq(savedFilters.id, id)));
    await writeAudit(tx, ctx, { action: "delete", entity: "saved_filters", entityId: id, before });
    return { id };
  });
