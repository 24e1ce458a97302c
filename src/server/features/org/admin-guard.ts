import { createMongoAbility } from "@casl/ability";
import { and, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import type { PermissionRule } from "../../../shared/permissions";
import { memberRoles, members, roles, users } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

/** Whether a set of rules gives unrestricted administration (what the admin role grants). */
export const isFullAdmin = (rules: PermissionRule[]) => {
  const ability = createMongoAbility(rules as never);
  return (
    ability.can("manage", "all") &&
    ability.can("update", "ORG_ROLE") &&
    ability.can("update", "ORG_MEMBER")
  );
};

/**
 * Run inside the changing transaction, after the change and under `lockOrg`: if no enabled
 * member can administer the firm any more, the whole change is rolled back. Without this an
 * admin could disable themselves or strip the admin role and nobody could ever undo it.
 */
export const assertAdminRemains = async (ctx: RequestCtx) => {
  const rows = await ctx.db
    .select({ userId: memberRoles.userId, rules: roles.rules })
    .from(memberRoles)
    .innerJoin(
      roles,
      and(eq(roles.workspaceId, memberRoles.workspaceId), eq(roles.id, memberRoles.roleId)),
    )
    .innerJoin(
      members,
      and(eq(members.workspaceId, memberRoles.workspaceId), eq(members.userId, memberRoles.userId)),
    )
    .innerJoin(users, eq(users.id, memberRoles.userId))
    .where(inWorkspace(ctx, memberRoles, eq(members.isEnabled, true), eq(users.isEnabled, true)));
  const byUser = new Map<string, PermissionRule[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), ...row.rules]);
  for (const rules of byUser.values()) if (isFullAdmin(rules)) return;
  throw new AppError(409, "errors.lastAdmin");
};
