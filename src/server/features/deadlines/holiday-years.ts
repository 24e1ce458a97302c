import { sql } from "drizzle-orm";

import { holidayDays } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

/** The years the firm has a holiday calendar for, so screens can flag the ones it lacks. */
export const holidayYears = async (ctx: RequestCtx) => {
  const rows = await ctx.db
    .selectDistinct({ year: sql<number>`extract(year from ${holidayDays.day})::int` })
    .from(holidayDays)
    .where(inWorkspace(ctx, holidayDays))
    .orderBy(sql`1`);
  return rows.map((r) => r.year);
};
