import { asc, eq, inArray, type SQL } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { memberGroupMembers, memberGroups, users } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { assertMembers } from "./references";

export type GroupInput = { name: string; sortOrder?: number; memberIds: string[] };
export type GroupPatch = Partial<GroupInput> & { version: number };

type Group = typeof memberGroups.$inferSelect;

/** Member groups are personal: each member sees and edits only the groups they keep. */
const mine = (ctx: RequestCtx, ...more: (SQL | undefined)[]) =>
  inWorkspace(ctx, memberGroups, eq(memberGroups.ownerId, ctx.userId), ...more);

const withMembers = async (ctx: RequestCtx, groups: Group[]) => {
  const ids = groups.map((g) => g.id);
  const links =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ groupId: memberGroupMembers.groupId, userId: users.id, name: users.name })
          .from(memberGroupMembers)
          .innerJoin(users, eq(users.id, memberGroupMembers.userId))
          .where(inWorkspace(ctx, memberGroupMembers, inArray(memberGroupMembers.groupId, ids)))
          .orderBy(asc(users.name));
  return groups.map((g) => {
    const people = links
      .filter((l) => l.groupId === g.id)
      .map(({ userId, name }) => ({ userId, name }));
    return { ...g, memberIds: people.map((p) => p.userId), members: people };
  });
};

export const findGroups = async (ctx: RequestCtx) => {
  const rows = await ctx.db
    .select()
    .from(memberGroups)
    .where(mine(ctx))
    .orderBy(asc(memberGroups.sortOrder), asc(memberGroups.name));
  return withMembers(ctx, rows);
};

const loadGroup = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(memberGroups)
    .where(mine(ctx, eq(memberGroups.id, id)));
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

export const getGroup = async (ctx: RequestCtx, id: string) => {
  const [group] = await withMembers(ctx, [await loadGroup(ctx, id)]);
  return group;
};

const setMembers = async (ctx: RequestCtx, groupId: string, memberIds: string[]) => {
  const ids = await assertMembers(ctx, memberIds);
  await ctx.db
    .delete(memberGroupMembers)
    .where(inWorkspace(ctx, memberGroupMembers, eq(memberGroupMembers.groupId, groupId)));
  if (ids.length > 0) {
    await ctx.db
      .insert(memberGroupMembers)
      .values(ids.map((userId) => ({ workspaceId: ctx.workspaceId, groupId, userId })));
  }
};

export const createGroup = (ctx: RequestCtx, input: GroupInput) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const [row] = await tx
      .insert(memberGroups)
      .values({
        workspaceId: ctx.workspaceId,
        ownerId: ctx.userId,
        name: input.name,
        sortOrder: input.sortOrder ?? 0,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    await setMembers(tctx, row.id, input.memberIds);
    const after = await getGroup(tctx, row.id);
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "member_groups",
      entityId: row.id,
      after,
    });
    return after;
  });

export const updateGroup = (ctx: RequestCtx, id: string, patch: GroupPatch) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const before = await getGroup(tctx, id);
    const set: Partial<Group> = {
      version: patch.version + 1,
      updatedBy: ctx.userId,
      updatedAt: new Date(),
    };
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.sortOrder !== undefined) set.sortOrder = patch.sortOrder;
    const [row] = await tx
      .update(memberGroups)
      .set(set)
      .where(mine(ctx, eq(memberGroups.id, id), eq(memberGroups.version, patch.version)))
      .returning();
    if (!row) throw new AppError(409, "errors.staleVersion");
    if (patch.memberIds) await setMembers(tctx, id, patch.memberIds);
    const after = await getGroup(tctx, id);
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "member_groups",
      entityId: id,
      before,
      after,
    });
    return after;
  });

export const deleteGroup = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const before = await getGroup(withDb(ctx, tx), id);
    await tx.delete(memberGroups).where(mine(ctx, eq(memberGroups.id, id)));
    await writeAudit(tx, ctx, { action: "delete", entity: "member_groups", entityId: id, before });
    return { id };
  });
