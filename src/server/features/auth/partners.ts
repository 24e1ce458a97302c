import { and, asc, eq, exists } from "drizzle-orm";

import { memberRoles, members, roles, users } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

/**
 * Enabled members holding a role marked as a partner role (roles.is_partner, Settings → Roles):
 * the choices of a case's supervising partner, so the finance clerk or an intern is not offered.
 */
export const listPartners = async (ctx: RequestCtx) => {
  const holdsPartnerRole = exists(
    ctx.db
      .select({ one: memberRoles.userId })
      .from(memberRoles)
      .innerJoin(
        roles,
        and(eq(roles.workspaceId, memberRoles.workspaceId), eq(roles.id, memberRoles.roleId)),
      )
      .where(
        and(
          eq(memberRoles.workspaceId, members.workspaceId),
          eq(memberRoles.userId, members.userId),
          eq(roles.isPartner, true),
        ),
      ),
  );
  return ctx.db
    .select({ id: users.id, name: users.name, nameSuffix: users.nameSuffix })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(
      inWorkspace(
        ctx,
        members,
        eq(members.isEnabled, true),
        eq(users.isEnabled, true),
        holdsPartnerRole,
      ),
    )
    .orderBy(asc(users.name));
};
