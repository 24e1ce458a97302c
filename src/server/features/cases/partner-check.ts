import { and, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { memberRoles, roles } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

/**
 * A case's supervising partner, when chosen or changed, must hold a partner role (roles.is_partner,
 * Settings → Roles): the picker offers only them, and a request that goes around the picker is
 * refused the same way. A case keeps its partner after the role loses the flag, so an unchanged
 * value is not checked again.
 */
export const assertPartnerChoice = async (ctx: RequestCtx, chosen: unknown, current?: unknown) => {
  if (typeof chosen !== "string" || chosen === current) return;
  const [partner] = await ctx.db
    .select({ userId: memberRoles.userId })
    .from(memberRoles)
    .innerJoin(
      roles,
      and(eq(roles.workspaceId, memberRoles.workspaceId), eq(roles.id, memberRoles.roleId)),
    )
    .where(inWorkspace(ctx, memberRoles, eq(memberRoles.userId, chosen), eq(roles.isPartner, true)))
    .limit(1);
  if (!partner)
    throw new AppError(400, "cases.errors.notPartner", {
      fields: [{ field: "leadPartnerId", message: "cases.errors.notPartner" }],
    });
};
