import { desc, eq } from "drizzle-orm";

import { workflowInstances } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { ACCOUNT_CHANGE_REF } from "./status";

/** The running approval of a pending client, for its detail page's "view approval" link. */
export const pendingApprovalOf = async (
  ctx: Pick<RequestCtx, "db" | "workspaceId">,
  accountId: string,
) => {
  const [row] = await ctx.db
    .select({ id: workflowInstances.id })
    .from(workflowInstances)
    .where(
      inWorkspace(
        ctx,
        workflowInstances,
        eq(workflowInstances.businessRef, `${ACCOUNT_CHANGE_REF}:${accountId}`),
        eq(workflowInstances.status, "running"),
      ),
    )
    .orderBy(desc(workflowInstances.submittedAt))
    .limit(1);
  return row?.id ?? null;
};
