import dayjs from "dayjs";
import { sql } from "drizzle-orm";

import type { RequestCtx } from "../../../lib/request-ctx";
import { caseScopeFilters, drillTo } from "../drill";
import { memberNarrowing } from "../narrow";
import type { ReportDefinition, ReportFilter } from "../registry";

const rowsOf = async <T>(ctx: RequestCtx, query: ReturnType<typeof sql>) => {
  const result = await ctx.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
};

const members = (f: ReportFilter) => memberNarrowing(f, sql`m.user_id`) ?? sql`true`;

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
      sql`select u.id, u.name as member,
          coalesce(c.n, 0)::int as "openCases",
          (coalesce(t.minutes, 0) / 60.0)::numeric(10, 2)::text as hours,
          coalesce(k.n, 0)::int as "dueSoon"
        from members m join users u on u.id = m.user_id
        left join (select lead_lawyer_id as uid, count(*) as n from cases
          where workspace_id = ${ws} and status in ('pre-filing', 'formal') group by lead_lawyer_id) c
          on c.uid = m.user_id
        left join (select user_id as uid, sum(minutes) as minutes from case_time_entries
          where workspace_id = ${ws} and work_date between ${f.from} and ${f.to} group by user_id) t
          on t.uid = m.user_id
        left join (select responsible_id as uid, count(*) as n from key_dates
          where workspace_id = ${ws} and status = 'open' and due_date between ${f.today} and ${horizon}
          group by responsible_id) k on k.uid = m.user_id
        where m.workspace_id = ${ws} and ${members(f)}
          and (c.n is not null or t.minutes is not null or k.n is not null or m.user_id = ${ctx.userId})
        order by coalesce(c.n, 0) desc, u.name`,
    );
    const drill: Record<string, Record<string, ReturnType<typeof drillTo>>> = {};
    for (const r of rows)
      drill[r.id] = {
        openCases: drillTo("/case/list", "cases", [
          { field: "leadLawyerId", operator: "eq", value: r.id },
          { field: "status", operator: "eq", value: "formal" },
          ...caseScopeFilters(f).filter((x) => x.field !== "leadLawyerId"),
        ]),
      };
    return { rows, drill };
  },
};

/**
 * Key dates falling due in the period: met (done; the last change, which marks it done, on or
 * before the due date), missed (done late, or still open after its day) and still to come.
 */
export const deadlinesReport: ReportDefinition = {
  key: "deadlines",
  columns: [
    { key: "outcome", label: "reports.columns.outcome", kind: "text", translate: true },
    { key: "keyDates", label: "reports.columns.keyDates", kind: "count" },
  ],
  chart: { type: "pie", category: "outcome", series: ["keyDates"] },
  run: async (ctx, f) => {
    const rows = await rowsOf<{ outcome: string; keyDates: number }>(
      ctx,
      sql`select k.outcome, count(*)::int as "keyDates" from (
          select case
            when d.status = 'done' and (d.updated_at at time zone ${f.zone})::date <= d.due_date then 'met'
            when d.status = 'done' or d.due_date < ${f.today}::date then 'missed'
            else 'pending' end as outcome
          from key_dates d
          where d.workspace_id = ${ctx.workspaceId} and d.status <> 'void'
            and d.due_date between ${f.from} and ${f.to}
            and ${memberNarrowing(f, sql`d.responsible_id`) ?? sql`true`}
        ) k group by k.outcome`,
    );
    const by = new Map(rows.map((r) => [r.outcome, r.keyDates]));
    return {
      rows: ["met", "missed", "pending"].map((o) => ({
        id: o,
        outcome: `reports.outcomes.${o}`,
        keyDates: by.get(o) ?? 0,
      })),
    };
  },
};

/** Approvals submitted in the period and finished: how many, and hours to finish (mean, median). */
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
        where w.workspace_id = ${ctx.workspaceId} and w.finished_at is not null
          and w.submitted_at >= ${f.fromAt.toISOString()} and w.submitted_at < ${f.untilAt.toISOString()}
          and ${memberNarrowing(f, sql`w.initiator_id`) ?? sql`true`}
        group by w.kind order by w.kind`,
    );
    return { rows: rows.map((r) => ({ id: r.kind, ...r, kind: `workflow.kinds.${r.kind}` })) };
  },
};
