import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import pg from "pg";

import { buildApp } from "../src/server/app";
import { type Database, openDatabase } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";
import { loadConfig } from "../src/server/lib/config";
import { firmTodayOf } from "../src/server/lib/firm-time";
import { seedIfEmpty } from "../src/server/seed/demo";
import { captureQueries, replay } from "./lib/capture";
import { type FeeScale, seedFees } from "./lib/fee-data";
import { freshPgDatabase, PG_BASE } from "./lib/servers";

/**
 * bench/fees: 200 lawyers, 100 000 cases, 1 000 000 payments over 24 months with their share
 * lines, made by SQL. Measured through the app against the same SQL run directly, on PGlite and
 * on PostgreSQL (a database made for the run and dropped after):
 *   - one lawyer's month statement (GET /api/fees/statements/:memberId?period=), p50/p99;
 *   - the firm's month close (POST /api/fees/periods), the first and the next month;
 *   - the receivables screen's first page (GET /api/fees/receivables?_start=0&_end=20), p50/p99.
 * Targets: statement p99 <= 50 ms, close <= 10 s, receivables p99 <= 200 ms, each <= 2x direct.
 * `--pglite` or `--postgres` runs one (default both); BENCH_SCALE=0.1 scales every count;
 * `--receivables` measures the receivables only (no statements, no closes).
 */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const scale: FeeScale = {
  lawyers: Math.max(2, Math.round(200 * Math.min(1, SCALE * 10))),
  clients: Math.round(20_000 * SCALE),
  cases: Math.round(100_000 * SCALE),
  payments: Math.round(1_000_000 * SCALE),
};
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const PERIOD = "2026-10";
const only = process.argv.includes("--pglite")
  ? "pglite"
  : process.argv.includes("--postgres")
    ? "postgres"
    : undefined;

const receivablesOnly = process.argv.includes("--receivables");

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ratio = (app: number, direct: number) => `${(app / direct).toFixed(2)}x`;

const MONTHS = Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(2026, 9 - 11 + i, 1));
  return d.toISOString().slice(0, 7);
});

/** The statement's queries as the service runs them, written out by hand. */
const statementSql = async (db: Database["db"], ws: string, member: string) => {
  await db.execute(sql`
    select u.name from members m join users u on u.id = m.user_id
     where m.workspace_id = ${ws} and m.user_id = ${member}`);
  await db.execute(sql`
    select l.*, c.case_no, c.name as case_name from fee_share_lines l
      left join cases c on c.workspace_id = l.workspace_id and c.id = l.case_id
     where l.workspace_id = ${ws} and l.member_id = ${member} and l.kind = 'member' and l.period = ${PERIOD}
     order by l.paid_on, l.created_at, l.id`);
  const closed = rowsOf<{ period: string }>(
    await db.execute(sql`
      select period, totals ->> ${`member:${member}`} as total from fee_periods
       where workspace_id = ${ws} and period between ${MONTHS[0]} and ${PERIOD}`),
  ).map((r) => r.period);
  const open = MONTHS.filter((p) => p !== PERIOD && !closed.includes(p));
  if (open.length)
    await db.execute(sql`
      select period, sum(amount)::text from fee_share_lines
       where workspace_id = ${ws} and member_id = ${member} and kind = 'member'
         and period in (${sql.join(
           open.map((p) => sql`${p}`),
           sql`, `,
         )})
       group by period`);
};

class Undo extends Error {}

/** The close's work without the app: the month's totals and the row that closes it. */
const closeSql = (db: Database["db"], ws: string, period: string) =>
  db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(280028, hashtext(${ws}))`);
      await tx.execute(sql`select max(period) from fee_periods where workspace_id = ${ws}`);
      await tx.execute(sql`
      select kind, member_id, sum(amount)::text, count(*)::int from fee_share_lines
       where workspace_id = ${ws} and period = ${period} group by kind, member_id`);
      await tx.execute(sql`
      insert into fee_periods (workspace_id, period, totals) values (${ws}, ${period}, '{}'::jsonb)`);
      // Measured, then undone: the app closes the same month next.
      throw new Undo();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Undo)) throw error;
    });

const runOn = async (kind: "pglite" | "postgres") => {
  const name = "lm_bench_fees";
  const databaseUrl = kind === "postgres" ? await freshPgDatabase(name) : undefined;
  // PGlite on disk: a million payments and their lines are more than its in-memory heap likes.
  const pgliteDir =
    kind === "pglite" ? mkdtempSync(path.join(os.tmpdir(), "lm-bench-fees-")) : undefined;
  const database = await openDatabase({ databaseUrl, pgliteDir, poolSize: 10 });
  try {
    await runMigrations(database);
    // The bench's two years of payments replace the demo's year (whose closed months would stand
    // in the way of the bench's own closes).
    await seedIfEmpty(database, { history: false });
    const db = database.db;
    const [{ id: ws }] = rowsOf<{ id: string }>(
      await db.execute(sql`select id::text from workspaces where name_en = 'Mingde Law Firm'`),
    );
    let t0 = performance.now();
    await seedFees(db, ws, scale, await firmTodayOf(db, ws));
    // The receivables' running totals, made by the seed's triggers, and the clients: planned with
    // their statistics (as autovacuum would have them).
    await db.execute(sql`analyze receivable_totals, receivable_ageing, accounts`);
    const [{ n: lines }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from fee_share_lines`),
    );
    console.log(
      `\n[${kind}] ${scale.lawyers} lawyers, ${scale.cases} cases, ${scale.payments} payments, ${lines} share lines by SQL in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const config = { ...loadConfig({ LOG_LEVEL: "warn" }), databaseUrl, pgliteDir };
    const app = await buildApp(config, { database, logger: false });
    await app.ready();
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "admin", password: "demo1234" },
    });
    const headers = { authorization: `Bearer ${login.json().data.token as string}`, lang: "en" };
    const lawyers = rowsOf<{ id: string }>(
      await db.execute(
        sql`select id::text from users where username like 'bench-lawyer-%' order by username`,
      ),
    ).map((r) => r.id);

    // ---- one lawyer's month statement
    const statement = (member: string) =>
      app.inject({ url: `/api/fees/statements/${member}?period=${PERIOD}`, headers });
    const measureStatement = async (label: string) => {
      for (let i = 0; i < 20; i++) {
        await statement(lawyers[i % lawyers.length]);
        await statementSql(db, ws, lawyers[i % lawyers.length]);
      }
      const viaApp: number[] = [];
      const viaSql: number[] = [];
      let sample = 0;
      for (let i = 0; i < RUNS; i++) {
        const member = lawyers[(i * 7) % lawyers.length];
        let start = performance.now();
        const res = await statement(member);
        viaApp.push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`statement: ${res.statusCode} ${res.body}`);
        sample = (res.json().data.lines as unknown[]).length;
        start = performance.now();
        await statementSql(db, ws, member);
        viaSql.push(performance.now() - start);
      }
      console.log(
        `[${kind}] a lawyer's month statement, ${label} (${sample} lines): ${fmt(viaApp)}  (target p99 <= 50 ms, <= 2x direct)`,
      );
      console.log(
        `[${kind}]   same SQL directly: ${fmt(viaSql)}  -> ratio p99 ${ratio(pct(viaApp, 99), pct(viaSql, 99))}`,
      );
    };
    if (!receivablesOnly) {
      await measureStatement("no month closed yet");

      // ---- the firm's month close: the first close (any month), then the next one
      for (const period of ["2025-09", "2025-10"]) {
        t0 = performance.now();
        await closeSql(db, ws, period);
        const direct = performance.now() - t0;
        t0 = performance.now();
        const res = await app.inject({
          method: "POST",
          url: "/api/fees/periods",
          headers,
          payload: { period },
        });
        const viaClose = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`close: ${res.statusCode} ${res.body}`);
        const [{ n }] = rowsOf<{ n: number }>(
          await db.execute(
            sql`select count(*)::int as n from fee_share_lines where workspace_id = ${ws} and period = ${period}`,
          ),
        );
        console.log(
          `[${kind}] close ${period} (${n} lines, ${lawyers.length} lawyers): ${(viaClose / 1000).toFixed(2)} s through the app, ${(direct / 1000).toFixed(2)} s direct -> ratio ${ratio(viaClose, direct)}  (target <= 10 s, <= 2x direct)`,
        );
      }

      // Then the firm closes every month up to last month, as it would month after month.
      t0 = performance.now();
      let closes = 0;
      for (let month = "2025-11"; month <= "2026-09"; month = MONTHS[MONTHS.indexOf(month) + 1]) {
        const res = await app.inject({
          method: "POST",
          url: "/api/fees/periods",
          headers,
          payload: { period: month },
        });
        if (res.statusCode !== 200)
          throw new Error(`close ${month}: ${res.statusCode} ${res.body}`);
        closes += 1;
      }
      console.log(
        `[${kind}] ${closes} more months closed in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      await measureStatement("months closed up to last month");
    }

    // ---- receivables, when helper A1's route is in the app
    const hasReceivables = app.routeTable.some(
      (r) => r.method === "GET" && r.url === "/api/fees/receivables",
    );
    if (!hasReceivables) {
      console.log(`[${kind}] receivables: GET /api/fees/receivables is not registered; skipped`);
    } else {
      // The screen's first page, as it loads it: 20 clients, the count and the firm's totals.
      const url = "/api/fees/receivables?_start=0&_end=20";
      for (let i = 0; i < 10; i++) await app.inject({ url, headers });
      // Its own statements, caught once and then run directly.
      const statements = await captureQueries(database, () => app.inject({ url, headers }));
      if (process.env.BENCH_VERBOSE)
        for (const q of statements)
          console.log(`  receivables runs: ${q.text.slice(0, 90).replace(/\s+/g, " ")}`);
      const times: number[] = [];
      const direct: number[] = [];
      for (let i = 0; i < Math.min(RUNS, 100); i++) {
        let start = performance.now();
        const res = await app.inject({ url, headers });
        times.push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`receivables: ${res.statusCode} ${res.body}`);
        start = performance.now();
        await replay(database, statements);
        direct.push(performance.now() - start);
      }
      console.log(
        `[${kind}] receivables, whole firm, first page of 20: ${fmt(times)}  (target p99 <= 200 ms, <= 2x direct)`,
      );
      console.log(
        `[${kind}]   its ${statements.length} statement(s) directly: ${fmt(direct)} -> ratio p99 ${ratio(pct(times, 99), pct(direct, 99))}`,
      );
    }
    await app.close();
  } finally {
    await database.close();
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
    // BENCH_KEEP=1 leaves the PostgreSQL database for a look at the plans afterwards.
    if (kind === "postgres" && !process.env.BENCH_KEEP) {
      const admin = new pg.Client({ connectionString: PG_BASE });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
};

for (const kind of ["pglite", "postgres"] as const) if (!only || only === kind) await runOn(kind);
process.exit(0);
