import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

import { loanRef } from "../../../shared/contracts/archive-loans";
import { archiveLoans } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import type { EffectHook } from "../workflow";

const lockPending = async (ctx: RequestCtx, ref: string) => {
  const prefix = loanRef("");
  if (!ref.startsWith(prefix)) return undefined;
  const [row] = await ctx.db
    .select()
    .from(archiveLoans)
    .where(
      and(
        inWorkspace(ctx, archiveLoans, eq(archiveLoans.id, ref.slice(prefix.length))),
        eq(archiveLoans.status, "pending"),
      ),
    )
    .for("update");
  return row;
};

/** The approval's end, in its transaction: lent (active from now), rejected or withdrawn. */
const endWith =
  (status: "active" | "rejected" | "cancelled"): EffectHook =>
  async (ctx, instance) => {
    const before = await lockPending(ctx, instance.businessRef);
    if (!before) return;
    const now = new Date();
    const [after] = await ctx.db
      .update(archiveLoans)
      .set({
        status,
        ...(status === "active" ? { lentAt: now } : {}),
        version: before.version + 1,
        updatedAt: now,
        updatedBy: ctx.userId,
      })
      .where(inWorkspace(ctx, archiveLoans, eq(archiveLoans.id, before.id)))
      .returning();
    await writeAudit(ctx.db, ctx, {
      action: "workflow",
      entity: "archive_loans",
      entityId: before.id,
      before,
      after,
    });
  };

export const registerLoanEffects = (app: FastifyInstance) => {
  app.workflow.registerEffect("archive-loan", {
    onComplete: endWith("active"),
    onReject: endWith("rejected"),
    onCancel: endWith("cancelled"),
  });
};
