import { sql } from "drizzle-orm";

import { AGEING_BUCKETS } from "../../../../shared/fees";
import type { RequestCtx } from "../../../lib/request-ctx";
import { caseNarrowing } from "../narrow";
import type { ReportDefinition, ReportFilter } from "../registry";

/** The case condition of a money row (`c` is its case), or true for the firm. */
const onCase = (f: ReportFilter) => caseNarrowing(f) ?? sql`true`;

/** Rows of raw SQL, each a record of strings (numeric sums stay strings: exact to the cent). */
const rowsOf = async <T>(ctx: RequestCtx, query: ReturnType<typeof sql>) => {
  const result = await ctx.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
};

/**
 * Billed (bills issued in the month, not void, by issued_on), received (payments by paid_on) and
 * invoiced (invoices issued, by issued_on) per month; the sums are numeric(14,2) in PostgreSQL and
 * reach the client as "1234.50". Each month is a firm's month: the columns are firm dates already.
 */
export const moneyReport: ReportDefinition = {
  key: "money",
  columns: [
    { key: "month", label: "reports.columns.month", kind: "text" },
    { key: "billed", label: "reports.columns.billed", kind: "money" },
    { key: "received", label: "reports.columns.received", kind: "money" },
    { key: "invoiced", label: "reports.columns.invoiced", kind: "money" },
  ],
  chart: { type: "bar", category: "month", series: ["billed", "received", "invoiced"] },
  run: async (ctx, f) => {
    const ws = ctx.workspaceId;
    const rows = await rowsOf<{
      month: string;
      billed: string;
      received: string;
      invoiced: string;
    }>(
      ctx,
      sql`select m.month,
          coalesce(sum(m.billed), 0)::numeric(14, 2)::text as billed,
          coalesce(sum(m.received), 0)::numeric(14, 2)::text as received,
          coalesce(sum(m.invoiced), 0)::numeric(14, 2)::text as invoiced
        from (
          select to_char(b.issued_on, 'YYYY-MM') as month, b.total as billed, null::numeric as received, null::numeric as invoiced
            from case_bills b join cases on cases.workspace_id = b.workspace_id and cases.id = b.case_id
            where b.workspace_id = ${ws} and b.issued_on between ${f.from} and ${f.to}
              and b.status not in ('draft', 'void') and ${onCase(f)}
          union all
          select to_char(p.paid_on, 'YYYY-MM'), null, p.amount, null
            from case_payments p join cases on cases.workspace_id = p.workspace_id and cases.id = p.case_id
            where p.workspace_id = ${ws} and p.paid_on between ${f.from} and ${f.to} and ${onCase(f)}
          union all
          select to_char(i.issued_on, 'YYYY-MM'), null, null, i.amount
            from invoices i join cases on cases.workspace_id = i.workspace_id and cases.id = i.case_id
            where i.workspace_id = ${ws} and i.issued_on between ${f.from} and ${f.to}
              and i.status = 'issued' and ${onCase(f)}
        ) m group by m.month order by m.month`,
    );
    return { rows: rows.map((r) => ({ id: r.month, ...r })) };
  },
};

/**
 * What is owed today on bills issued and not void (total less paid_amount, which the payment's
 * transaction keeps), aged from the due date (the issue date when none) into the fees feature's
 * buckets: not due, 0–30, 31–90, 91–180, over 180 days past due.
 */
export const ageingReport: ReportDefinition = {
  key: "receivables-ageing",
  requires: ["read", "LAWFIRM_RECEIVABLE_VIEW"],
  columns: [
    { key: "bucket", label: "reports.columns.bucket", kind: "text", translate: true },
    { key: "bills", label: "reports.columns.bills", kind: "count" },
    { key: "outstanding", label: "reports.columns.outstanding", kind: "money" },
  ],
  chart: { type: "bar", category: "bucket", series: ["outstanding"] },
  run: async (ctx, f) => {
    const rows = await rowsOf<{ bucket: string; bills: number; outstanding: string }>(
      ctx,
      sql`select a.bucket, count(*)::int as bills, sum(a.owed)::numeric(14, 2)::text as outstanding
        from (
          select b.total - b.paid_amount as owed,
            case when ${f.today}::date - coalesce(b.due_on, b.issued_on) <= 0 then 'notDue'
              when ${f.today}::date - coalesce(b.due_on, b.issued_on) <= 30 then 'days0to30'
              when ${f.today}::date - coalesce(b.due_on, b.issued_on) <= 90 then 'days31to90'
              when ${f.today}::date - coalesce(b.due_on, b.issued_on) <= 180 then 'days91to180'
              else 'over180' end as bucket
          from case_bills b join cases on cases.workspace_id = b.workspace_id and cases.id = b.case_id
          where b.workspace_id = ${ctx.workspaceId} and b.status not in ('draft', 'void')
            and b.total > b.paid_amount and ${onCase(f)}
        ) a group by a.bucket`,
    );
    const byBucket = new Map(rows.map((r) => [r.bucket, r]));
    return {
      rows: AGEING_BUCKETS.map((bucket) => ({
        id: bucket,
        bucket: `reports.buckets.${bucket}`,
        bills: byBucket.get(bucket)?.bills ?? 0,
        outstanding: byBucket.get(bucket)?.outstanding ?? "0.00",
      })),
    };
  },
};

/** The ten clients who paid the most in the period (payments by paid_on, through their cases). */
export const topClientsReport: ReportDefinition = {
  key: "top-clients",
  columns: [
    { key: "client", label: "reports.columns.client", kind: "text" },
    { key: "received", label: "reports.columns.received", kind: "money" },
  ],
  chart: { type: "bar", category: "client", series: ["received"] },
  run: async (ctx, f) => {
    const rows = await rowsOf<{ id: string; client: string; received: string }>(
      ctx,
      sql`select a.id, a.name as client, sum(p.amount)::numeric(14, 2)::text as received
        from case_payments p
          join cases on cases.workspace_id = p.workspace_id and cases.id = p.case_id
          join accounts a on a.workspace_id = cases.workspace_id and a.id = cases.account_id
        where p.workspace_id = ${ctx.workspaceId} and p.paid_on between ${f.from} and ${f.to}
          and ${onCase(f)}
        group by a.id, a.name order by sum(p.amount) desc, a.name limit 10`,
    );
    return { rows };
  },
};
