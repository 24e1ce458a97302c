import { and, asc, eq, inArray, sql } from "drizzle-orm";

import type {
  ReportAnswer,
  ReportPeriod,
  ReportScope,
  ReportSummary,
} from "../../../shared/contracts/reports";
import { AppError } from "../../../shared/errors";
import { departments } from "../../db/tables";
import { firmDateOf, firmDayStart, readFirmTimeZone } from "../../lib/firm-time";
import { translatorFor } from "../../lib/i18n";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { nextDay, periodDays } from "./period";
import type { ReportDefinition, ReportRegistry } from "./registry";
import { checkScope, reachOf, scopesOf } from "./scope";

export type ReportQuery = {
  scope?: ReportScope;
  period?: ReportPeriod;
  from?: string;
  to?: string;
  departmentId?: string;
};

// Matches no department: a viewer who heads none picks from none.
const NO_DEPARTMENT = "00000000-0000-0000-0000-000000000000";

const mayRun = (ctx: RequestCtx, report: ReportDefinition) =>
  !report.requires || ctx.ability.can(report.requires[0], report.requires[1]);

/** GET /reports: the reports this viewer may open, the scopes and departments they may pick. */
export const reportCatalogue = async (
  ctx: RequestCtx,
  registry: ReportRegistry,
): Promise<ReportSummary[]> => {
  const reach = await reachOf(ctx);
  if (!reach) throw new AppError(403, "errors.forbidden");
  const depts = await ctx.db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(
      and(
        eq(departments.workspaceId, ctx.workspaceId),
        reach.firm
          ? undefined
          : reach.departmentIds.length
            ? inArray(departments.id, reach.departmentIds)
            : eq(departments.id, NO_DEPARTMENT),
      ),
    )
    .orderBy(asc(departments.sortOrder), asc(departments.name));
  const t = translatorFor(ctx.lang);
  return registry
    .all()
    .filter((r) => mayRun(ctx, r))
    .map((r) => ({
      key: r.key,
      title: t(`reports.titles.${r.key}`),
      scopes: scopesOf(reach),
      departments: depts,
    }));
};

/**
 * The report, scope and department a viewer asks for, checked against what they may see now: an
 * unknown report is 404, a report or scope beyond their rights 403 (scope.ts). A department scope
 * answers the department it resolved to (a department head's own when none was named).
 */
export const checkReportAccess = async (
  ctx: RequestCtx,
  registry: ReportRegistry,
  key: string,
  scope?: ReportScope,
  departmentId?: string,
) => {
  const report = registry.get(key);
  if (!report) throw new AppError(404, "errors.reports.notFound");
  const reach = await reachOf(ctx);
  if (!reach || !mayRun(ctx, report)) throw new AppError(403, "errors.forbidden");
  const chosen = scope ?? (reach.firm ? "firm" : "me");
  return {
    report,
    scope: chosen,
    departmentId: await checkScope(ctx, reach, chosen, departmentId),
  };
};

/**
 * One report for a scope and period, its figures aggregated by PostgreSQL. `now` places "today"
 * on the firm's clock (a scheduled run passes its own).
 */
export const runReport = async (
  ctx: RequestCtx,
  registry: ReportRegistry,
  key: string,
  q: ReportQuery,
  now = new Date(),
): Promise<ReportAnswer> => {
  const { report, scope, departmentId } = await checkReportAccess(
    ctx,
    registry,
    key,
    q.scope,
    q.departmentId,
  );
  const zone = await readFirmTimeZone(ctx.db, ctx.workspaceId);
  const today = firmDateOf(now, zone);
  const { from, to } = periodDays(q.period ?? "month", today, q.from, q.to);
  const filter = {
    scope,
    userId: ctx.userId,
    departmentId,
    from,
    to,
    fromAt: firmDayStart(from, zone),
    untilAt: firmDayStart(nextDay(to), zone),
    zone,
    today,
  };
  // Planned for these very days and people: the app keeps statements prepared, and after a few
  // runs PostgreSQL would reuse one generic plan for any period and scope, which for a lawyer's
  // year read their cases' payments the way it reads the firm's (bench/reports: 65 ms, not 26).
  const result = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return report.run(withDb(ctx, tx), filter);
  });
  return {
    key,
    scope,
    from,
    to,
    departmentId,
    columns: report.columns,
    rows: result.rows,
    drill: result.drill ?? {},
    chart: report.chart,
  };
};
