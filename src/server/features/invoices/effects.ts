import type { FastifyInstance } from "fastify";

import { AppError } from "../../../shared/errors";
import type { RequestCtx } from "../../lib/request-ctx";
import type { EffectHook } from "../workflow";
import { changeInvoice, lockInvoice, refId } from "./status";

/** Accepted: the request is approved, for finance to issue. */
const approve = async (ctx: RequestCtx, id: string) => {
  const row = await lockInvoice(ctx, id);
  if (row.status === "pending") await changeInvoice(ctx, row, { status: "approved" });
};

/**
 * Rejected or withdrawn: the request is refused and what it asked of its bill or payment is
 * free again. An invoice already issued cannot be withdrawn by its approval (finance reverses
 * or voids it): the withdrawal is rolled back with that message.
 */
const refuse = async (ctx: RequestCtx, id: string) => {
  const row = await lockInvoice(ctx, id);
  if (row.status === "pending" || row.status === "approved")
    await changeInvoice(ctx, row, { status: "rejected" });
  else if (row.status !== "rejected") throw new AppError(409, "errors.invoices.alreadyIssued");
};

const on =
  (apply: (ctx: RequestCtx, id: string) => Promise<void>): EffectHook =>
  async (ctx, instance) => {
    // A flow of this kind started by hand from the approval centre has no invoice behind it.
    const id = refId(instance.businessRef);
    if (id) await apply(ctx, id);
  };

/** Invoice approvals, applied in the approval's transaction. */
export const registerInvoiceEffects = (app: FastifyInstance) => {
  app.workflow.registerEffect("invoice", {
    onComplete: on(approve),
    onReject: on(refuse),
    onCancel: on(refuse),
  });
};
