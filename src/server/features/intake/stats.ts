import dayjs from "dayjs";
import { and, asc, count, gte, lt, sql } from "drizzle-orm";

import type { IntakeSourceStats } from "../../../shared/contracts/intake";
import { AppError } from "../../../shared/errors";
import { leads } from "../../db/tables";
import { firmDayStart, readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";

export type IntakeStatsQuery = { from?: string; to?: string };

/**
 * Leads per source entered between two of the firm's days (both included), how many became cases,
 * and the rate as a percentage with two decimals, PostgreSQL's numeric arithmetic doing the
 * rounding. Only the leads the viewer may read count: "only own" sees its own conversion rate.
 */
export const intakeStats = async (
  ctx: RequestCtx,
  q: IntakeStatsQuery,
): Promise<IntakeSourceStats[]> => {
  if (q.from && q.to && q.from > q.to)
    throw new AppError(422, "errors.intake.rangeReversed", {
      fields: [{ field: "to", message: "errors.intake.rangeReversed" }],
    });
  const zone = await readFirmTimeZone(ctx.db, ctx.workspaceId);
  const converted = sql<number>`count(${leads.caseId})::int`;
  const rows = await ctx.db
    .select({
      source: leads.source,
      leads: count(),
      converted,
      conversionRate: sql<string>`(round(100.0 * count(${leads.caseId}) / count(*), 2))::numeric(5, 2)::text`,
    })
    .from(leads)
    .where(
      inWorkspace(
        ctx,
        leads,
        and(
          q.from ? gte(leads.createdAt, firmDayStart(q.from, zone)) : undefined,
          q.to
            ? lt(
                leads.createdAt,
                firmDayStart(dayjs(q.to).add(1, "day").format("YYYY-MM-DD"), zone),
              )
            : undefined,
        ),
        rowScopeOf(ctx, "read", "LAWFIRM_LEAD_VIEW", "leads"),
      ),
    )
    .groupBy(leads.source)
    .orderBy(asc(leads.source));
  return rows;
};
