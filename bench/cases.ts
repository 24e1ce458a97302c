import { sql } from "drizzle-orm";

import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/lib/config";
import { openDatabase } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";
import { seedIfEmpty } from "../src/server/seed/demo";
import { expirePreFilingCases } from "../src/server/features/cases/lifecycle";
import { freshPgDatabase } from "./lib/servers";

/**
 * bench/cases: 100 000 cases with parties and team; the case list with two filters and a sort
 * through the app (p50/p99) against the same SQL run directly in the same run, then the
 * pre-filing expiry job over 10 000 expired cases while the list keeps being asked (its p99
 * meanwhile). Prints figures only. `--pglite` or `--postgres` runs one (default: both).
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const EXPIRING = Number(process.env.BENCH_EXPIRING ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const only = process.argv.includes("--pglite")
  ? "pglite"
  : process.argv.includes("--postgres")
    ? "postgres"
    : undefined;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms`;

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];

/** Each seeding step's time, printed with BENCH_VERBOSE=1 (PGlite takes long over some). */
const step = async (label: string, run: () => Promise<unknown>) => {
  const t0 = Date.now();
  await run();
  if (process.env.BENCH_VERBOSE) console.log(`  seed: ${label} ${Date.now() - t0} ms`);
};

const seedCases = async (db: Db) => {
  await step("cases", () =>
    db.execute(sql`
    insert into cases (workspace_id, case_no, name, account_id, case_type, filing_type, stage, status, amount, fee_type,
                       lead_lawyer_id, lead_partner_id, parties, created_by, created_at)
    select w.id, 'BENCH-' || g, '案件' || g || (array['买卖合同纠纷','劳动争议','借款合同纠纷','股权转让纠纷'])[1 + g % 4],
           a.id,
           (array['civil-litigation','labor-arbitration','commercial-arbitration','non-litigation','criminal-defense'])[1 + g % 5],
           (array['formal','formal','pre-filing','legal-aid'])[1 + g % 4],
           (array['first-instance','second-instance','enforcement','retrial'])[1 + g % 4],
           (array['formal','formal','closed','terminated','pre-filing'])[1 + g % 5],
           (g * 100)::numeric(14,2), 'fixed', m.user_id, m.user_id,
           jsonb_build_array(jsonb_build_object('name', '当事人' || g, 'partyType', 'natural', 'conflictRole', 'other')),
           m.user_id, now() - (g || ' minutes')::interval
      from generate_series(1, ${ROWS}) g
      cross join lateral (select id from workspaces order by created_at limit 1) w
      cross join lateral (select user_id from members where workspace_id = w.id order by created_at limit 1) m
      cross join lateral (select id from accounts where workspace_id = w.id order by created_at limit 1) a`),
  );
  // Fresh statistics before the rows that reference the cases: with none, PGlite's foreign-key
  // checks plan a scan of the whole table per row (the seed went quadratic: 22 s for 20 000).
  await step("analyze", () => db.execute(sql`analyze cases`));
  await step("parties", () =>
    db.execute(sql`
    insert into case_parties (workspace_id, case_id, position, name, name_norm, party_type, conflict_role)
    select workspace_id, id, 0, parties->0->>'name', parties->0->>'name', 'natural', 'other' from cases where case_no like 'BENCH-%'`),
  );
  // No conflict-check keys: neither the list nor the expiry job reads them, and bench/conflicts
  // measures that table (its trigram indexes took most of this seed's time on PGlite).
  await step("team", () =>
    db.execute(sql`
    insert into case_members (workspace_id, case_id, user_id, role)
    select workspace_id, id, lead_lawyer_id, 'lead' from cases where case_no like 'BENCH-%'`),
  );
  await step("vacuum", async () => {
    await db.execute(sql`vacuum analyze cases`);
    await db.execute(sql`vacuum analyze case_members`);
  });
};

const runOn = async (kind: "pglite" | "postgres") => {
  const databaseUrl = kind === "postgres" ? await freshPgDatabase("lm_bench_cases") : undefined;
  const database = await openDatabase({ databaseUrl, poolSize: 10 });
  await runMigrations(database);
  await seedIfEmpty(database);
  let t0 = Date.now();
  await seedCases(database.db);
  console.log(`\n[${kind}] seeded ${ROWS} cases with parties and team in ${Date.now() - t0} ms`);
  const config = {
    ...loadConfig({ LOG_LEVEL: "warn" }),
    databaseUrl,
    casesExpiryIntervalSeconds: 0,
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
    "/api/cases?status=formal&caseType=civil-litigation&_sort=createdAt&_order=desc&_start=0&_end=20";
  const firm = await database.db.execute(
    sql`select id from workspaces order by created_at limit 1`,
  );
  const ws = (firm as unknown as { rows: { id: string }[] }).rows[0].id;
  // The same page and count the list answers, straight to the database.
  const direct = async () => {
    await Promise.all([
      database.db
        .execute(sql`select * from cases where workspace_id = ${ws} and status = 'formal' and case_type = 'civil-litigation'
        order by created_at desc, id desc limit 20 offset 0`),
      database.db.execute(
        sql`select count(*) from cases where workspace_id = ${ws} and status = 'formal' and case_type = 'civil-litigation'`,
      ),
    ]);
  };
  for (let i = 0; i < 20; i++) {
    await app.inject({ url, headers });
    await direct();
  }
  const viaApp: number[] = [];
  const viaSql: number[] = [];
  let total = "";
  for (let i = 0; i < RUNS; i++) {
    let start = performance.now();
    const res = await app.inject({ url, headers });
    viaApp.push(performance.now() - start);
    total = String(res.headers["x-total-count"]);
    start = performance.now();
    await direct();
    viaSql.push(performance.now() - start);
  }
  const target = kind === "postgres" ? 15 : 30;
  console.log(
    `[${kind}] case list, 2 filters + sort (${total} matches): ${fmt(viaApp)}  (target p99 <= ${target} ms and <= 2x direct)`,
  );
  console.log(
    `[${kind}] same SQL directly:                          ${fmt(viaSql)}  -> ratio p99 ${(pct(viaApp, 99) / pct(viaSql, 99)).toFixed(2)}x`,
  );

  await database.db.execute(sql`
    update cases set status = 'pre-filing', valid_until = current_date - 1
     where id in (select id from cases where case_no like 'BENCH-%' order by created_at limit ${EXPIRING})`);
  const during: number[] = [];
  const failed = new Map<number, number>();
  let done = false;
  t0 = Date.now();
  const job = expirePreFilingCases(database.db).then((n) => {
    done = true;
    return n;
  });
  while (!done) {
    // A request on PGlite can finish without touching the event loop's I/O (the database is
    // in-process): without this the loop starves the job's timer between batches, and never ends.
    await new Promise((resolve) => setImmediate(resolve));
    const start = performance.now();
    await app.inject({ url, headers });
    during.push(performance.now() - start);
  }
  const terminated = await job;
  console.log(
    `[${kind}] expiry job: ${terminated} cases terminated in ${((Date.now() - t0) / 1000).toFixed(1)} s; the list meanwhile answered ${during.length} times, ${fmt(during)}${failed.size ? `, not 200: ${JSON.stringify(Object.fromEntries(failed))}` : ""}`,
  );
  await app.close();
  await database.close();
};

for (const kind of ["pglite", "postgres"] as const) if (!only || only === kind) await runOn(kind);
process.exit(0);
