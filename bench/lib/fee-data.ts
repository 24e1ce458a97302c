import { sql } from "drizzle-orm";

import type { openDatabase } from "../../src/server/db/client";

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];

export type FeeScale = { lawyers: number; clients: number; cases: number; payments: number };

/** The first month of the generated payments; they run 24 months from here, or to `until`. */
export const FIRST_MONTH = "2024-12";

const step = async (label: string, run: () => Promise<unknown>) => {
  const t0 = performance.now();
  await run();
  if (process.env.BENCH_VERBOSE)
    console.log(`  seed: ${label} ${(performance.now() - t0).toFixed(0)} ms`);
};

/**
 * A firm's two years of fee sharing made by SQL (generate_series), not through the API: lawyers
 * (members of the firm, with the admin's password), clients, cases (each with a lead lawyer,
 * half with a co-counsel), one issued bill a case paid by its payments (a third still owing a
 * fifth), payments over 24 months, and every payment's
 * share lines as the app writes them: the firm's 10% management fee, the lead's 60% (100% alone)
 * and the co-counsel's 40% of the rest, cut to the cent, the cuts' remainder on the firm's
 * rounding line. Rows go in by payment day, as a firm records them month after month (a month's
 * lines sit together on disk, as they would); the share-line indexes are dropped while loading
 * and built again after.
 */
/**
 * `until` is the firm's today: no payment is dated after it, as in a real firm's books (the
 * receivables' path for payments dated after today is covered by the API tests).
 */
export const seedFees = async (db: Db, ws: string, scale: FeeScale, until: string) => {
  await step("lawyers", async () => {
    await db.execute(sql`
      insert into users (username, password_hash, name)
      select 'bench-lawyer-' || g, (select password_hash from users where username = 'admin'),
             '律师' || lpad(g::text, 3, '0')
        from generate_series(1, ${scale.lawyers}) g`);
    await db.execute(sql`
      insert into members (workspace_id, user_id)
      select ${ws}, id from users where username like 'bench-lawyer-%'`);
  });
  await step("clients", () =>
    db.execute(sql`
      insert into accounts (workspace_id, account_type, name)
      select ${ws}, 'organization', '客户' || g || '有限公司'
        from generate_series(1, ${scale.clients}) g`),
  );
  await step("cases", () =>
    db.execute(sql`
      with lawyers as (
        select row_number() over (order by username) - 1 as n, id from users where username like 'bench-lawyer-%'
      ), clients as (
        select row_number() over (order by id) - 1 as n, id from accounts
         where workspace_id = ${ws} and name like '客户%有限公司'
      )
      insert into cases (workspace_id, case_no, name, account_id, case_type, filing_type, status, fee_type,
                         lead_lawyer_id, co_counsel_ids, created_at)
      select ${ws}, 'FEE-' || g, '收费案件' || g, c.id, 'civil-litigation', 'formal', 'formal', 'fixed',
             l.id, case when g % 2 = 0 then array[co.id] else '{}'::uuid[] end,
             timestamptz '2024-06-01' + (g % 900) * interval '1 day'
        from generate_series(1, ${scale.cases}) g
        join lawyers l on l.n = g % ${scale.lawyers}
        join lawyers co on co.n = (g + 1) % ${scale.lawyers}
        join clients c on c.n = g % ${scale.clients}`),
  );
  await step("analyze cases", () => db.execute(sql`analyze cases`));
  await step("bills", () =>
    db.execute(sql`
      insert into case_bills (workspace_id, case_id, bill_no, status, fixed_amount, total, issued_on, due_on)
      select workspace_id, id, case_no || '-B001', 'issued', 50000, 50000, created_at::date,
             (created_at + interval '30 days')::date
        from cases where workspace_id = ${ws} and case_no like 'FEE-%'`),
  );
  await step("payments", async () => {
    await db.execute(sql`
      with numbered as (
        select row_number() over (order by c.id) - 1 as n, c.id, b.id as bill_id
          from cases c join case_bills b on b.workspace_id = c.workspace_id and b.case_id = c.id
         where c.workspace_id = ${ws} and c.case_no like 'FEE-%'
      )
      insert into case_payments (workspace_id, case_id, paid_on, amount, method, bill_id)
      select ${ws}, c.id, date '2024-12-01' + (g % least(730, ${until}::date - date '2024-12-01' + 1)),
             ((g % 997 + 1) * 100 + (g % 100) / 100.0)::numeric(14,2),
             'bank-transfer', c.bill_id
        from generate_series(1, ${scale.payments}) g
        join numbered c on c.n = g % ${scale.cases}
       order by 3`);
    await db.execute(sql`analyze case_payments`);
    // Each bill is what its payments came to, a third of them with a fifth still owed; the paid
    // amount is what the app keeps on each bill as its payments are written (cases/finance.ts).
    await db.execute(sql`
      update case_bills b set paid_amount = p.amount,
             fixed_amount = p.total, total = p.total,
             status = case when p.amount >= p.total then 'paid' else 'partially-paid' end
        from (select bill_id, sum(amount) as amount,
                     case when abs(hashtext(bill_id::text)) % 3 = 0 then round(sum(amount) * 1.25, 2)
                          else sum(amount) end as total
                from case_payments
               where workspace_id = ${ws} and bill_id is not null group by bill_id) p
       where b.workspace_id = ${ws} and b.id = p.bill_id`);
  });
  await step("share lines", async () => {
    await db.execute(sql`drop index if exists fee_share_lines_member_idx`);
    await db.execute(sql`drop index if exists fee_share_lines_period_idx`);
    await db.execute(sql`drop index if exists fee_share_lines_payment_idx`);
    await db.execute(sql`
      insert into fee_share_lines (workspace_id, payment_id, case_id, paid_on, period, key, kind, member_id,
                                   role, percent, amount, reason)
      select p.workspace_id, p.id, p.case_id, p.paid_on, to_char(p.paid_on, 'YYYY-MM'),
             l.key, l.kind, l.member_id, l.role, l.percent, l.amount, 'payment'
        from case_payments p
        join cases c on c.workspace_id = p.workspace_id and c.id = p.case_id
        cross join lateral (select round(p.amount * 0.10, 2) as mgmt) m
        cross join lateral (select p.amount - m.mgmt as dist) d
        cross join lateral (
          select case when c.co_counsel_ids = '{}' then d.dist else trunc(d.dist * 0.6, 2) end as lead,
                 case when c.co_counsel_ids = '{}' then 0 else trunc(d.dist * 0.4, 2) end as co) s
        cross join lateral (values
          ('firm:management', 'management', null::uuid, null::text, 10.00::numeric, m.mgmt),
          ('member:' || c.lead_lawyer_id, 'member', c.lead_lawyer_id, 'lead',
             case when c.co_counsel_ids = '{}' then 100.00 else 60.00 end, s.lead),
          ('member:' || c.co_counsel_ids[1], 'member', c.co_counsel_ids[1], 'co-counsel', 40.00, s.co),
          ('firm:rounding', 'rounding', null, null, null, d.dist - s.lead - s.co)
        ) l(key, kind, member_id, role, percent, amount)
       where p.workspace_id = ${ws} and l.amount <> 0
       order by p.paid_on, p.id`);
    await db.execute(sql`
      create index fee_share_lines_member_idx on fee_share_lines (workspace_id, member_id, period)`);
    await db.execute(sql`
      create index fee_share_lines_period_idx on fee_share_lines (workspace_id, period)`);
    await db.execute(sql`
      create index fee_share_lines_payment_idx on fee_share_lines (workspace_id, payment_id)`);
  });
  await step("vacuum", async () => {
    for (const table of [
      "cases",
      "case_payments",
      "case_bills",
      "fee_share_lines",
      "members",
      "users",
    ])
      await db.execute(sql.raw(`vacuum analyze ${table}`));
  });
};
