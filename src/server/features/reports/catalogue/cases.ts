import { and, count, gte, inArray, lt, sql } from "drizzle-orm";

import { cases } from "../../../db/tables";
import { firmDayStart as firmStart } from "../../../lib/firm-time";
import { translatorFor } from "../../../lib/i18n";
import { inWorkspace } from "../../../lib/tenant";
import { caseScopeFilters, type Drills, drillTo, isEmpty } from "../drill";
import { caseNarrowing } from "../narrow";
import { dictionaryNames } from "../dictionary-names";
import type { ReportDefinition } from "../registry";

const OPEN = ["pre-filing", "formal"];

/** Cases opened per month of the firm's calendar, by case type. */
export const newCasesReport: ReportDefinition = {
  key: "new-cases",
  columns: [
    { key: "month", label: "reports.columns.month", kind: "text" },
    { key: "caseType", label: "reports.columns.caseType", kind: "text" },
    { key: "cases", label: "reports.columns.cases", kind: "count" },
  ],
  chart: { type: "bar", category: "month", series: ["cases"], group: "caseType", stacked: true },
  run: async (ctx, f) => {
    // The month by the instants its firm months begin (width_bucket's binary search), not by
    // converting every case's instant to the firm's zone: half the time on a year of cases.
    const months = monthsOf(f.from, f.to);
    const starts = months.slice(1).map((m) => sql`${firmStart(`${m}-01`, f.zone).toISOString()}`);
    const bucket = starts.length
      ? sql<number>`width_bucket(${cases.createdAt}, array[${sql.join(starts, sql`, `)}]::timestamptz[])`
      : sql<number>`0`;
    const found = await ctx.db
      .select({ bucket, caseType: cases.caseType, cases: count() })
      .from(cases)
      .where(
        inWorkspace(
          ctx,
          cases,
          and(gte(cases.createdAt, f.fromAt), lt(cases.createdAt, f.untilAt), caseNarrowing(f)),
        ),
      )
      // By position: the instants are parameters, and PostgreSQL does not match $1 to $5.
      .groupBy(sql`1`, sql`2`)
      .orderBy(sql`1`, sql`2`);
    const rows = found.map((r) => ({
      month: months[Number(r.bucket)],
      caseType: r.caseType,
      cases: r.cases,
    }));
    // The firm's own names for its case types, in the viewer's language.
    const name = await dictionaryNames(ctx, "case-type");
    const drill: Drills = {};
    const out = rows.map((r) => {
      const id = `${r.month}:${r.caseType}`;
      const { start, end } = monthInstants(r.month, f);
      drill[id] = {
        cases: drillTo("/case/list", "cases", [
          { field: "caseType", operator: "eq", value: r.caseType },
          { field: "createdAt", operator: "gte", value: start },
          { field: "createdAt", operator: "lte", value: end },
          ...caseScopeFilters(f),
        ]),
      };
      return { id, ...r, caseType: name.get(r.caseType) ?? r.caseType };
    });
    return { rows: out, drill };
  },
};

/**
 * A month's first and last instants within the period, on the firm's clock (the list's
 * createdAt_lte is inclusive, hence the millisecond before the next start).
 */
const monthInstants = (month: string, f: Parameters<ReportDefinition["run"]>[1]) => {
  const first = `${month}-01` < f.from ? f.fromAt : firmStart(`${month}-01`, f.zone);
  const nextMonth = nextMonthOf(month);
  const after = `${nextMonth}-01` > f.to ? f.untilAt : firmStart(`${nextMonth}-01`, f.zone);
  return { start: first.toISOString(), end: new Date(after.getTime() - 1).toISOString() };
};

/** The firm months ("YYYY-MM") a period's days touch, in order. */
const monthsOf = (from: string, to: string) => {
  const out = [from.slice(0, 7)];
  while (out[out.length - 1] < to.slice(0, 7)) out.push(nextMonthOf(out[out.length - 1]));
  return out;
};

const nextMonthOf = (month: string) => {
  const [y, m] = month.split("-").map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
};

/**
 * Cases open now (pre-filing or formal) by stage (the firm's case-stage dictionary, in its order;
 * cases with no stage last); the period does not apply to a stock.
 */
export const openCasesReport: ReportDefinition = {
  key: "open-cases",
  columns: [
    { key: "stage", label: "reports.columns.stage", kind: "text" },
    { key: "cases", label: "reports.columns.cases", kind: "count" },
  ],
  chart: { type: "pie", category: "stage", series: ["cases"] },
  run: async (ctx, f) => {
    const [rows, name] = await Promise.all([
      ctx.db
        .select({ stage: cases.stage, cases: count() })
        .from(cases)
        .where(inWorkspace(ctx, cases, and(inArray(cases.status, OPEN), caseNarrowing(f))))
        .groupBy(cases.stage),
      dictionaryNames(ctx, "case-stage"),
    ]);
    const t = translatorFor(ctx.lang);
    const order = [...name.keys()];
    const rank = (stage: string | null) =>
      stage === null ? Infinity : order.includes(stage) ? order.indexOf(stage) : order.length;
    rows.sort(
      (a, b) => rank(a.stage) - rank(b.stage) || String(a.stage).localeCompare(String(b.stage)),
    );
    const drill: Drills = {};
    const out = rows.map((r) => {
      const id = r.stage ?? NO_STAGE;
      drill[id] = {
        cases: drillTo("/case/list", "cases", [
          { field: "status", operator: "in", value: OPEN },
          r.stage === null ? isEmpty("stage") : { field: "stage", operator: "eq", value: r.stage },
          ...caseScopeFilters(f),
        ]),
      };
      const stage = r.stage === null ? t("reports.noStage") : (name.get(r.stage) ?? r.stage);
      return { id, stage, cases: r.cases };
    });
    return { rows: out, drill };
  },
};

/** The row of open cases with no stage (a row id no dictionary code takes: codes have no colon). */
const NO_STAGE = ":none";
