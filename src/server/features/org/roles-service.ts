import { asc, count, desc, eq } from "drizzle-orm";

import type { Role as RoleView } from "../../../shared/contracts/org";
import { AppError } from "../../../shared/errors";
import { checkRules } from "../../../shared/permission-scopes";
import type { PermissionRule } from "../../../shared/permissions";
import { memberRoles, roles } from "../../db/tables";
import type { Answer } from "../../lib/answers";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { assertAdminRemains } from "./admin-guard";
import type { OrgDeps } from "./deps";
import { lockOrg } from "./references";

export type RoleInput = {
  name: string;
  code: string;
  description?: string;
  rules?: PermissionRule[];
  isPartner?: boolean;
};
export type RolePatch = {
  name?: string;
  description?: string;
  isPartner?: boolean;
  version: number;
};
export type RoleRules = { rules: PermissionRule[]; version: number };

type Role = typeof roles.$inferSelect;

export const findRoles = async (ctx: RequestCtx): Promise<Answer<RoleView>[]> => {
  const [rows, counts] = await Promise.all([
    ctx.db
      .select()
      .from(roles)
      .where(inWorkspace(ctx, roles))
      .orderBy(desc(roles.isSystem), asc(roles.createdAt), asc(roles.name)),
    ctx.db
      .select({ id: memberRoles.roleId, n: count() })
      .from(memberRoles)
      .where(inWorkspace(ctx, memberRoles))
      .groupBy(memberRoles.roleId),
  ]);
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((r) => ({ ...r, memberCount: byId.get(r.id) ?? 0 }));
};

const loadRole = async (ctx: RequestCtx, id: string): Promise<Role> => {
  const [row] = await ctx.db
    .select()
    .from(roles)
    .where(inWorkspace(ctx, roles, eq(roles.id, id)));
  if (!row) throw new AppError(404, "errors.roleNotFound");
  return row;
};

export const getRole = async (ctx: RequestCtx, id: string): Promise<Answer<RoleView>> => {
  const role = await loadRole(ctx, id);
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(memberRoles)
    .where(inWorkspace(ctx, memberRoles, eq(memberRoles.roleId, id)));
  return { ...role, memberCount: n };
};

const RULE_PROBLEM_KEYS: Record<string, string> = {
  subject: "errors.invalidRuleSubject",
  action: "errors.invalidRuleAction",
  conditions: "errors.invalidRuleConditions",
  fields: "errors.invalidRuleFields",
};

const assertRules = (rules: PermissionRule[]) => {
  const problem = checkRules(rules);
  if (problem) throw new AppError(400, RULE_PROBLEM_KEYS[problem] ?? "errors.badRequest");
};

const assertCodeFree = async (ctx: RequestCtx, code: string) => {
  const [taken] = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(inWorkspace(ctx, roles, eq(roles.code, code)));
  if (taken) throw new AppError(409, "errors.roleCodeTaken", { params: { code } });
};

export const createRole = async (ctx: RequestCtx, input: RoleInput) => {
  assertRules(input.rules ?? []);
  return ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    await assertCodeFree(tctx, input.code);
    const [row] = await tx
      .insert(roles)
      .values({
        workspaceId: ctx.workspaceId,
        name: input.name,
        code: input.code,
        description: input.description ?? "",
        rules: input.rules ?? [],
        isPartner: input.isPartner ?? false,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    await writeAudit(tx, ctx, { action: "create", entity: "roles", entityId: row.id, after: row });
    return { ...row, memberCount: 0 };
  });
};

const save = async (ctx: RequestCtx, before: Role, set: Partial<Role>, version: number) => {
  const [after] = await ctx.db
    .update(roles)
    .set({ ...set, version: version + 1, updatedBy: ctx.userId, updatedAt: new Date() })
    .where(inWorkspace(ctx, roles, eq(roles.id, before.id), eq(roles.version, version)))
    .returning();
  if (!after) throw new AppError(409, "errors.staleVersion");
  await writeAudit(ctx.db, ctx, {
    action: "update",
    entity: "roles",
    entityId: before.id,
    before,
    after,
  });
  return after;
};

export const updateRole = (ctx: RequestCtx, id: string, patch: RolePatch) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const before = await loadRole(tctx, id);
    const set: Partial<Role> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.description !== undefined) set.description = patch.description;
    if (patch.isPartner !== undefined) set.isPartner = patch.isPartner;
    await save(tctx, before, set, patch.version);
    return getRole(tctx, id);
  });

/**
 * Replaces a role's rules. Every live session of the firm drops its cached rules, so members
 * holding the role get the new ones on their next request, without signing in again.
 */
export const replaceRoleRules = async (
  ctx: RequestCtx,
  deps: OrgDeps,
  id: string,
  input: RoleRules,
) => {
  assertRules(input.rules);
  const role = await ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    await lockOrg(tctx);
    const before = await loadRole(tctx, id);
    await save(tctx, before, { rules: input.rules }, input.version);
    await assertAdminRemains(tctx);
    return getRole(tctx, id);
  });
  await deps.sessions.invalidate({ workspaceId: ctx.workspaceId });
  return role;
};

/** The built-in admin role stays; other roles go, and their members simply lose them. */
export const deleteRole = async (ctx: RequestCtx, deps: OrgDeps, id: string) => {
  await ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    await lockOrg(tctx);
    const before = await loadRole(tctx, id);
    if (before.isSystem) throw new AppError(409, "errors.systemRole");
    await tx.delete(roles).where(inWorkspace(ctx, roles, eq(roles.id, id)));
    await assertAdminRemains(tctx);
    await writeAudit(tx, ctx, { action: "delete", entity: "roles", entityId: id, before });
  });
  await deps.sessions.invalidate({ workspaceId: ctx.workspaceId });
  return { id };
};
