import { sealUsages, type seals } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { stampersOf } from "./start-approval";

type UseInput = {
  seal: typeof seals.$inferSelect;
  entity: "contracts" | "seal_requests";
  entityId: string;
  subject: string;
  instance: { id: string; form: Record<string, unknown> };
  /** The copies asked for; the custodian's step may record a different count (stampedCopies). */
  copies: number;
};

const positiveInt = (value: unknown) => (typeof value === "number" && Number.isInteger(value) && value > 0 && value <= 9999 ? value : undefined);

/**
 * Logs one stamping, in the approval's transaction: what was stamped, how many copies, who
 * approved last, who stamped (the custodian's handler step) and when (the date they recorded,
 * else when they confirmed).
 */
export const logSealUse = async (ctx: RequestCtx, input: UseInput) => {
  const who = await stampersOf(ctx, input.instance.id);
  const recorded = typeof input.instance.form.stampedAt === "string" ? new Date(input.instance.form.stampedAt) : undefined;
  const stampedAt = recorded && !Number.isNaN(recorded.getTime()) ? recorded : (who.stampedAt ?? new Date());
  const [row] = await ctx.db
    .insert(sealUsages)
    .values({
      workspaceId: ctx.workspaceId,
      sealId: input.seal.id,
      entity: input.entity,
      entityId: input.entityId,
      instanceId: input.instance.id,
      subject: input.subject.slice(0, 300),
      copies: positiveInt(input.instance.form.stampedCopies) ?? input.copies,
      approvedBy: who.approvedBy,
      stampedBy: who.stampedBy,
      stampedAt,
    })
    .returning();
  await writeAudit(ctx.db, ctx, { action: "create", entity: "seal_usages", entityId: row.id, after: row });
  return row;
};
