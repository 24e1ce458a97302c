import { sql, type SQL } from "drizzle-orm";

import type { ReceivableRow } from "../../../shared/contracts/fees";
import { AGEING_BUCKETS, type AgeingBucket } from "../../../shared/fees";
import type { Db } from "../../db/client";

type Figures = Omit<
  ReceivableRow,
  "accountId" | "accountName" | "accountType" | "cases" | "buckets"
>;
/** A row of either report's statement: a client's, or the totals (accountId null). */
export type ReceivableSqlRow = Figures &
  Record<AgeingBucket, string> & {
    accountId: string | null;
    accountName: string | null;
    accountType: string | null;
    cases: number;
  };

/** The ageing buckets of src/shared/fees/ageing.ts, by days past the day a bill ages from. */
const bucketsSql = (today: string, amount: SQL, agedFrom: SQL) => {
  const days = sql`(${today}::date - ${agedFrom})`;
  const when: Record<AgeingBucket, SQL> = {
    notDue: sql`${days} < 0`,
    days0to30: sql`${days} between 0 and 30`,
    days31to90: sql`${days} between 31 and 90`,
    days91to180: sql`${days} between 91 and 180`,
    over180: sql`${days} > 180`,
  };
  return sql.join(
    AGEING_BUCKETS.map(
      (name) =>
        sql`coalesce(sum(${amount}) filter (where ${when[name]}), 0)::numeric(20, 2)::text as ${sql.identifier(name)}`,
    ),
    sql`, `,
  );
};

const BUCKET_COLUMNS = sql.join(
  AGEING_BUCKETS.map((n) => sql`g.${sql.identifier(n)}`),
  sql`, `,
);

const money = (column: string) =>
  sql`coalesce(sum(${sql.identifier(column)}), 0)::numeric(20, 2)::text as ${sql.identifier(column)}`;

export type FastPage = { limit: number; offset: number } | undefined;

/**
 * Today's receivables of the whole firm (or one client) from the running totals the triggers of
 * migration 0028 keep: one row per client, the page in the exact report's order (largest debt
 * first, then name, then id: a range of the rank index of migration 0029, which keeps the name in
 * the totals row), its ageing summed from the clients' rows of bills still owing, and the
 * firm's totals row. One statement, so one snapshot. `settled` says whether the totals are today's
 * figures: false when a bill or invoice is issued, or an invoice cancelled, on a later day —
 * the caller then computes the exact report (payments of later days are taken back here).
 */
export const fastReceivables = async (
  db: Db,
  workspaceId: string,
  today: string,
  accountId: string | undefined,
  page: FastPage,
) => {
  const client = accountId ? sql`and t.account_id = ${accountId}` : sql``;
  // Payments dated after today (few, by the payments' day index) are not received yet: the
  // totals hold them, so they go back on their bills' debts, at the bills' ageing days.
  const query = sql`
    with later as (
      select c.account_id, coalesce(b.due_on, b.issued_on, b.created_at::date) as aged_from,
             sum(p.amount) as outstanding
        from (select bill_id, sum(amount) as amount from case_payments
               where workspace_id = ${workspaceId} and paid_on > ${today}::date
                 and bill_id is not null group by bill_id) p
        cross join lateral (
          select * from case_bills b
           where b.workspace_id = ${workspaceId} and b.id = p.bill_id
             and b.status in ('issued', 'partially-paid', 'paid')
           limit 1) b
        cross join lateral (
          select account_id from cases c
           where c.workspace_id = ${workspaceId} and c.id = b.case_id
             ${accountId ? sql`and c.account_id = ${accountId}` : sql``}) c
       group by 1, 2),
    later_by_client as (select account_id, sum(outstanding) as amount from later group by 1),
    present as (
      select t.account_id, t.cases, t.billed, t.received - coalesce(l.amount, 0) as received,
             t.invoiced, t.outstanding + coalesce(l.amount, 0) as outstanding
        from receivable_totals t left join later_by_client l on l.account_id = t.account_id
       where t.workspace_id = ${workspaceId} and (t.bills > 0 or t.invoices > 0) ${client}),
    -- The page: a range of the rank index (outstanding desc, name, id) over the clients no later
    -- payment touches, merged with the few it does (their debt today is larger than the stored one,
    -- so they may rank anywhere). The index walk stops after offset + limit rows.
    moved as (
      select t.account_id, t.cases, t.billed, t.received - l.amount as received, t.invoiced,
             t.outstanding + l.amount as outstanding, t.name
        from later_by_client l
        join receivable_totals t on t.workspace_id = ${workspaceId} and t.account_id = l.account_id
       where (t.bills > 0 or t.invoices > 0) ${client}),
    ranked as (
      select * from (
        select t.account_id, t.cases, t.billed, t.received, t.invoiced, t.outstanding, t.name
          from receivable_totals t
         where t.workspace_id = ${workspaceId} and (t.bills > 0 or t.invoices > 0) ${client}
           and t.account_id <> all (array(select account_id from moved))
         order by t.outstanding desc nulls last, t.name, t.account_id
         ${page ? sql`limit ${page.offset + page.limit}` : sql``}) u
      union all select * from moved),
    page as (
      select * from ranked order by outstanding desc, name, account_id
       ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}),
    -- The page's clients' names and types, by key, once paged.
    numbered as (
      select p.*, a.name as account_name, a.account_type,
             row_number() over (order by p.outstanding desc, p.name, p.account_id) as pos
        from page p join accounts a on a.workspace_id = ${workspaceId} and a.id = p.account_id)
    select n.account_id as "accountId", n.account_name as "accountName",
           n.account_type as "accountType", n.cases, n.billed::text as billed,
           n.received::text as received, n.invoiced::text as invoiced,
           n.outstanding::text as outstanding, ${BUCKET_COLUMNS}, n.pos, null::int as clients,
           null::boolean as settled
      from numbered n
      cross join lateral (
        select ${bucketsSql(today, sql`a.outstanding`, sql`a.aged_from`)} from (
          select aged_from, outstanding from receivable_ageing
           where workspace_id = ${workspaceId} and account_id = n.account_id
          union all select aged_from, outstanding from later where account_id = n.account_id) a) g
    union all
    select null, null, null, s.cases, s.billed, s.received, s.invoiced, s.outstanding,
           ${BUCKET_COLUMNS}, null, s.clients,
           not exists (
             select 1 from receivable_totals t
              where t.workspace_id = ${workspaceId} and t.dated_until > ${today}::date ${client})
      from (
        select coalesce(sum(cases), 0)::int as cases, ${money("billed")}, ${money("received")},
               ${money("invoiced")}, ${money("outstanding")}, count(*)::int as clients
          from present) s
      cross join (
        select ${bucketsSql(today, sql`g.outstanding`, sql`g.aged_from`)} from (
          select aged_from, outstanding from receivable_ageing t
           where t.workspace_id = ${workspaceId} ${client}
          union all select aged_from, outstanding from later) g) g
    order by pos nulls last`;
  const rows = (
    (await db.execute(query)) as unknown as {
      rows: (ReceivableSqlRow & { pos: number | null; clients: number | null; settled: boolean })[];
    }
  ).rows;
  const totals = rows[rows.length - 1];
  return {
    settled: totals.settled,
    rows: rows.slice(0, -1),
    totals,
    total: totals.clients ?? 0,
  };
};
