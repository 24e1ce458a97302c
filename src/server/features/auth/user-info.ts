import { asc, eq, sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { DEFAULT_FIRM_TIME_ZONE, isTimeZone } from "../../../shared/firm-time";
import { members, users, workspaces } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

type Membership = { id: string; name: string; nameEn: string };

export const getLoginUserInfo = async (ctx: RequestCtx) => {
  // One round trip: the SPA asks for this on every load, so the firms travel as JSON beside the user.
  const [row] = await ctx.db
    .select({
      user: users,
      memberships: sql<Membership[]>`coalesce((
        select json_agg(json_build_object('id', w.id, 'name', w.name, 'nameEn', w.name_en) order by m.created_at)
          from ${members} m join ${workspaces} w on w.id = m.workspace_id
         where m.user_id = ${ctx.userId} and m.is_enabled), '[]'::json)`,
      // The firm's clock: the SPA shows every time on it, whatever zone the browser is in.
      timeZone: sql<
        string | null
      >`(select w.settings ->> 'timeZone' from ${workspaces} w where w.id = ${ctx.workspaceId})`,
    })
    .from(users)
    .where(eq(users.id, ctx.userId));
  if (!row) throw new AppError(401, "errors.tokenInvalid");
  const { user, memberships, timeZone } = row;
  const label = (w: { name: string; nameEn: string }) =>
    ctx.lang === "en" && w.nameEn ? w.nameEn : w.name;
  const current = memberships.find((w) => w.id === ctx.workspaceId);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    nameSuffix: user.nameSuffix,
    email: user.email,
    phone: user.phone,
    avatarUrl: user.avatarUrl,
    workspace: current
      ? {
          id: current.id,
          name: label(current),
          timeZone: isTimeZone(timeZone) ? timeZone : DEFAULT_FIRM_TIME_ZONE,
        }
      : null,
    workspaces: memberships.map((w) => ({
      id: w.id,
      name: label(w),
      current: w.id === ctx.workspaceId,
    })),
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
