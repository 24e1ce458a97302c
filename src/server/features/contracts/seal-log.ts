import { isCalendarDate } from "../../../shared/deadline-compute";
import { firmWallToInstant } from "../../../shared/firm-time";
import type { FieldError } from "../../../shared/errors";
import { sealUsages, type seals } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { firmDateOf, readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { failValidation } from "../../schema-engine/checks";
import { stampersOf } from "./start-approval";

type UseInput = {
  seal: typeof seals.$inferSelect;
  entity: "contracts" | "seal_requests";
  entityId: string;
  subject: string;
  instance: { id: string; form: Record<string, unknown> };
  /** The copies asked for: logged only by a flow without a custodian's step (nobody confirmed). */
  copies: number;
};

const positiveInt = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value > 0 && value <= 9999
    ? value
    : undefined;

/**
 * What the custodian confirmed on their step: the copies actually stamped and the day they
 * stamped them (a real calendar day, not in the future). Both are required: the log records what
 * was stamped, not what was asked for nor when the step was clicked.
 */
export const confirmedStamping = (
  form: Record<string, unknown>,
  zone: string,
  now = new Date(),
) => {
  const copies = positiveInt(form.stampedCopies);
  const day = form.stampedAt;
  // Keys, not text: an effect's context has no language of its own; the envelope translates them
  // into the language of whoever clicked.
  const errors: FieldError[] = [];
  if (copies === undefined)
    errors.push({ field: "stampedCopies", message: "seals.errors.stampedCopiesRequired" });
  if (!isCalendarDate(day))
    errors.push({ field: "stampedAt", message: "seals.errors.stampedAtRequired" });
  else if (day > firmDateOf(now, zone))
    errors.push({ field: "stampedAt", message: "seals.errors.stampedAtFuture" });
  failValidation(errors);
  // Noon on the firm's clock: the same calendar day wherever the log is read.
  return {
    copies: copies as number,
    stampedAt: new Date(firmWallToInstant(`${String(day)} 12:00`, zone)),
  };
};

/**
 * Logs one stamping, in the approval's transaction: what was stamped, the copies and day the
 * custodian confirmed on their handler step (else the accept is refused, 422), who approved last
 * and who stamped. A flow an admin built without a handler step has nobody to confirm: it logs
 * the copies asked for when the last approval closed.
 */
export const logSealUse = async (ctx: RequestCtx, input: UseInput) => {
  const who = await stampersOf(ctx, input.instance.id);
  const confirmed = who.stampedBy
    ? confirmedStamping(input.instance.form, await readFirmTimeZone(ctx.db, ctx.workspaceId))
    : { copies: input.copies, stampedAt: new Date() };
  const [row] = await ctx.db
    .insert(sealUsages)
    .values({
      workspaceId: ctx.workspaceId,
      sealId: input.seal.id,
      entity: input.entity,
      entityId: input.entityId,
      instanceId: input.instance.id,
      subject: input.subject.slice(0, 300),
      copies: confirmed.copies,
      approvedBy: who.approvedBy,
      stampedBy: who.stampedBy,
      stampedAt: confirmed.stampedAt,
    })
    .returning();
  await writeAudit(ctx.db, ctx, {
    action: "create",
    entity: "seal_usages",
    entityId: row.id,
    after: row,
  });
  return row;
};
