import dayjs from "dayjs";
import { and, between, count, ne, type SQL, sql } from "drizzle-orm";

import { keyDates } from "../../../db/tables";
import { inWorkspace } from "../../../lib/tenant";
import { keyDateOutcome } from "../../deadlines";
import { type Drills, drillTo, lastInstant, memberScopeFilters } from "../drill";
import { memberNarrowing, rowsOf } from "../narrow";
import type { ReportDefinition, ReportFilter } from "../registry";

const OPEN_CASES = ["pre-filing", "formal"];
/** The statuses of a finished approval (workflow_instances.finished_at is set exactly for them). */
const FINISHED = ["approved", "rejected", "cancelled"];

const members = (f: ReportFilter) => memberNarrowing(f, sql`m.user_id`) ?? sql`true`;

/**
 * A workload subquery's rows of the members in scope (`m`), so one lawyer's figures read one
 * lawyer's index range (cases_lead_idx, case_time_entries_user_idx), not the firm's.
 */
const inScope = (f: ReportFilter, person: SQL) =>
  f.scope === "firm" ? sql`true` : sql`${person} in (select user_id from m)`;

/**
 * Per member in scope: open cases they lead, hours entered in the period (case_time_entries by
 * work_date) and open key dates they answer for due in the next 14 days of the firm's calendar.
 * Three grouped subqueries joined to the members, each on its own index.
 */
export const workloadReport: ReportDefinition = {
  key: "workload",
  columns: [
    { key: "member", label: "reports.columns.member", kind: "text" },
    { key: "openCases", label: "reports.columns.openCases", kind: "count" },
    { key: "hours", label: "reports.columns.hours", kind: "hours" },
    { key: "dueSoon", label: "reports.columns.dueSoon", kind: "count" },
  ],
  chart: { type: "bar", category: "member", series: ["openCases", "hours", "dueSoon"] },
  run: async (ctx, f) => {
    const ws = ctx.workspaceId;
    const horizon = dayjs(f.today).add(13, "day").format("YYYY-MM-DD");
    const rows = await rowsOf<{
      id: string;
      member: string;
      openCases: number;
      hours: string;
      dueSoon: number;
    }>(
      ctx,
      sql`with m as (select user_id from members m where m.workspace_id = ${ws} and ${members(f)})
        select u.id, u.name as member,
          coalesce(c.n, 0)::int as "openCases",
          (coalesce(t.minutes, 0) / 60.0)::numeric(10, 2)::text as hours,
          coalesce(k.n, 0)::int as "dueSoon"
        from m join users u on u.id = m.user_id
        left join (select lead_lawyer_id as uid, count(*) as n from cases
          where workspace_id = ${ws} and status in ('pre-filing', 'formal')
            and ${inScope(f, sql`lead_lawyer_id`)}
          group by lead_lawyer_id) c on c.uid = m.user_id
        left join (select user_id as uid, sum(minutes) as minutes from case_time_entries
          where workspace_id = ${ws} and work_date between ${f.from} and ${f.to}
            and ${inScope(f, sql`user_id`)}
          group by user_id) t on t.uid = m.user_id
        left join (select responsible_id as uid, count(*) as n from key_dates
          where workspace_id = ${ws} and status = 'open' and due_date between ${f.today} and ${horizon}
            and ${inScope(f, sql`responsible_id`)}
          group by responsible_id) k on k.uid = m.user_id
        where c.n is not null or t.minutes is not null or k.n is not null or m.user_id = ${ctx.userId}
        order by coalesce(c.n, 0) desc, u.name`,
    );
    // Per member: their open cases, their hours, their key dates (the member's, whatever the scope).
    const drill: Drills = {};
    for (const r of rows)
      drill[r.id] = {
        openCases: drillTo("/case/list", "cases", [
          { field: "leadLawyerId", operator: "eq", value: r.id },
          { field: "status", operator: "in", value: OPEN_CASES },
        ]),
        hours: drillTo(
          "/case-time-entries",
          "case-time-entries",
          [
            { field: "userId", operator: "eq", value: r.id },
            { field: "workDate", operator: "gte", value: f.from },
            { field: "workDate", operator: "lte", value: f.to },
          ],
          "minutes",
        ),
        dueSoon: drillTo("/key-dates", "key-dates", [
          { field: "responsibleId", operator: "eq", value: r.id },
          { field: "status", operator: "eq", value: "open" },
          { field: "dueDate", operator: "gte", value: f.today },
          { field: "dueDate", operator: "lte", value: horizon },
        ]),
      };
    return { rows, drill };
  },
};

/**
 * Key dates falling due in the period by outcome: met (done, the last change, which marks it done,
 * on or before the due date), missed (done late, or still open after its day) and still to come,
 * as the deadlines feature defines them (keyDateOutcome); each count opens those key dates.
 */
export const deadlinesReport: ReportDefinition = {
  key: "deadlines",
  columns: [
    { key: "outcome", label: "reports.columns.outcome", kind: "text", translate: true },
    { key: "keyDates", label: "reports.columns.keyDates", kind: "count" },
  ],
  chart: { type: "pie", category: "outcome", series: ["keyDates"] },
  run: async (ctx, f) => {
    const outcome = keyDateOutcome(f.zone, f.today);
    const rows = await ctx.db
      .select({ outcome: sql<string>`${outcome}`, keyDates: count() })
      .from(keyDates)
      .where(
        inWorkspace(
          ctx,
          keyDates,
          and(
            ne(keyDates.status, "void"),
            between(keyDates.dueDate, f.from, f.to),
            memberNarrowing(f, keyDates.responsibleId),
          ),
        ),
      )
      .groupBy(sql`1`);
    const by = new Map(rows.map((r) => [r.outcome, r.keyDates]));
    const scope = memberScopeFilters(f, "responsibleId", "responsibleDepartmentId");
    const drill: Drills = {};
    const outcomes = ["met", "missed", "pending"] as const;
    for (const o of outcomes)
      drill[o] = {
        keyDates: drillTo("/key-dates", "key-dates", [
          { field: "outcome", operator: "eq", value: o },
          { field: "dueDate", operator: "gte", value: f.from },
          { field: "dueDate", operator: "lte", value: f.to },
          ...scope,
        ]),
      };
    return {
      rows: outcomes.map((o) => ({
        id: o,
        outcome: `reports.outcomes.${o}`,
        keyDates: by.get(o) ?? 0,
      })),
      drill,
    };
  },
};

/**
 * Approvals submitted in the period and finished, by kind: how many, and hours to finish (mean,
 * median); each count opens those approvals in the approval centre's "all" tab.
 */
export const approvalsReport: ReportDefinition = {
  key: "approvals",
  columns: [
    { key: "kind", label: "reports.columns.kind", kind: "text", translate: true },
    { key: "finished", label: "reports.columns.finished", kind: "count" },
    { key: "avgHours", label: "reports.columns.avgHours", kind: "hours" },
    { key: "p50Hours", label: "reports.columns.p50Hours", kind: "hours" },
  ],
  chart: { type: "bar", category: "kind", series: ["avgHours", "p50Hours"] },
  run: async (ctx, f) => {
    const hours = sql`extract(epoch from (w.finished_at - w.submitted_at)) / 3600.0`;
    const finished = sql.raw(FINISHED.map((s) => `'${s}'`).join(", "));
    const rows = await rowsOf<{
      kind: string;
      finished: number;
      avgHours: string;
      p50Hours: string;
    }>(
      ctx,
      sql`select w.kind, count(*)::int as finished,
          round(avg(${hours})::numeric, 2)::text as "avgHours",
          round((percentile_cont(0.5) within group (order by ${hours}))::numeric, 2)::text as "p50Hours"
        from workflow_instances w
        where w.workspace_id = ${ctx.workspaceId} and w.status in (${finished})
          and w.submitted_at >= ${f.fromAt.toISOString()} and w.submitted_at < ${f.untilAt.toISOString()}
          and ${memberNarrowing(f, sql`w.initiator_id`) ?? sql`true`}
        group by w.kind order by w.kind`,
    );
    const scope = memberScopeFilters(f, "initiatorId", "initiatorDepartmentId");
    const drill: Drills = {};
    for (const r of rows)
      drill[r.kind] = {
        finished: drillTo("/workflow/center/all", "workflow/lists/all", [
          { field: "kind", operator: "eq", value: r.kind },
          { field: "status", operator: "in", value: FINISHED },
          { field: "submittedAt", operator: "gte", value: f.fromAt.toISOString() },
          { field: "submittedAt", operator: "lte", value: lastInstant(f.untilAt) },
          ...scope,
        ]),
      };
    return {
      rows: rows.map((r) => ({ id: r.kind, ...r, kind: `workflow.kinds.${r.kind}` })),
      drill,
    };
  },
};
