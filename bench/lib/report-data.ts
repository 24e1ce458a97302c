import { sql } from "drizzle-orm";

import type { openDatabase } from "../../src/server/db/client";

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];

export type ReportScale = {
  lawyers: number;
  departments: number;
  clients: number;
  cases: number;
  /** Payments and time entries each. */
  entries: number;
};

const step = async (label: string, run: () => Promise<unknown>) => {
  const t0 = performance.now();
  await run();
  if (process.env.BENCH_VERBOSE)
    console.log(`  seed: ${label} ${(performance.now() - t0).toFixed(0)} ms`);
};

/**
 * Drops the tables' indexes that back no constraint and answers their definitions: one sorted
 * build after a bulk load is many times faster than a million index inserts (PGlite most).
 */
const dropIndexes = async (db: Db, tables: string[]) => {
  const list = sql.join(
    tables.map((t) => sql`${t}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename in (${list})
       and indexname not in (select conname from pg_constraint)`);
  const indexes = (result as unknown as { rows: { indexname: string; indexdef: string }[] }).rows;
  for (const i of indexes) await db.execute(sql.raw(`drop index "${i.indexname}"`));
  return indexes.map((i) => i.indexdef);
};

const buildIndexes = async (db: Db, definitions: string[]) => {
  for (const definition of definitions) await db.execute(sql.raw(definition));
};

/**
 * Three years of a large firm made by SQL (generate_series), for the reports: lawyers (with the
 * lawyer role, so one of them sees "me" only) in departments, clients, cases of every type,
 * stage and status, a bill a case in every state, payments and time entries (`entries` each),
 * an invoice a case, two key dates a case, one approval a case and a lead for every fifth.
 * Days run back from `today`, so "this year" always holds a year's worth.
 */
export const seedReports = async (db: Db, ws: string, scale: ReportScale, today: string) => {
  const n = scale;
  await step("lawyers and departments", async () => {
    await db.execute(sql`
      insert into departments (workspace_id, name, sort_order)
      select ${ws}, '报表部门' || g, 100 + g from generate_series(1, ${n.departments}) g`);
    await db.execute(sql`
      insert into users (username, password_hash, name)
      select 'rb-lawyer-' || g, (select password_hash from users where username = 'admin'),
             '律师' || lpad(g::text, 3, '0')
        from generate_series(1, ${n.lawyers}) g`);
    await db.execute(sql`
      insert into members (workspace_id, user_id)
      select ${ws}, id from users where username like 'rb-lawyer-%'`);
    await db.execute(sql`
      insert into member_roles (workspace_id, user_id, role_id)
      select ${ws}, u.id, r.id from users u, roles r
       where u.username like 'rb-lawyer-%' and r.workspace_id = ${ws} and r.code = 'lawyer'`);
    await db.execute(sql`
      with d as (select row_number() over (order by sort_order) - 1 as n, id from departments
                  where workspace_id = ${ws} and name like '报表部门%'),
           l as (select row_number() over (order by username) - 1 as n, id from users
                  where username like 'rb-lawyer-%')
      insert into member_departments (workspace_id, user_id, department_id)
      select ${ws}, l.id, d.id from l join d on d.n = l.n % ${n.departments}`);
  });
  await step("clients", () =>
    db.execute(sql`
      insert into accounts (workspace_id, account_type, name)
      select ${ws}, 'organization', '报表客户' || g || '有限公司'
        from generate_series(1, ${n.clients}) g`),
  );
  await step("cases", async () => {
    const indexes = await dropIndexes(db, ["cases"]);
    await db.execute(sql`
      with l as (select row_number() over (order by username) - 1 as n, id from users
                  where username like 'rb-lawyer-%'),
           d as (select row_number() over (order by sort_order) - 1 as n, id from departments
                  where workspace_id = ${ws} and name like '报表部门%'),
           c as (select row_number() over (order by id) - 1 as n, id from accounts
                  where workspace_id = ${ws} and name like '报表客户%')
      insert into cases (workspace_id, case_no, name, account_id, case_type, filing_type, stage,
                         status, department_id, lead_lawyer_id, created_at)
      select ${ws}, 'RB-' || g, '报表案件' || g, c.id,
             (array['civil-litigation','criminal-defense','administrative-litigation',
                    'commercial-arbitration','labor-arbitration','non-litigation','retainer',
                    'special-project'])[1 + g % 8], 'formal',
             (array['first-instance','second-instance','retrial','enforcement',
                    'commercial-arbitration','non-litigation', null])[1 + g % 7],
             case when g % 20 < 12 then 'formal' when g % 20 < 14 then 'pre-filing'
                  when g % 20 < 19 then 'closed' else 'terminated' end,
             d.id, l.id,
             ${today}::date - (g % 1095) + time '09:00' + (g % 600) * interval '1 minute'
        from generate_series(1, ${n.cases}) g
        join l on l.n = g % ${n.lawyers}
        join d on d.n = (g % ${n.lawyers}) % ${n.departments}
        join c on c.n = g % ${n.clients}`);
    await buildIndexes(db, indexes);
    await db.execute(sql`analyze cases`);
  });
  const numbered = sql`select row_number() over (order by case_no) - 1 as n, id, lead_lawyer_id, created_at
    from cases where workspace_id = ${ws} and case_no like 'RB-%'`;
  await step("bills", () =>
    db.execute(sql`
      with c as (${numbered})
      insert into case_bills (workspace_id, case_id, bill_no, status, issued_on, due_on, total,
                              fixed_amount, paid_amount)
      select ${ws}, c.id, 'RB-B' || c.n, s.status,
             case when s.status = 'draft' then null else c.created_at::date + 20 end,
             case when c.n % 4 = 0 then null else c.created_at::date + 50 end,
             1000 + c.n % 50000, 1000 + c.n % 50000,
             case s.status when 'paid' then 1000 + c.n % 50000
                           when 'partially-paid' then (1000 + c.n % 50000) / 2 else 0 end
        from c cross join lateral (select (array['draft','void','paid','paid','paid',
             'partially-paid','partially-paid','issued','issued','issued'])[1 + c.n % 10] as status) s`),
  );
  // Bills above kept their indexes: their triggers refresh the clients' receivables (migration
  // 0030) and read them.
  const indexes = await dropIndexes(db, [
    "case_payments",
    "case_time_entries",
    "key_dates",
    "workflow_instances",
    "leads",
  ]);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await step("invoices", () =>
      tx.execute(sql`
        with c as (${numbered})
        insert into invoices (workspace_id, case_id, account_id, request_no, invoice_type, buyer_title,
                              amount, tax_rate, tax_amount, status, issued_on)
        select ${ws}, c.id, k.account_id, 'RB-I' || c.n, 'normal', '抬头', 1000 + c.n % 9000, 6, 0,
               case when c.n % 10 < 7 then 'issued' else 'pending' end,
               case when c.n % 10 < 7 then c.created_at::date + 25 end
          from c join cases k on k.workspace_id = ${ws} and k.id = c.id`),
    );
    // The rows below are made from the cases just written, so their foreign keys hold: the
    // per-row checks are skipped for the load, in one transaction (SET LOCAL holds on its one
    // connection); no trigger of these tables does anything else.
    await step("payments", () =>
      tx.execute(sql`
        with c as (${numbered})
        insert into case_payments (workspace_id, case_id, paid_on, amount)
        select ${ws}, c.id, ${today}::date - (g % 1095), ((g % 997 + 1) * 10 + (g % 100) / 100.0)
          from generate_series(1, ${n.entries}) g join c on c.n = g % ${n.cases}
         order by 3`),
    );
    await step("time entries", () =>
      tx.execute(sql`
        with c as (${numbered})
        insert into case_time_entries (workspace_id, case_id, user_id, work_date, minutes, description)
        select ${ws}, c.id, c.lead_lawyer_id, ${today}::date - (g % 1095), 30 + (g % 16) * 30, '工作'
          from generate_series(1, ${n.entries}) g join c on c.n = g % ${n.cases}
         order by 4`),
    );
    await step("key dates", () =>
      tx.execute(sql`
        with c as (${numbered})
        insert into key_dates (workspace_id, case_id, deadline_type, title, due_date, source,
                               responsible_id, dated_by, status, reminder_offsets, updated_at)
        select ${ws}, c.id, 'hearing', '开庭', d.due, 'manual', c.lead_lawyer_id, c.lead_lawyer_id,
               case when g % 20 = 0 then 'void' when d.due < ${today}::date and g % 10 < 8 then 'done'
                    else 'open' end, '{}',
               d.due + time '10:00' + ((g % 5) - 3) * interval '1 day'
          from generate_series(1, ${n.cases * 2}) g join c on c.n = g % ${n.cases}
          cross join lateral (select ${today}::date - 730 + (g % 800) as due) d`),
    );
    await step("approvals", () =>
      tx.execute(sql`
        with c as (${numbered}),
             v as (select row_number() over (order by d.kind) - 1 as n, d.id, d.kind, x.id as version_id
                     from workflow_definitions d
                     join workflow_definition_versions x on x.workspace_id = d.workspace_id
                      and x.definition_id = d.id and x.number = d.current_version_no
                    where d.workspace_id = ${ws}),
             vc as (select count(*) as k from v)
        insert into workflow_instances (workspace_id, definition_id, version_id, kind, title, status,
                                        initiator_id, form, state, submitted_at, finished_at)
        select ${ws}, v.id, v.version_id, v.kind, '审批' || c.n, s.status, c.lead_lawyer_id, '{}', '{}',
               c.created_at, case when s.status <> 'running' then c.created_at + (c.n % 96) * interval '1 hour' end
          from c cross join vc join v on v.n = c.n % vc.k
          cross join lateral (select (array['approved','approved','approved','rejected','cancelled',
               'running'])[1 + c.n % 6] as status) s`),
    );
    await step("leads", () =>
      tx.execute(sql`
        with c as (${numbered})
        insert into leads (workspace_id, lead_no, title, stage, source, case_id, created_at)
        select ${ws}, 'RB-L' || c.n, '案源' || c.n, 'consult',
               (array['referral','website','existing-client','event','other', null])[1 + c.n % 6],
               case when c.n % 3 = 0 then c.id end, c.created_at - interval '3 days'
          from c where c.n % 5 = 0`),
    );
  });
  await step("indexes", () => buildIndexes(db, indexes));
  await step("vacuum", async () => {
    for (const table of [
      "cases",
      "case_bills",
      "case_payments",
      "case_time_entries",
      "invoices",
      "key_dates",
      "workflow_instances",
      "leads",
      "accounts",
      "departments",
      "members",
      "member_departments",
      "users",
    ])
      await db.execute(sql.raw(`vacuum analyze ${table}`));
  });
};
