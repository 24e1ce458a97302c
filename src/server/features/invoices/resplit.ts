import type { RequestCtx } from "../../lib/request-ctx";
import { resplitPayment } from "../fee-sharing";

/**
 * An invoice's tax is taken off the payments it is matched to before they are shared out
 * (fee-sharing, when the firm deducts it): every payment whose matches changed is split again,
 * in the same transaction, each once.
 */
export const resplitPayments = async (ctx: RequestCtx, paymentIds: Iterable<string>) => {
  for (const paymentId of new Set(paymentIds)) await resplitPayment(ctx, paymentId, "invoice");
};
