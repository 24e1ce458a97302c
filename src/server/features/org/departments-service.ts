import { asc, count, eq, isNull, ne } from "drizzle-orm";

import type { Department as DepartmentView } from "../../../shared/contracts/org";
import { AppError } from "../../../shared/errors";
import { departments, memberDepartments, users } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { assertMembers } from "./references";

export type DepartmentInput = { name: string; parentId?: string | null; managerId?: string | null };
export type DepartmentPatch = { name?: string; managerId?: string | null; version: number };
export type DepartmentMove = { parentId: string | null; index: number; version: number };

type Department = typeof departments.$inferSelect;

/** All departments of the firm, flat, in tree order; the client and the picker build the tree. */
export const findDepartments = async (ctx: RequestCtx): Promise<DepartmentView[]> => {
  const [rows, counts] = await Promise.all([
    ctx.db
      .select({
        id: departments.id,
        parentId: departments.parentId,
        name: departments.name,
        sortOrder: departments.sortOrder,
        managerId: departments.managerId,
        managerName: users.name,
        version: departments.version,
      })
      .from(departments)
      .leftJoin(users, eq(users.id, departments.managerId))
      .where(inWorkspace(ctx, departments))
      .orderBy(asc(departments.sortOrder), asc(departments.name)),
    ctx.db
      .select({ id: memberDepartments.departmentId, n: count() })
      .from(memberDepartments)
      .where(inWorkspace(ctx, memberDepartments))
      .groupBy(memberDepartments.departmentId),
  ]);
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((r) => ({ ...r, memberCount: byId.get(r.id) ?? 0 }));
};

const loadDepartment = async (ctx: RequestCtx, id: string): Promise<Department> => {
  const [row] = await ctx.db
    .select()
    .from(departments)
    .where(inWorkspace(ctx, departments, eq(departments.id, id)));
  if (!row) throw new AppError(404, "errors.departmentNotFound");
  return row;
};

export const getDepartment = async (ctx: RequestCtx, id: string): Promise<DepartmentView> => {
  const all = await findDepartments(ctx);
  const row = all.find((d) => d.id === id);
  if (!row) throw new AppError(404, "errors.departmentNotFound");
  return row;
};

const siblingsOf = (ctx: RequestCtx, parentId: string | null, except?: string) =>
  ctx.db
    .select()
    .from(departments)
    .where(
      inWorkspace(
        ctx,
        departments,
        parentId ? eq(departments.parentId, parentId) : isNull(departments.parentId),
        except ? ne(departments.id, except) : undefined,
      ),
    )
    .orderBy(asc(departments.sortOrder), asc(departments.name));

export const createDepartment = (ctx: RequestCtx, input: DepartmentInput) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const parentId = input.parentId ?? null;
    if (parentId) await loadDepartment(tctx, parentId);
    if (input.managerId) await assertMembers(tctx, [input.managerId], true);
    const siblings = await siblingsOf(tctx, parentId);
    const [row] = await tx
      .insert(departments)
      .values({
        workspaceId: ctx.workspaceId,
        name: input.name,
        parentId,
        managerId: input.managerId ?? null,
        sortOrder: siblings.length === 0 ? 0 : Math.max(...siblings.map((s) => s.sortOrder)) + 1,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "departments",
      entityId: row.id,
      after: row,
    });
    return getDepartment(tctx, row.id);
  });

const saveVersioned = async (
  ctx: RequestCtx,
  before: Department,
  set: Partial<Department>,
  version: number,
) => {
  const [after] = await ctx.db
    .update(departments)
    .set({ ...set, version: version + 1, updatedBy: ctx.userId, updatedAt: new Date() })
    .where(
      inWorkspace(
        ctx,
        departments,
        eq(departments.id, before.id),
        eq(departments.version, version),
      ),
    )
    .returning();
  if (!after) throw new AppError(409, "errors.staleVersion");
  await writeAudit(ctx.db, ctx, {
    action: "update",
    entity: "departments",
    entityId: before.id,
    before,
    after,
  });
  return after;
};

export const updateDepartment = (ctx: RequestCtx, id: string, patch: DepartmentPatch) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const before = await loadDepartment(tctx, id);
    if (patch.managerId) await assertMembers(tctx, [patch.managerId], true);
    const set: Partial<Department> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.managerId !== undefined) set.managerId = patch.managerId;
    await saveVersioned(tctx, before, set, patch.version);
    return getDepartment(tctx, id);
  });

/**
 * Moves a department under `parentId` (null: top level) at position `index` among its new
 * siblings. Moving it under itself or one of its descendants would cut the subtree off the tree.
 */
export const moveDepartment = (ctx: RequestCtx, id: string, move: DepartmentMove) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const before = await loadDepartment(tctx, id);
    if (move.parentId) {
      const all = await tx.select().from(departments).where(inWorkspace(ctx, departments));
      const parentOf = new Map(all.map((d) => [d.id, d.parentId]));
      if (!parentOf.has(move.parentId)) throw new AppError(404, "errors.departmentNotFound");
      for (let at: string | null | undefined = move.parentId; at; at = parentOf.get(at)) {
        if (at === id) throw new AppError(400, "errors.departmentCycle");
      }
    }
    await saveVersioned(tctx, before, { parentId: move.parentId }, move.version);
    const siblings = await siblingsOf(tctx, move.parentId, id);
    const index = Math.min(Math.max(move.index, 0), siblings.length);
    const ordered = [
      ...siblings.slice(0, index).map((s) => s.id),
      id,
      ...siblings.slice(index).map((s) => s.id),
    ];
    for (const [sortOrder, siblingId] of ordered.entries()) {
      await tx
        .update(departments)
        .set({ sortOrder })
        .where(inWorkspace(ctx, departments, eq(departments.id, siblingId)));
    }
    return getDepartment(tctx, id);
  });

/** A department that still has members or sub-departments stays: its people would lose their place. */
export const deleteDepartment = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const before = await loadDepartment(tctx, id);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(memberDepartments)
      .where(inWorkspace(ctx, memberDepartments, eq(memberDepartments.departmentId, id)));
    if (n > 0) throw new AppError(409, "errors.departmentHasMembers", { params: { count: n } });
    const children = await siblingsOf(tctx, id);
    if (children.length > 0)
      throw new AppError(409, "errors.departmentHasChildren", {
        params: { count: children.length },
      });
    await tx.delete(departments).where(inWorkspace(ctx, departments, eq(departments.id, id)));
    await writeAudit(tx, ctx, { action: "delete", entity: "departments", entityId: id, before });
    return { id };
  });

/**
 * The "department manager" of a member for workflow assignees: the manager of each of the
 * member's departments, or, when a department has none, of the nearest ancestor that has one.
 * A manager is never their own approver: for them the next manager up counts. `level` 2 asks
 * for the manager one level further up, and so on.
 */
export const findDepartmentManagers = async (ctx: RequestCtx, userId: string, level = 1) => {
  const all = await ctx.db.select().from(departments).where(inWorkspace(ctx, departments));
  const byId = new Map(all.map((d) => [d.id, d]));
  const mine = await ctx.db
    .select({ id: memberDepartments.departmentId })
    .from(memberDepartments)
    .where(inWorkspace(ctx, memberDepartments, eq(memberDepartments.userId, userId)));
  const managers = new Set<string>();
  for (const { id } of mine) {
    let dept = byId.get(id);
    let found = 0;
    const seen = new Set<string>();
    while (dept && !seen.has(dept.id)) {
      seen.add(dept.id);
      if (dept.managerId && dept.managerId !== userId) found += 1;
      if (found === level && dept.managerId) {
        managers.add(dept.managerId);
        break;
      }
      dept = dept.parentId ? byId.get(dept.parentId) : undefined;
    }
  }
  return [...managers];
};
