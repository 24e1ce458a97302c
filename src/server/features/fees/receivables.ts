import { sql, type SQL } from "drizzle-orm";

import type { Receivables } from "../../../shared/contracts/fees";
import { AGEING_BUCKETS, type AgeingBucket } from "../../../shared/fees";
import { firmTodayOf } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";
import { fastReceivables, type ReceivableSqlRow } from "./receivables-fast";

export type ReceivablesQuery = {
  accountId?: string;
  departmentId?: string;
  leadLawyerId?: string;
  asOf?: string;
  _start?: number;
  _end?: number;
};

type Row = ReceivableSqlRow & { total: number };

/**
 * What the viewer's clients owe on `asOf`, aggregated by PostgreSQL in one statement (a firm of
 * 100 000 cases must answer in well under a second, so no row goes through JavaScript but the
 * clients'): the bills issued by that day and not voided, each owing its total less the payments
 * made against it by that day, aged from its due date (its issue date when it has none; a bill
 * written as issued without a date, by an import or by hand, counts from the day it was made)
 * into the buckets of src/shared/fees/ageing.ts; invoices issued by that day and not red-reversed
 * or voided before it. Only cases the viewer may read count, by the same row scope as the case
 * list.
 */
const receivablesSql = (ctx: RequestCtx, q: ReceivablesQuery, asOf: string, page?: SQL) => {
  const readable = rowScopeOf(ctx, "read", "LAWFIRM_CASE_VIEW", "cases");
  const filters: SQL[] = [sql`cases.workspace_id = ${ctx.workspaceId}`];
  if (readable) filters.push(readable);
  if (q.accountId) filters.push(sql`cases.account_id = ${q.accountId}`);
  if (q.leadLawyerId) filters.push(sql`cases.lead_lawyer_id = ${q.leadLawyerId}`);
  // A department means it and the departments under it (诉讼部 takes in its 民商事组).
  if (q.departmentId)
    filters.push(sql`cases.department_id in (
      with recursive tree(id) as (
        select id from departments where workspace_id = ${ctx.workspaceId} and id = ${q.departmentId}
        union select d.id from departments d join tree on d.parent_id = tree.id
         where d.workspace_id = ${ctx.workspaceId})
      select id from tree)`);
  const money = (expr: SQL) => sql`coalesce(${expr}, 0)::numeric(20, 2)::text`;
  const bucket = (name: AgeingBucket, when: SQL) =>
    sql`${money(sql`sum(outstanding) filter (where ${when})`)} as ${sql.identifier(name)}`;
  const scoped = sql.join(filters, sql` and `);
  // What was paid against each bill by the day: the bill keeps the sum of all its payments
  // (case_bills.paid_amount), less the payments made after the day — none for today's report,
  // found through the payments' (firm, day) index — so no report sums a million payments.
  const later = sql`left join (
        select p.bill_id, sum(p.amount) as amount from case_payments p
         where p.workspace_id = ${ctx.workspaceId} and p.paid_on > ${asOf}::date
           and p.bill_id is not null
         group by p.bill_id) later on later.bill_id = b.id`;
  const paid = sql`(b.paid_amount - coalesce(later.amount, 0))`;
  return sql`
    with owed as (
      select cases.account_id, b.case_id, b.total, ${paid} as received,
             b.total - ${paid} as outstanding,
             ${asOf}::date - coalesce(b.due_on, b.issued_on, b.created_at::date) as days
        from case_bills b
        join cases on cases.workspace_id = b.workspace_id and cases.id = b.case_id
        ${later}
       where b.workspace_id = ${ctx.workspaceId} and b.status in ('issued', 'partially-paid', 'paid')
         and coalesce(b.issued_on, b.created_at::date) <= ${asOf}::date and ${scoped}),
    case_counts as (
      select account_id, count(*)::int as cases
        from (select distinct account_id, case_id from owed) d group by account_id),
    by_account as (
      select o.account_id, n.cases, sum(o.total) as billed, sum(o.received) as received,
             sum(o.outstanding) as outstanding,
             ${bucket("notDue", sql`days < 0`)},
             ${bucket("days0to30", sql`days between 0 and 30`)},
             ${bucket("days31to90", sql`days between 31 and 90`)},
             ${bucket("days91to180", sql`days between 91 and 180`)},
             ${bucket("over180", sql`days > 180`)}
        from owed o join case_counts n on n.account_id = o.account_id
       group by o.account_id, n.cases),
    invoiced as (
      select cases.account_id, sum(i.amount) as invoiced
        from invoices i join cases on cases.workspace_id = i.workspace_id and cases.id = i.case_id
       where i.workspace_id = ${ctx.workspaceId} and i.issued_on <= ${asOf}::date
         and (i.status = 'issued'
              or (i.status in ('reversed', 'voided') and i.cancelled_on > ${asOf}::date))
         and ${scoped}
       group by cases.account_id),
    client_rows as (
      select coalesce(b.account_id, i.account_id) as account_id, coalesce(b.cases, 0) as cases,
             ${money(sql`b.billed`)} as billed, ${money(sql`b.received`)} as received,
             ${money(sql`i.invoiced`)} as invoiced, ${money(sql`b.outstanding`)} as outstanding,
             coalesce(b.outstanding, 0) as sort_outstanding,
             ${sql.join(
               AGEING_BUCKETS.map(
                 (name) =>
                   sql`coalesce(b.${sql.identifier(name)}, '0.00') as ${sql.identifier(name)}`,
               ),
               sql`, `,
             )}
        from by_account b full join invoiced i on i.account_id = b.account_id),
    numbered as (
      select r.*, a.name as account_name, a.account_type, count(*) over ()::int as total,
             row_number() over (order by r.sort_outstanding desc, a.name, r.account_id) as pos
        from client_rows r join accounts a on a.workspace_id = ${ctx.workspaceId} and a.id = r.account_id),
    page as (select * from numbered order by pos ${page ?? sql``})
    select account_id as "accountId", account_name as "accountName",
           account_type as "accountType", cases, billed, received,
           invoiced, outstanding, ${sql.join(
             AGEING_BUCKETS.map((n) => sql.identifier(n)),
             sql`, `,
           )}, total, pos
      from page
    union all
    select null, null, null, coalesce(sum(cases), 0)::int, ${money(sql`sum(billed::numeric)`)},
           ${money(sql`sum(received::numeric)`)}, ${money(sql`sum(invoiced::numeric)`)},
           ${money(sql`sum(outstanding::numeric)`)},
           ${sql.join(
             AGEING_BUCKETS.map((n) => money(sql`sum(${sql.identifier(n)}::numeric)`)),
             sql`, `,
           )}, -1, null
      from numbered
    order by pos nulls last`;
};

/** The report hashes a row per bill and per case: with room to do it in memory, not on disk. */
const run = (ctx: RequestCtx, query: SQL) =>
  ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;
  });

const bucketsOf = (row: ReceivableSqlRow) =>
  Object.fromEntries(AGEING_BUCKETS.map((name) => [name, row[name]])) as Record<
    AgeingBucket,
    string
  >;

const answerOf = (
  asOf: string,
  rows: ReceivableSqlRow[],
  totalsRow: ReceivableSqlRow,
  total: number,
): Receivables & { total: number } => ({
  asOf,
  rows: rows.map((r) => ({
    accountId: r.accountId!,
    accountName: r.accountName!,
    accountType: r.accountType!,
    cases: r.cases,
    billed: r.billed,
    received: r.received,
    invoiced: r.invoiced,
    outstanding: r.outstanding,
    buckets: bucketsOf(r),
  })),
  totals: {
    billed: totalsRow.billed,
    received: totalsRow.received,
    invoiced: totalsRow.invoiced,
    outstanding: totalsRow.outstanding,
    buckets: bucketsOf(totalsRow),
  },
  // Clients in all (the page's x-total-count), whether or not a page was asked for.
  total,
});

type Page = { limit: number; offset: number } | undefined;

const pageOf = (q: ReceivablesQuery): Page => {
  if (q._start === undefined && q._end === undefined) return undefined;
  const start = q._start ?? 0;
  return { limit: Math.max(0, Math.min((q._end ?? start + 10) - start, 1000)), offset: start };
};

/**
 * The report computed from the bills, invoices and payments (any day, any viewer, any filter).
 * Exported for the test that holds the running totals to it.
 */
export const exactReceivables = async (
  ctx: RequestCtx,
  q: ReceivablesQuery,
  asOf: string,
): Promise<Receivables & { total: number }> => {
  const page = pageOf(q);
  const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : undefined;
  const all = await run(ctx, receivablesSql(ctx, q, asOf, limit));
  const totalsRow = all.find((r) => r.total === -1)!;
  const rows = all.filter((r) => r.total !== -1);
  const total = rows[0]?.total ?? (page ? await countOnly(ctx, q, asOf) : 0);
  return answerOf(asOf, rows, totalsRow, total);
};

/**
 * GET /fees/receivables: one row per client with money billed or invoiced, and the totals. The
 * screen's usual question — today, the whole firm or one client, by a viewer who reads every
 * case — is answered from the running totals (receivables-fast.ts); a past day, a viewer limited
 * to some cases, a department or lawyer filter, or data dated after today take the exact report.
 * `now` is the clock (tests inject one).
 */
export const findReceivables = async (
  ctx: RequestCtx,
  q: ReceivablesQuery,
  now = new Date(),
): Promise<Receivables & { total: number }> => {
  const today = await firmTodayOf(ctx.db, ctx.workspaceId, now);
  const asOf = q.asOf ?? today;
  const everyCase = rowScopeOf(ctx, "read", "LAWFIRM_CASE_VIEW", "cases") === undefined;
  if (asOf === today && everyCase && !q.departmentId && !q.leadLawyerId) {
    const fast = await fastReceivables(ctx.db, ctx.workspaceId, today, q.accountId, pageOf(q));
    if (fast.settled) return answerOf(asOf, fast.rows, fast.totals, fast.total);
  }
  return exactReceivables(ctx, q, asOf);
};

/** A page past the last row still says how many there are. */
const countOnly = async (ctx: RequestCtx, q: ReceivablesQuery, asOf: string) => {
  const rows = (await run(ctx, receivablesSql(ctx, q, asOf, sql`limit 1`))).filter(
    (r) => r.total !== -1,
  );
  return rows[0]?.total ?? 0;
};
