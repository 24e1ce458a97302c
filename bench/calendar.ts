import dayjs from "dayjs";
import { sql } from "drizzle-orm";

import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/lib/config";
import { openDatabase } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";
import { seedIfEmpty } from "../src/server/seed/demo";
import { runDeadlineReminders } from "../src/server/features/deadlines/reminders";
import { freshPgDatabase } from "./lib/servers";

/**
 * bench/calendar: 200 members, 20 000 cases, 200 000 calendar rows (100 000 key dates, 60 000
 * tasks, 40 000 events over two years); the calendar month for one member and for the whole firm
 * through the app (p50/p99, target p99 <= 30 ms on PostgreSQL), one member's iCal feed, then the
 * reminder job over 50 000 due reminders while the member's month keeps being asked (seconds, and
 * the p99 meanwhile). Prints figures only. `--pglite` or `--postgres` runs one (default: both).
 * BENCH_RUNS (default 200; 1 000 or more for a p99 worth quoting), BENCH_MONTH_ONLY=1 stops after
 * the month and day queries; BENCH_MEMBERS, _CASES, _KEY_DATES, _TASKS, _EVENTS, _REMINDERS size it.
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const CASES = Number(process.env.BENCH_CASES ?? 20_000);
const KEY_DATES = Number(process.env.BENCH_KEY_DATES ?? 100_000);
const TASKS = Number(process.env.BENCH_TASKS ?? 60_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 40_000);
const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const only = process.argv.includes("--pglite")
  ? "pglite"
  : process.argv.includes("--postgres")
    ? "postgres"
    : undefined;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms`;

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];

/** Everything in firm A, spread over the demo lawyer and 200 bench members, dates ±1 year. */
const seed = async (db: Db) => {
  // Firm A by name: both demo firms are made in one transaction, so created_at does not tell them apart.
  const ws = sql`(select id from workspaces where name_en = 'Mingde Law Firm')`;
  await db.execute(sql`
    insert into users (username, password_hash, name)
    select 'bench' || g, 'x', '成员' || g from generate_series(1, ${MEMBERS}) g`);
  await db.execute(sql`
    insert into members (workspace_id, user_id) select ${ws}, id from users where username like 'bench%'`);
  // Member 0 is the demo lawyer, so one member's month has a realistic share (1/201).
  await db.execute(sql`
    create temporary table bench_people as
    select row_number() over (order by u.username) - 1 as n, u.id from users u
     where u.username like 'bench%' or u.username = 'lawyer'`);
  await db.execute(sql`
    insert into cases (workspace_id, case_no, name, account_id, case_type, filing_type, stage, status, lead_lawyer_id, created_by)
    select ${ws}, 'CAL-' || g, '日历案件' || g, (select id from accounts where workspace_id = ${ws} order by created_at limit 1),
           'civil-litigation', 'formal', 'first-instance', 'formal', p.id, p.id
      from generate_series(1, ${CASES}) g join bench_people p on p.n = g % (${MEMBERS} + 1)`);
  await db.execute(sql`
    insert into case_members (workspace_id, case_id, user_id, role)
    select workspace_id, id, lead_lawyer_id, 'lead' from cases where case_no like 'CAL-%'`);
  await db.execute(sql`
    create temporary table bench_cases as
    select row_number() over (order by id) as n, id, lead_lawyer_id from cases where case_no like 'CAL-%'`);
  await db.execute(sql`
    insert into key_dates (workspace_id, case_id, deadline_type, title, due_date, source, responsible_id, reminder_offsets, created_by, dated_by)
    select ${ws}, c.id, (array['hearing','appeal','evidence','defence','limitation'])[1 + g % 5], '期限' || g,
           current_date - 365 + (g % 730), 'manual', c.lead_lawyer_id, '{7,3,1,0}', c.lead_lawyer_id, c.lead_lawyer_id
      from generate_series(1, ${KEY_DATES}) g join bench_cases c on c.n = 1 + g % ${CASES}`);
  await db.execute(sql`
    insert into tasks (workspace_id, case_id, title, assignee_id, due_date, created_by)
    select ${ws}, c.id, '任务' || g, c.lead_lawyer_id, current_date - 365 + (g % 730), c.lead_lawyer_id
      from generate_series(1, ${TASKS}) g join bench_cases c on c.n = 1 + g % ${CASES}`);
  await db.execute(sql`
    insert into calendar_events (workspace_id, case_id, title, starts_at, ends_at, owner_id, created_by)
    select ${ws}, c.id, '会议' || g, now() - interval '365 days' + (g % 730) * interval '1 day',
           now() - interval '365 days' + (g % 730) * interval '1 day' + interval '1 hour', c.lead_lawyer_id, c.lead_lawyer_id
      from generate_series(1, ${EVENTS}) g join bench_cases c on c.n = 1 + g % ${CASES}`);
  for (const table of ["cases", "case_members", "key_dates", "tasks", "calendar_events"])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
};

const time = async (n: number, fn: () => Promise<unknown>) => {
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn();
    xs.push(performance.now() - start);
  }
  return xs;
};

const runOn = async (kind: "pglite" | "postgres") => {
  const databaseUrl = kind === "postgres" ? await freshPgDatabase("lm_bench_calendar") : undefined;
  const database = await openDatabase({ databaseUrl, poolSize: 10 });
  await runMigrations(database);
  await seedIfEmpty(database);
  let t0 = Date.now();
  await seed(database.db);
  console.log(
    `\n[${kind}] seeded ${MEMBERS} members, ${CASES} cases, ${KEY_DATES + TASKS + EVENTS} calendar rows in ${Date.now() - t0} ms`,
  );
  const config = {
    ...loadConfig({ LOG_LEVEL: "warn" }),
    databaseUrl,
    casesExpiryIntervalSeconds: 0,
    deadlineReminderIntervalSeconds: 0,
  };
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  const as = async (username: string) => {
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username, password: "demo1234" },
    });
    return { authorization: `Bearer ${login.json().data.token as string}`, lang: "en" };
  };
  const lawyer = await as("lawyer");
  const admin = await as("admin");
  const from = dayjs().startOf("month").format("YYYY-MM-DD");
  const to = dayjs().endOf("month").format("YYYY-MM-DD");
  const mine = `/api/calendar?from=${from}&to=${to}&scope=me`;
  const firm = `/api/calendar?from=${from}&to=${to}&scope=firm`;
  // What the month grid asks since the per-day cap: the member's month whole, the firm's capped.
  const mineGrid = `/api/calendar/month?from=${from}&to=${to}&scope=me&perDay=4`;
  const firmGrid = `/api/calendar/month?from=${from}&to=${to}&scope=firm&perDay=4`;
  const firmDay = `/api/calendar?from=${dayjs().format("YYYY-MM-DD")}&to=${dayjs().format("YYYY-MM-DD")}&scope=firm`;
  const count = async (url: string, headers: Record<string, string>) => {
    const data = (await app.inject({ url, headers })).json().data;
    return Array.isArray(data)
      ? `${data.length} items`
      : `${data.items.length} items, ${data.more.reduce((n: number, m: { count: number }) => n + m.count, 0)} behind "+more"`;
  };
  for (let i = 0; i < 10; i++) await app.inject({ url: mine, headers: lawyer });
  const target = kind === "postgres" ? "target p99 <= 30 ms" : "no target on PGlite";
  const line = async (label: string, url: string, headers: Record<string, string>, runs = RUNS) =>
    console.log(
      `[${kind}] ${label} (${await count(url, headers)}): ${fmt(await time(runs, () => app.inject({ url, headers })))}  (${target})`,
    );
  await line("month grid, one member", mineGrid, lawyer);
  await line("month grid, whole firm, 4 a day", firmGrid, admin);
  await line("one day, whole firm (the '+more' list)", firmDay, admin);
  await line("month, one member, complete", mine, lawyer);
  // The complete firm month is what the grid no longer asks; fewer runs.
  await line("month, whole firm, complete", firm, admin, Math.max(20, RUNS / 5));
  if (process.env.BENCH_MONTH_ONLY) {
    await app.close();
    await database.close();
    return;
  }
  const feed = (
    await app.inject({ method: "POST", url: "/api/calendar-feed", headers: lawyer })
  ).json().data.path as string;
  const size = (await app.inject({ url: feed })).body.length;
  console.log(
    `[${kind}] iCal feed of one member (${(size / 1024).toFixed(0)} KiB): ${fmt(await time(30, () => app.inject({ url: feed })))}`,
  );

  await database.db.execute(sql`
    insert into key_date_reminders (workspace_id, key_date_id, kind, offset_days, send_on)
    select workspace_id, id, 'reminder', 99, current_date - 1 from key_dates order by id limit ${REMINDERS}`);
  const during: number[] = [];
  const failed = new Map<number, number>();
  let done = false;
  t0 = Date.now();
  const job = runDeadlineReminders(database.db).then((n) => {
    done = true;
    return n;
  });
  while (!done) {
    // A request on PGlite can finish without touching the event loop's I/O (the database is
    // in-process): without this the loop starves the job's timer between batches, and never ends.
    await new Promise((resolve) => setImmediate(resolve));
    const start = performance.now();
    const res = await app.inject({ url: mine, headers: lawyer });
    during.push(performance.now() - start);
    if (res.statusCode !== 200) failed.set(res.statusCode, (failed.get(res.statusCode) ?? 0) + 1);
  }
  const sent = await job;
  console.log(
    `[${kind}] reminder job: ${sent} reminders sent in ${((Date.now() - t0) / 1000).toFixed(1)} s; the member's month meanwhile answered ${during.length} times, ${fmt(during)}${failed.size ? `, not 200: ${JSON.stringify(Object.fromEntries(failed))}` : ""}`,
  );
  await app.close();
  await database.close();
};

for (const kind of ["pglite", "postgres"] as const) if (!only || only === kind) await runOn(kind);
process.exit(0);
