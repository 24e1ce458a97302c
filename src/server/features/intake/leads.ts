import { eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { leads } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";

export type LeadRow = typeof leads.$inferSelect;

/**
 * The lead, locked for the caller's transaction: another firm's, or one outside the caller's
 * row scope for `action`, is not found.
 */
export const lockLead = async (
  ctx: RequestCtx,
  id: string,
  action: "read" | "update" = "update",
) => {
  const [row] = await ctx.db
    .select()
    .from(leads)
    .where(
      inWorkspace(
        ctx,
        leads,
        eq(leads.id, id),
        rowScopeOf(ctx, action, "LAWFIRM_LEAD_VIEW", "leads"),
      ),
    )
    .for("update");
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

/** The lead whatever the caller's row scope (an approval's last approver acting for the firm). */
export const lockLeadUnscoped = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(leads)
    .where(inWorkspace(ctx, leads, eq(leads.id, id)))
    .for("update");
  return row;
};

/** Writes server-owned changes to a locked lead with its next version and the audit row. */
export const changeLead = async (
  ctx: RequestCtx,
  before: LeadRow,
  changes: Partial<typeof leads.$inferInsert>,
) => {
  const [after] = await ctx.db
    .update(leads)
    .set({ ...changes, version: before.version + 1, updatedBy: ctx.userId, updatedAt: new Date() })
    .where(inWorkspace(ctx, leads, eq(leads.id, before.id)))
    .returning();
  await writeAudit(ctx.db, ctx, {
    action: "update",
    entity: "leads",
    entityId: before.id,
    before,
    after,
  });
  return after;
};
