import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

import { closingRef } from "../../../shared/contracts/closing";
import { caseClosings } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { closeApprovedCase } from "../cases";
import type { EffectHook } from "../workflow";

type Outcome = "approved" | "rejected" | "cancelled";

/** The pending closing an approval decides, locked; none for a flow started by hand. */
const lockPending = async (ctx: RequestCtx, ref: string) => {
  const prefix = closingRef("");
  if (!ref.startsWith(prefix)) return undefined;
  const [row] = await ctx.db
    .select()
    .from(caseClosings)
    .where(
      and(
        inWorkspace(ctx, caseClosings, eq(caseClosings.id, ref.slice(prefix.length))),
        eq(caseClosings.status, "pending"),
      ),
    )
    .for("update");
  return row;
};

const decide =
  (app: FastifyInstance, outcome: Outcome): EffectHook =>
  async (ctx, instance) => {
    const before = await lockPending(ctx, instance.businessRef);
    if (!before) return;
    // Accepted: the case closes in this transaction; if it cannot (terminated meanwhile), the
    // accept is refused with that reason and the closing stays pending for the approver to reject.
    const now = new Date();
    if (outcome === "approved") {
      await closeApprovedCase(ctx, before.caseId, app.closingSteps);
    }
    const [after] = await ctx.db
      .update(caseClosings)
      .set({
        status: outcome,
        closedAt: outcome === "approved" ? now : null,
        version: before.version + 1,
        updatedBy: ctx.userId,
        updatedAt: now,
      })
      .where(inWorkspace(ctx, caseClosings, eq(caseClosings.id, before.id)))
      .returning();
    await writeAudit(ctx.db, ctx, {
      action: "workflow",
      entity: "case_closings",
      entityId: before.id,
      before,
      after,
    });
  };

/** Closing approvals, applied in the approval's transaction; rejected or withdrawn, the case stays formal. */
export const registerClosingEffects = (app: FastifyInstance) => {
  app.workflow.registerEffect("case-close", {
    onComplete: decide(app, "approved"),
    onReject: decide(app, "rejected"),
    onCancel: decide(app, "cancelled"),
  });
};
