import { eq, inArray, sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { departments, members, roles } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

export { isUuid } from "../../lib/tenant-guard";

const unique = (ids: string[]) => [...new Set(ids)];

/** Every id must be a department of this firm; a foreign or unknown id is "not found". */
export const assertDepartments = async (ctx: RequestCtx, ids: string[]) => {
  const wanted = unique(ids);
  if (wanted.length === 0) return wanted;
  const rows = await ctx.db
    .select({ id: departments.id })
    .from(departments)
    .where(inWorkspace(ctx, departments, inArray(departments.id, wanted)));
  if (rows.length !== wanted.length) throw new AppError(404, "errors.departmentNotFound");
  return wanted;
};

export const assertRoles = async (ctx: RequestCtx, ids: string[]) => {
  const wanted = unique(ids);
  if (wanted.length === 0) return wanted;
  const rows = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(inWorkspace(ctx, roles, inArray(roles.id, wanted)));
  if (rows.length !== wanted.length) throw new AppError(404, "errors.roleNotFound");
  return wanted;
};

/** User ids that must be members of this firm (pickers, groups, department managers). */
export const assertMembers = async (ctx: RequestCtx, userIds: string[], onlyEnabled = false) => {
  const wanted = unique(userIds);
  if (wanted.length === 0) return wanted;
  const rows = await ctx.db
    .select({ userId: members.userId })
    .from(members)
    .where(
      inWorkspace(
        ctx,
        members,
        inArray(members.userId, wanted),
        onlyEnabled ? eq(members.isEnabled, true) : undefined,
      ),
    );
  if (rows.length !== wanted.length) throw new AppError(404, "errors.memberNotFound");
  return wanted;
};

/** Serializes changes that could remove the firm's last administrator (see admin-guard). */
export const lockOrg = async (ctx: RequestCtx) => {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(727100, hashtext(${ctx.workspaceId}))`);
};
