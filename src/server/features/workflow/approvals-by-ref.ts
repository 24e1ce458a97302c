import { desc, inArray } from "drizzle-orm";

import { workflowInstances } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { withLocalTitles } from "./title";

/** The approvals about one business record (by the refs its kinds use), newest first, for its Approvals tab. */
export const approvalsByRefs = async (ctx: RequestCtx, refs: string[]) =>
  withLocalTitles(
    ctx,
    await ctx.db
      .select({
        id: workflowInstances.id,
        kind: workflowInstances.kind,
        title: workflowInstances.title,
        titleI18n: workflowInstances.titleI18n,
        status: workflowInstances.status,
        initiatorId: workflowInstances.initiatorId,
        createdAt: workflowInstances.createdAt,
        finishedAt: workflowInstances.finishedAt,
      })
      .from(workflowInstances)
      .where(inWorkspace(ctx, workflowInstances, inArray(workflowInstances.businessRef, refs)))
      .orderBy(desc(workflowInstances.createdAt)),
  );
