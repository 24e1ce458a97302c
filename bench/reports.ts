import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import pg from "pg";

import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";
import { loadConfig } from "../src/server/lib/config";
import { firmTodayOf } from "../src/server/lib/firm-time";
import { seedIfEmpty } from "../src/server/seed/demo";
import { captureQueries, replay } from "./lib/capture";
import { type ReportScale, seedReports } from "./lib/report-data";
import { freshPgDatabase, PG_BASE } from "./lib/servers";

/**
 * bench/reports: 200 lawyers in 10 departments, 100 000 cases, 1 000 000 payments and as many
 * time entries over three years (plus a bill, an invoice, an approval and two key dates a case),
 * made by SQL, on PGlite and on PostgreSQL (a database made for the run and dropped after).
 * Each report is asked for through the app (GET /api/reports/:key) for the whole firm and for one
 * lawyer ("me"), this quarter (the dashboard's default) and this year: p50/p99 against the same
 * statements sent directly, caught from one request (p50, a quarter as many runs). Targets: firm
 * p99 <= 200 ms, one lawyer p99 <= 50 ms. It prints; it asserts nothing. `--pglite` /
 * `--postgres` runs one; BENCH_SCALE=0.1 scales the counts; BENCH_RUNS (default 20) the requests
 * per figure.
 */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const scale: ReportScale = {
  lawyers: 200,
  departments: 10,
  clients: Math.round(20_000 * SCALE),
  cases: Math.round(100_000 * SCALE),
  entries: Math.round(1_000_000 * SCALE),
};
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const DIRECT_RUNS = Math.max(3, Math.round(RUNS / 4));
const KEYS = [
  "new-cases",
  "open-cases",
  "money",
  "receivables-ageing",
  "top-clients",
  "workload",
  "deadlines",
  "approvals",
  "intake",
];
const only = process.argv.includes("--pglite")
  ? "pglite"
  : process.argv.includes("--postgres")
    ? "postgres"
    : undefined;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x: number) => x.toFixed(1).padStart(7);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type Result = {
  kind: string;
  key: string;
  who: string;
  period: string;
  p50: number;
  p99: number;
  direct: number;
};

const runOn = async (kind: "pglite" | "postgres") => {
  const name = "lm_bench_reports";
  const databaseUrl = kind === "postgres" ? await freshPgDatabase(name) : undefined;
  // PGlite on disk: two million rows are more than its in-memory heap likes.
  const pgliteDir =
    kind === "pglite" ? mkdtempSync(path.join(os.tmpdir(), "lm-bench-reports-")) : undefined;
  const database = await openDatabase({ databaseUrl, pgliteDir, poolSize: 10 });
  const results: Result[] = [];
  try {
    await runMigrations(database);
    await seedIfEmpty(database, { history: false });
    const db = database.db;
    const [{ id: ws }] = rowsOf<{ id: string }>(
      await db.execute(sql`select id::text from workspaces where name_en = 'Mingde Law Firm'`),
    );
    let t0 = performance.now();
    await seedReports(db, ws, scale, await firmTodayOf(db, ws));
    console.log(
      `\n[${kind}] ${scale.cases} cases, ${scale.entries} payments and ${scale.entries} time entries by SQL in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    // No background job may write while a report's statements are caught and replayed.
    const jobsOff = Object.fromEntries(
      [
        "ARCHIVE_MERGE_INTERVAL_MS",
        "CASES_EXPIRY_INTERVAL_SECONDS",
        "DEADLINE_REMINDER_INTERVAL_SECONDS",
        "DOCUMENTS_PURGE_INTERVAL_SECONDS",
        "ESIGN_JOB_INTERVAL_SECONDS",
        "SEALS_OVERDUE_INTERVAL_SECONDS",
      ].map((k) => [k, "0"]),
    );
    const config = { ...loadConfig({ LOG_LEVEL: "warn", ...jobsOff }), databaseUrl, pgliteDir };
    const app = await buildApp(config, { database, logger: false });
    await app.ready();
    const headersOf = async (username: string) => {
      const login = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username, password: "demo1234" },
      });
      return { authorization: `Bearer ${login.json().data.token as string}`, lang: "en" };
    };
    const viewers = { firm: await headersOf("admin"), me: await headersOf("rb-lawyer-1") };

    for (const period of ["quarter", "year"])
      for (const who of ["firm", "me"] as const)
        for (const key of KEYS) {
          const url = `/api/reports/${key}?period=${period}&scope=${who}`;
          const headers = viewers[who];
          for (let i = 0; i < 2; i++) await app.inject({ url, headers });
          // A report only reads: anything else caught (a job's write) is not the report's.
          const statements = (
            await captureQueries(database, () => app.inject({ url, headers }))
          ).filter((q) => /^\s*(select|with)\b/i.test(q.text));
          const viaApp: number[] = [];
          const direct: number[] = [];
          for (let i = 0; i < RUNS; i++) {
            const start = performance.now();
            const res = await app.inject({ url, headers });
            viaApp.push(performance.now() - start);
            if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
          }
          // The baseline: the same statements sent directly, without the app around them.
          for (let i = 0; i < DIRECT_RUNS; i++) {
            const start = performance.now();
            await replay(database, statements);
            direct.push(performance.now() - start);
          }
          const r = {
            kind,
            key,
            who,
            period,
            p50: pct(viaApp, 50),
            p99: pct(viaApp, 99),
            direct: pct(direct, 50),
          };
          results.push(r);
          const target = who === "firm" ? 200 : 50;
          console.log(
            `[${kind}] ${period.padEnd(7)} ${who.padEnd(4)} ${key.padEnd(18)} p50 ${ms(r.p50)} ms  p99 ${ms(r.p99)} ms  (target ${target})  direct p50 ${ms(r.direct)} ms -> p50 ${(r.p50 / r.direct).toFixed(2)}x${r.p99 > target ? "  OVER" : ""}`,
          );
        }

    // The whole dashboard as one PDF, once: every report of the year for the firm.
    t0 = performance.now();
    const pdf = await app.inject({
      url: "/api/reports/export.pdf?period=year&scope=firm",
      headers: viewers.firm,
    });
    console.log(
      `[${kind}] export.pdf, the firm's year: ${(performance.now() - t0).toFixed(0)} ms, ${pdf.rawPayload.length} bytes (status ${pdf.statusCode})`,
    );
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
  return results;
};

const all: Result[] = [];
for (const kind of ["pglite", "postgres"] as const)
  if (!only || only === kind) all.push(...(await runOn(kind)));
const over = all.filter((r) => r.p99 > (r.who === "firm" ? 200 : 50));
console.log(
  `\n${all.length} figures measured; ${over.length} over target${over.length ? `: ${over.map((r) => `${r.kind} ${r.period} ${r.who} ${r.key} ${r.p99.toFixed(0)} ms`).join(", ")}` : ""}`,
);
process.exit(0);
