import { asc, count, eq, ilike, or } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { dictionaryItems, dictionaryTypes } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { type ListQuery, orderOf, pageOf, pageWithTotal } from "../../lib/list-query";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import type { DictionaryUsageRegistry } from "./usage";

export type TypeInput = { code: string; nameZh: string; nameEn?: string; sortOrder?: number };
export type TypePatch = Partial<Omit<TypeInput, "code">> & { version: number };
export type ItemInput = {
  typeId: string;
  code: string;
  labelZh: string;
  labelEn?: string;
  sortOrder?: number;
  isEnabled?: boolean;
  attributes?: Record<string, unknown>;
};
export type ItemPatch = Partial<Omit<ItemInput, "typeId" | "code">> & { version: number };

type DictType = typeof dictionaryTypes.$inferSelect;
type DictItem = typeof dictionaryItems.$inferSelect;

const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const labelOf = (ctx: RequestCtx, zh: string, en: string) => (ctx.lang === "en" && en ? en : zh);

export const findTypes = async (ctx: RequestCtx) => {
  const [rows, counts] = await Promise.all([
    ctx.db
      .select()
      .from(dictionaryTypes)
      .where(inWorkspace(ctx, dictionaryTypes))
      .orderBy(asc(dictionaryTypes.sortOrder), asc(dictionaryTypes.code)),
    ctx.db
      .select({ id: dictionaryItems.typeId, n: count() })
      .from(dictionaryItems)
      .where(inWorkspace(ctx, dictionaryItems))
      .groupBy(dictionaryItems.typeId),
  ]);
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((r) => ({
    ...r,
    name: labelOf(ctx, r.nameZh, r.nameEn),
    itemCount: byId.get(r.id) ?? 0,
  }));
};

const loadType = async (ctx: RequestCtx, id: string): Promise<DictType> => {
  const [row] = await ctx.db
    .select()
    .from(dictionaryTypes)
    .where(inWorkspace(ctx, dictionaryTypes, eq(dictionaryTypes.id, id)));
  if (!row) throw new AppError(404, "errors.dictionaryTypeNotFound");
  return row;
};

export const getType = async (ctx: RequestCtx, id: string) => {
  const row = await loadType(ctx, id);
  return { ...row, name: labelOf(ctx, row.nameZh, row.nameEn) };
};

export const createType = (ctx: RequestCtx, input: TypeInput) =>
  ctx.db.transaction(async (tx) => {
    const [taken] = await tx
      .select()
      .from(dictionaryTypes)
      .where(inWorkspace(ctx, dictionaryTypes, eq(dictionaryTypes.code, input.code)));
    if (taken)
      throw new AppError(409, "errors.dictionaryCodeTaken", { params: { code: input.code } });
    const [row] = await tx
      .insert(dictionaryTypes)
      .values({
        ...input,
        nameEn: input.nameEn ?? "",
        workspaceId: ctx.workspaceId,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "dictionary_types",
      entityId: row.id,
      after: row,
    });
    return getType(withDb(ctx, tx), row.id);
  });

export const updateType = (ctx: RequestCtx, id: string, patch: TypePatch) =>
  ctx.db.transaction(async (tx) => {
    const before = await loadType(withDb(ctx, tx), id);
    const { version, ...set } = patch;
    const [after] = await tx
      .update(dictionaryTypes)
      .set({ ...set, version: version + 1, updatedBy: ctx.userId, updatedAt: new Date() })
      .where(
        inWorkspace(
          ctx,
          dictionaryTypes,
          eq(dictionaryTypes.id, id),
          eq(dictionaryTypes.version, version),
        ),
      )
      .returning();
    if (!after) throw new AppError(409, "errors.staleVersion");
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "dictionary_types",
      entityId: id,
      before,
      after,
    });
    return getType(withDb(ctx, tx), id);
  });

const assertUnused = async (
  ctx: RequestCtx,
  usage: DictionaryUsageRegistry,
  type: DictType,
  items: DictItem[],
) => {
  for (const item of items) {
    if (await usage.isUsed(ctx, { typeCode: type.code, code: item.code, id: item.id })) {
      throw new AppError(409, "errors.dictionaryItemInUse", {
        params: { label: labelOf(ctx, item.labelZh, item.labelEn) },
      });
    }
  }
};

/** The standard types stay (other features read them); a custom type goes with its unused items. */
export const deleteType = (ctx: RequestCtx, usage: DictionaryUsageRegistry, id: string) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const before = await loadType(tctx, id);
    if (before.isSystem) throw new AppError(409, "errors.dictionaryTypeSystem");
    const items = await tx
      .select()
      .from(dictionaryItems)
      .where(inWorkspace(ctx, dictionaryItems, eq(dictionaryItems.typeId, id)));
    await assertUnused(tctx, usage, before, items);
    await tx
      .delete(dictionaryTypes)
      .where(inWorkspace(ctx, dictionaryTypes, eq(dictionaryTypes.id, id)));
    await writeAudit(tx, ctx, {
      action: "delete",
      entity: "dictionary_types",
      entityId: id,
      before,
    });
    return { id };
  });

const isTrue = (v: unknown) => v === true || v === "true";
const isFalse = (v: unknown) => v === false || v === "false";

/** What the item list sorts by (the route's `_sort` accepts exactly these keys). */
export const ITEM_SORT = {
  sortOrder: dictionaryItems.sortOrder,
  code: dictionaryItems.code,
  labelZh: dictionaryItems.labelZh,
  labelEn: dictionaryItems.labelEn,
};

export const findItems = async (ctx: RequestCtx, q: ListQuery) => {
  const filters = [];
  if (typeof q.typeId === "string" && q.typeId) filters.push(eq(dictionaryItems.typeId, q.typeId));
  const text = q.q ?? q.label_like;
  if (typeof text === "string" && text.trim()) {
    const p = like(text.trim());
    filters.push(
      or(
        ilike(dictionaryItems.code, p),
        ilike(dictionaryItems.labelZh, p),
        ilike(dictionaryItems.labelEn, p),
      ),
    );
  }
  if (isTrue(q.isEnabled)) filters.push(eq(dictionaryItems.isEnabled, true));
  if (isFalse(q.isEnabled)) filters.push(eq(dictionaryItems.isEnabled, false));
  const where = inWorkspace(ctx, dictionaryItems, ...filters);
  const { offset, limit } = pageOf(q);
  const order = orderOf(q, ITEM_SORT, asc(dictionaryItems.sortOrder));
  const { rows, total } = await pageWithTotal(
    ctx.db
      .select()
      .from(dictionaryItems)
      .where(where)
      .orderBy(order, asc(dictionaryItems.code))
      .limit(limit)
      .offset(offset),
    () => ctx.db.select({ total: count() }).from(dictionaryItems).where(where),
    { offset, limit },
  );
  return { rows: rows.map((r) => ({ ...r, label: labelOf(ctx, r.labelZh, r.labelEn) })), total };
};

const loadItem = async (ctx: RequestCtx, id: string): Promise<DictItem> => {
  const [row] = await ctx.db
    .select()
    .from(dictionaryItems)
    .where(inWorkspace(ctx, dictionaryItems, eq(dictionaryItems.id, id)));
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

export const getItem = async (ctx: RequestCtx, id: string) => {
  const row = await loadItem(ctx, id);
  return { ...row, label: labelOf(ctx, row.labelZh, row.labelEn) };
};

export const createItem = (ctx: RequestCtx, input: ItemInput) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    await loadType(tctx, input.typeId);
    const siblings = await tx
      .select()
      .from(dictionaryItems)
      .where(inWorkspace(ctx, dictionaryItems, eq(dictionaryItems.typeId, input.typeId)));
    if (siblings.some((s) => s.code === input.code)) {
      throw new AppError(409, "errors.dictionaryCodeTaken", { params: { code: input.code } });
    }
    const sortOrder =
      input.sortOrder ??
      (siblings.length === 0 ? 0 : Math.max(...siblings.map((s) => s.sortOrder)) + 1);
    const [row] = await tx
      .insert(dictionaryItems)
      .values({
        ...input,
        labelEn: input.labelEn ?? "",
        sortOrder,
        workspaceId: ctx.workspaceId,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "dictionary_items",
      entityId: row.id,
      after: row,
    });
    return getItem(tctx, row.id);
  });

export const updateItem = (ctx: RequestCtx, id: string, patch: ItemPatch) =>
  ctx.db.transaction(async (tx) => {
    const before = await loadItem(withDb(ctx, tx), id);
    const { version, ...set } = patch;
    const [after] = await tx
      .update(dictionaryItems)
      .set({ ...set, version: version + 1, updatedBy: ctx.userId, updatedAt: new Date() })
      .where(
        inWorkspace(
          ctx,
          dictionaryItems,
          eq(dictionaryItems.id, id),
          eq(dictionaryItems.version, version),
        ),
      )
      .returning();
    if (!after) throw new AppError(409, "errors.staleVersion");
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "dictionary_items",
      entityId: id,
      before,
      after,
    });
    return getItem(withDb(ctx, tx), id);
  });

/** An item that records still use can be disabled (hidden from new entries) but not deleted. */
export const deleteItem = (ctx: RequestCtx, usage: DictionaryUsageRegistry, id: string) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const before = await loadItem(tctx, id);
    await assertUnused(tctx, usage, await loadType(tctx, before.typeId), [before]);
    await tx
      .delete(dictionaryItems)
      .where(inWorkspace(ctx, dictionaryItems, eq(dictionaryItems.id, id)));
    await writeAudit(tx, ctx, {
      action: "delete",
      entity: "dictionary_items",
      entityId: id,
      before,
    });
    return { id };
  });

/** Puts a type's items in the given order (drag and drop on the dictionary page). */
export const reorderItems = (ctx: RequestCtx, input: { typeId: string; ids: string[] }) =>
  ctx.db.transaction(async (tx) => {
    await loadType(withDb(ctx, tx), input.typeId);
    const rows = await tx
      .select()
      .from(dictionaryItems)
      .where(inWorkspace(ctx, dictionaryItems, eq(dictionaryItems.typeId, input.typeId)));
    const known = new Set(rows.map((r) => r.id));
    if (input.ids.length !== new Set(input.ids).size || !input.ids.every((id) => known.has(id))) {
      throw new AppError(404, "errors.notFound");
    }
    // Items the client did not list keep their relative order after the listed ones.
    const rest = rows
      .filter((r) => !input.ids.includes(r.id))
      .sort((a, b) => a.sortOrder - b.sortOrder);
    const ordered = [...input.ids, ...rest.map((r) => r.id)];
    for (const [sortOrder, id] of ordered.entries()) {
      await tx
        .update(dictionaryItems)
        .set({ sortOrder })
        .where(inWorkspace(ctx, dictionaryItems, eq(dictionaryItems.id, id)));
    }
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "dictionary_types",
      entityId: input.typeId,
      after: { order: ordered },
    });
    return { typeId: input.typeId, ids: ordered };
  });

/** `x-options: {source: "dict:<code>"}`: choices for forms and filters, labelled in the caller's language. */
export const findOptions = async (ctx: RequestCtx, typeCode: string, onlyEnabled: boolean) => {
  const [type] = await ctx.db
    .select()
    .from(dictionaryTypes)
    .where(inWorkspace(ctx, dictionaryTypes, eq(dictionaryTypes.code, typeCode)));
  if (!type) throw new AppError(404, "errors.dictionaryTypeNotFound");
  const rows = await ctx.db
    .select()
    .from(dictionaryItems)
    .where(
      inWorkspace(
        ctx,
        dictionaryItems,
        eq(dictionaryItems.typeId, type.id),
        onlyEnabled ? eq(dictionaryItems.isEnabled, true) : undefined,
      ),
    )
    .orderBy(asc(dictionaryItems.sortOrder), asc(dictionaryItems.code));
  return rows.map((r) => ({
    value: r.code,
    label: labelOf(ctx, r.labelZh, r.labelEn),
    enabled: r.isEnabled,
  }));
};
