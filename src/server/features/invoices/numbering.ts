import { sql } from "drizzle-orm";

import { contractNumberCounters } from "../../db/tables";
import { firmYearOf, readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { formatCaseNumber } from "../cases";

/** Invoice requests count per firm year like seal requests: FP2026 00001. */
const FORMAT = "FP{year}{seq:5}";
const KIND = "invoice-request";

/**
 * The next invoice request number this firm year. The counter row (the firm's numbered-record
 * counters, keyed by kind) is inserted or bumped in one statement, which locks it until the
 * request's transaction ends: concurrent requests get consecutive numbers and a refused request
 * gives its number back.
 */
export const nextRequestNumber = async (
  ctx: Pick<RequestCtx, "db" | "workspaceId">,
  at = new Date(),
) => {
  const year = firmYearOf(at, await readFirmTimeZone(ctx.db, ctx.workspaceId));
  const [{ seq }] = await ctx.db
    .insert(contractNumberCounters)
    .values({ workspaceId: ctx.workspaceId, kind: KIND, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [
        contractNumberCounters.workspaceId,
        contractNumberCounters.kind,
        contractNumberCounters.year,
      ],
      set: { lastValue: sql`${contractNumberCounters.lastValue} + 1` },
    })
    .returning({ seq: contractNumberCounters.lastValue });
  return formatCaseNumber(FORMAT, { year, firm: "", type: "", seq });
};
