import { and, asc, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { members, users, workspaces } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

export const getLoginUserInfo = async (ctx: RequestCtx) => {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.userId));
  if (!user) throw new AppError(401, "errors.tokenInvalid");
  const memberships = await ctx.db
    .select({ id: workspaces.id, name: workspaces.name, nameEn: workspaces.nameEn })
    .from(members)
    .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
    .where(and(eq(members.userId, ctx.userId), eq(members.isEnabled, true)))
    .orderBy(asc(members.createdAt));
  const label = (w: { name: string; nameEn: string }) => (ctx.lang === "en" && w.nameEn ? w.nameEn : w.name);
  const current = memberships.find((w) => w.id === ctx.workspaceId);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    nameSuffix: user.nameSuffix,
    email: user.email,
    phone: user.phone,
    avatarUrl: user.avatarUrl,
    workspace: current ? { id: current.id, name: label(current) } : null,
    workspaces: memberships.map((w) => ({ id: w.id, name: label(w), current: w.id === ctx.workspaceId })),
  };
};

/** Members of the request's firm for pickers; `onlyEnabled` drops disabled members and accounts. */
export const listSelectableUsers = async (ctx: RequestCtx, onlyEnabled: boolean) => {
  const rows = await ctx.db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      nameSuffix: users.nameSuffix,
      memberEnabled: members.isEnabled,
      userEnabled: users.isEnabled,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(inWorkspace(ctx, members))
    .orderBy(asc(users.name));
  return rows
    .map((r) => ({
      id: r.id,
      username: r.username,
      name: r.name,
      nameSuffix: r.nameSuffix,
      enabled: r.memberEnabled && r.userEnabled,
    }))
    .filter((r) => !onlyEnabled || r.enabled);
};
