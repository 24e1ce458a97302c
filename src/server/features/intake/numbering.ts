import { firmYearOf, readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { nextCounterValue } from "../cases";

/** The key of lead numbers among the firm's yearly counters; "~" keeps it apart from case types. */
const LEAD_COUNTER = "~leads";

/**
 * "XS2026-0001" (线索, the firm's year, the year's sequence), from the counters case numbers use,
 * so two leads entered at once get consecutive numbers and a rolled-back one gives its number back.
 */
export const nextLeadNo = async (ctx: RequestCtx, at = new Date()) => {
  const year = firmYearOf(at, await readFirmTimeZone(ctx.db, ctx.workspaceId));
  const seq = await nextCounterValue(ctx, LEAD_COUNTER, year);
  return `XS${year}-${String(seq).padStart(4, "0")}`;
};
