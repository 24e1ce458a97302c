import dayjs from "dayjs";
import { sql } from "drizzle-orm";

import { AGEING_BUCKETS, type AgeingBucket } from "../../../../shared/fees/ageing";
import { type DrillFilter, type Drills, drillTo, throughCase } from "../drill";
import { caseIn, rowsOf } from "../narrow";
import type { ReportDefinition, ReportFilter } from "../registry";

/** Bills that count as billed and as owed: issued, whatever has been paid since (not draft, void). */
const BILLED = ["issued", "partially-paid", "paid"];
const billed = sql.raw(BILLED.map((s) => `'${s}'`).join(", "));

/** A month's days within the period, both included (the lists' `_lte` on a date is inclusive). */
const monthDays = (month: string, f: ReportFilter) => {
  const first = `${month}-01`;
  const last = dayjs(first).endOf("month").format("YYYY-MM-DD");
  return { from: first < f.from ? f.from : first, to: last > f.to ? f.to : last };
};

const daysOf = (field: string, from: string, to: string): DrillFilter[] => [
  { field, operator: "gte", value: from },
  { field, operator: "lte", value: to },
];

/**
 * Billed (bills issued in the month, by issued_on), received (payments by paid_on) and invoiced
 * (invoices issued, by issued_on) per month; the sums are numeric(14,2) in PostgreSQL and reach
 * the client as "1234.50". Each month is a firm's month: the columns are firm dates already. Each
 * sum opens the bills, payments or invoices it adds up.
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
      // Summed per day first (a year has 365 days, not 300 000 payments to name a month each),
      // each sum read from its index alone (case_bills_issued_idx, case_payments_day_idx,
      // invoices_issued_idx).
      sql`select to_char(m.day, 'YYYY-MM') as month,
          coalesce(sum(m.billed), 0)::numeric(14, 2)::text as billed,
          coalesce(sum(m.received), 0)::numeric(14, 2)::text as received,
          coalesce(sum(m.invoiced), 0)::numeric(14, 2)::text as invoiced
        from (
          select b.issued_on as day, sum(b.total) as billed, null::numeric as received, null::numeric as invoiced
            from case_bills b
            where b.workspace_id = ${ws} and b.issued_on between ${f.from} and ${f.to}
              and b.status in (${billed}) and ${caseIn(ctx, f, sql`b.case_id`)}
            group by 1
          union all
          select p.paid_on, null, sum(p.amount), null
            from case_payments p
            where p.workspace_id = ${ws} and p.paid_on between ${f.from} and ${f.to}
              and ${caseIn(ctx, f, sql`p.case_id`)}
            group by 1
          union all
          select i.issued_on, null, null, sum(i.amount)
            from invoices i
            where i.workspace_id = ${ws} and i.issued_on between ${f.from} and ${f.to}
              and i.status = 'issued' and ${caseIn(ctx, f, sql`i.case_id`)}
            group by 1
        ) m group by 1 order by 1`,
    );
    const scope = throughCase(f);
    // Invoices are finance's list: a viewer who may not open it gets the figure, not the link.
    const mayOpenInvoices = ctx.ability.can("read", "LAWFIRM_INVOICE_VIEW");
    const drill: Drills = {};
    for (const r of rows) {
      const { from, to } = monthDays(r.month, f);
      drill[r.month] = {
        billed: drillTo(
          "/case-bills",
          "case-bills",
          [
            { field: "status", operator: "in", value: BILLED },
            ...daysOf("issuedOn", from, to),
            ...scope,
          ],
          "total",
        ),
        received: drillTo(
          "/case-payments",
          "case-payments",
          [...daysOf("paidOn", from, to), ...scope],
          "amount",
        ),
        ...(mayOpenInvoices
          ? {
              invoiced: drillTo(
                "/finance/invoices",
                "invoices",
                [
                  { field: "status", operator: "eq", value: "issued" },
                  ...daysOf("issuedOn", from, to),
                  ...scope,
                ],
                "amount",
              ),
            }
          : {}),
      };
    }
    return { rows: rows.map((r) => ({ id: r.month, ...r })), drill };
  },
};

/**
 * The days a bill's aged-from day falls in for each bucket, looked at on `today`: as the fees
 * feature ages them (shared/fees/ageing.ts), due today is 0 days past due.
 */
const bucketDays = (bucket: AgeingBucket, today: string): { gte?: string; lte?: string } => {
  const ago = (n: number) => dayjs(today).subtract(n, "day").format("YYYY-MM-DD");
  if (bucket === "notDue") return { gte: ago(-1) };
  if (bucket === "days0to30") return { gte: ago(30), lte: today };
  if (bucket === "days31to90") return { gte: ago(90), lte: ago(31) };
  if (bucket === "days91to180") return { gte: ago(180), lte: ago(91) };
  return { lte: ago(181) };
};

/**
 * What is owed today on bills issued and not void (case_bills.outstanding, total less what the
 * payments' transactions keep in paid_amount), aged from the due date (the issue date when none:
 * case_bills.aged_from) into the fees feature's buckets. Each bucket opens its bills.
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
    const days = sql`${f.today}::date - b.aged_from`;
    const rows = await rowsOf<{ bucket: string; bills: number; outstanding: string }>(
      ctx,
      sql`select case when ${days} < 0 then 'notDue' when ${days} <= 30 then 'days0to30'
            when ${days} <= 90 then 'days31to90' when ${days} <= 180 then 'days91to180'
            else 'over180' end as bucket,
          count(*)::int as bills, sum(b.outstanding)::numeric(14, 2)::text as outstanding
        from case_bills b
        where b.workspace_id = ${ctx.workspaceId} and b.status in (${billed})
          and b.outstanding > 0 and b.aged_from is not null and ${caseIn(ctx, f, sql`b.case_id`)}
        group by 1`,
    );
    const byBucket = new Map(rows.map((r) => [r.bucket, r]));
    const scope = throughCase(f);
    const drill: Drills = {};
    for (const bucket of AGEING_BUCKETS) {
      const range = bucketDays(bucket, f.today);
      const filters: DrillFilter[] = [
        { field: "status", operator: "in", value: BILLED },
        { field: "outstanding", operator: "gte", value: "0.01" },
        ...(range.gte ? [{ field: "agedFrom", operator: "gte" as const, value: range.gte }] : []),
        ...(range.lte ? [{ field: "agedFrom", operator: "lte" as const, value: range.lte }] : []),
        ...scope,
      ];
      drill[bucket] = {
        bills: drillTo("/case-bills", "case-bills", filters),
        outstanding: drillTo("/case-bills", "case-bills", filters, "outstanding"),
      };
    }
    return {
      rows: AGEING_BUCKETS.map((bucket) => ({
        id: bucket,
        bucket: `reports.buckets.${bucket}`,
        bills: byBucket.get(bucket)?.bills ?? 0,
        outstanding: byBucket.get(bucket)?.outstanding ?? "0.00",
      })),
      drill,
    };
  },
};

/**
 * The ten clients who paid the most in the period (payments by paid_on, through their cases);
 * each sum opens those payments.
 */
export const topClientsReport: ReportDefinition = {
  key: "top-clients",
  columns: [
    { key: "client", label: "reports.columns.client", kind: "text" },
    { key: "received", label: "reports.columns.received", kind: "money" },
  ],
  chart: { type: "bar", category: "client", series: ["received"] },
  run: async (ctx, f) => {
    const ws = ctx.workspaceId;
    const rows = await rowsOf<{ id: string; client: string; received: string }>(
      ctx,
      // Summed per client through the cases, the ten largest kept before any name is read;
      // clients paid the same to the cent are told apart by id.
      sql`select a.id, a.name as client, t.received::numeric(14, 2)::text as received
        from (select c.account_id, sum(p.amount) as received
            from case_payments p
            join cases c on c.workspace_id = ${ws} and c.id = p.case_id
            where p.workspace_id = ${ws} and p.paid_on between ${f.from} and ${f.to}
              and ${caseIn(ctx, f, sql`p.case_id`)}
            group by c.account_id order by sum(p.amount) desc, c.account_id limit 10) t
          join accounts a on a.workspace_id = ${ws} and a.id = t.account_id
        order by t.received desc, t.account_id`,
    );
    const drill: Drills = {};
    for (const r of rows)
      drill[r.id] = {
        received: drillTo(
          "/case-payments",
          "case-payments",
          [
            ...daysOf("paidOn", f.from, f.to),
            { field: "caseId.accountId", operator: "eq", value: r.id },
            ...throughCase(f),
          ],
          "amount",
        ),
      };
    return { rows, drill };
  },
};
