import { get } from "node:http";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";

import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/lib/config";
import { openDatabase } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";
import { seedIfEmpty } from "../src/server/seed/demo";
import { syncMissingConflictKeys } from "../src/server/features/conflicts/sync-keys";
import { freshPgDatabase } from "./lib/servers";

/**
 * bench/lists: 100 000 clients; the client list with two filters and a sort (p50/p99), a 5 000-row
 * import and a 50 000-row export (peak RSS while it streams), on PGlite and on PostgreSQL.
 * Prints figures only. `--pglite` or `--postgres` runs one of them (default: both).
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const only = process.argv.includes("--pglite")
  ? "pglite"
  : process.argv.includes("--postgres")
    ? "postgres"
    : undefined;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const mb = () => process.memoryUsage().rss / 1024 ** 2;

const seedClients = async (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => {
  await db.execute(sql`
    insert into accounts (workspace_id, account_type, name, tags, source, industry, maintainer_id, credit_code, custom, created_by, created_at)
    select w.id,
           case when g % 5 = 0 then 'individual' else 'organization' end,
           '客户' || g || (array['科技','实业','地产','贸易','物流'])[1 + g % 5] || '有限公司',
           array[(array['key','prospect','long-term','listed','soe'])[1 + g % 5]],
           (array['referral','partner-development','online-inquiry','website','event','other'])[1 + g % 6],
           (array['finance','real-estate','manufacturing','it','healthcare','energy','retail','construction','education','other'])[1 + g % 10],
           m.user_id,
           case when g % 5 = 0 then null else 'B' || lpad(g::text, 17, '0') end,
           jsonb_build_object('employeeCount', g % 1000, 'registeredCapital', (g * 1000)::text || '.00'),
           m.user_id,
           now() - (g || ' minutes')::interval
      from generate_series(1, ${ROWS}) g
      cross join lateral (select id from workspaces order by created_at limit 1) w
      cross join lateral (select user_id from members where workspace_id = w.id limit 1) m`);
  // Rows inserted around the services still get their conflict-check keys, as a save would write.
  await syncMissingConflictKeys(db);
  // Vacuumed as autovacuum leaves a table after a bulk load (PostgreSQL 13+ vacuums after inserts),
  // so counts can be index-only as they are in a running firm.
  await db.execute(sql`vacuum analyze accounts`);
};

const xlsxRows = async (n: number) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("clients");
  sheet.addRow(["Client type", "Name", "Organization ID", "Source", "Industry", "Tags"]);
  for (let i = 0; i < n; i++)
    sheet.addRow([
      "Organization",
      `导入客户${i}`,
      `C${String(i).padStart(17, "0")}`,
      "Firm website",
      "Energy",
      "Key client",
    ]);
  return Buffer.from(await book.xlsx.writeBuffer());
};

const runOn = async (kind: "pglite" | "postgres") => {
  const databaseUrl = kind === "postgres" ? await freshPgDatabase("lm_bench_lists") : undefined;
  const database = await openDatabase({ databaseUrl, poolSize: 10 });
  await runMigrations(database);
  await seedIfEmpty(database);
  let t0 = Date.now();
  await seedClients(database.db);
  console.log(`\n[${kind}] seeded ${ROWS} clients in ${Date.now() - t0} ms`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lm-bench-lists-"));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }),
    databaseUrl,
    exportMaxRows: 200_000,
  };
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  const login = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: "admin", password: "demo1234" },
  });
  const headers = { authorization: `Bearer ${login.json().data.token as string}`, lang: "en" };

  const url =
    "/api/accounts?source=referral&industry_ne=finance&_sort=createdAt&_order=desc&_start=0&_end=20";
  for (let i = 0; i < 20; i++) await app.inject({ url, headers });
  const times: number[] = [];
  let total = "";
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const res = await app.inject({ url, headers });
    times.push(performance.now() - start);
    total = String(res.headers["x-total-count"]);
  }
  console.log(
    `[${kind}] list, 2 filters + sort (${total} matches): p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms  (target p99 <= ${kind === "postgres" ? 30 : 60} ms)`,
  );

  const file = await xlsxRows(5000);
  t0 = Date.now();
  const imported = await app.inject({
    method: "POST",
    url: "/api/accounts/import",
    headers: { ...headers, "content-type": "application/octet-stream" },
    payload: file,
  });
  console.log(
    `[${kind}] import 5 000 rows: ${Date.now() - t0} ms, imported ${imported.json().data?.imported ?? imported.body.slice(0, 120)}  (target <= 5000 ms)`,
  );

  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  // Flat memory means the peak does not grow with the rows: export 5 000 and then 50 000 rows.
  const exportRows = async (filter: string) => {
    global.gc?.();
    const before = mb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, mb())), 20);
    const started = Date.now();
    const bytes = await new Promise<number>((resolve, reject) => {
      get({ host: "127.0.0.1", port, path: `/api/accounts/export?${filter}`, headers }, (res) => {
        let n = 0;
        res.on("data", (c: Buffer) => (n += c.length));
        res.on("end", () => resolve(n));
        res.on("error", reject);
      }).on("error", reject);
    });
    clearInterval(sampler);
    const counted = await app.inject({ url: `/api/accounts?${filter}&_end=1`, headers });
    console.log(
      `[${kind}] export ${counted.headers["x-total-count"]} rows: ${Date.now() - started} ms, ${(bytes / 1024 ** 2).toFixed(1)} MB xlsx; RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)`,
    );
  };
  await exportRows("employeeCount_lte=49");
  await exportRows("employeeCount_lte=499");
  await app.close();
  await database.close();
};

for (const kind of ["pglite", "postgres"] as const) if (!only || only === kind) await runOn(kind);
process.exit(0);
