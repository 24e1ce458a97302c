import { sql } from "drizzle-orm";

import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/lib/config";
import { openDatabase } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";
import { seedIfEmpty } from "../src/server/seed/demo";
import { syncMissingConflictKeys } from "../src/server/features/conflicts/sync-keys";
import { generate, type Known, variantOf } from "./lib/conflict-data";
import { freshPgDatabase } from "./lib/servers";

/**
 * bench/conflicts: BENCH_ROWS clients and case parties together (default 1 000 000: 40% clients,
 * 60% parties, three to a case) and 200 000 equity edges per million (BENCH_EDGES), made by SQL and
 * indexed by the same helper every save uses. Then the conflict check through the app with ten
 * keywords mixing names, identifiers and pinyin (p50/p99 per check), and the recall on 1 000
 * variants of stored names. Prints figures only. `--pglite` or `--postgres` runs one (default:
 * both); BENCH_PGLITE_ROWS scales PGlite alone when a million rows take it too long to load.
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
/** Edges per row of clients and parties: 200 000 for a million, as sparse as a firm's real groups. */
const EDGES_PER_ROW = Number(process.env.BENCH_EDGES ?? 200_000) / 1_000_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const VARIANTS = Number(process.env.BENCH_VARIANTS ?? 1000);
const only = process.argv.includes("--pglite")
  ? "pglite"
  : process.argv.includes("--postgres")
    ? "postgres"
    : undefined;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

type Hit = { source: string; accountId: string | null; caseId: string | null; name: string };

const runOn = async (kind: "pglite" | "postgres") => {
  const rows = kind === "pglite" ? Number(process.env.BENCH_PGLITE_ROWS ?? ROWS) : ROWS;
  const edges = Math.round(EDGES_PER_ROW * rows);
  const clients = Math.round(rows * 0.4);
  const cases = Math.round((rows - clients) / 3);
  const databaseUrl = kind === "postgres" ? await freshPgDatabase("lm_bench_conflicts") : undefined;
  const database = await openDatabase({ databaseUrl, poolSize: 10 });
  await runMigrations(database);
  await seedIfEmpty(database);
  const db = database.db;
  const [{ id: ws }] = rowsOf<{ id: string }>(
    await db.execute(sql`select id::text from workspaces where name_en = 'Mingde Law Firm'`),
  );

  let t0 = performance.now();
  await generate(db, ws, { clients, cases, edges });
  console.log(
    `\n[${kind}] ${clients} clients, ${cases * 3} parties on ${cases} cases, ${edges} equity edges by SQL in ${seconds(t0)}`,
  );
  t0 = performance.now();
  await syncMissingConflictKeys(db);
  for (const table of ["accounts", "case_parties", "equity_edges", "conflict_keys"])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  const [{ n: keyed }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from conflict_keys`),
  );
  console.log(
    `[${kind}] ${keyed} conflict_keys rows, computed by the save path's helper in batches, in ${seconds(t0)}`,
  );

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
    payload: { username: "lawyer", password: "demo1234" },
  });
  const headers = { authorization: `Bearer ${login.json().data.token as string}`, lang: "en" };
  const check = async (keywords: string[], scopes?: string[]) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/conflicts/search",
      headers,
      payload: scopes ? { keywords, scopes } : { keywords },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().data.hits as Hit[];
  };

  // Stored names to search for, spread over the whole table (every n-th row by id).
  const step = (n: number, total: number) => Math.max(1, Math.floor(total / n));
  const known = [
    ...rowsOf<Known>(
      await db.execute(sql`select 'client' as kind, id::text, name, coalesce(credit_code, id_number) as identifier, account_type = 'individual' as "isPerson"
      from (select *, row_number() over (order by id) as n from accounts where workspace_id = ${ws}) a where n % ${step(VARIANTS / 2, clients)} = 0 limit ${VARIANTS / 2}`),
    ),
    ...rowsOf<Known>(
      await db.execute(sql`select 'party' as kind, case_id::text as id, name, id_number as identifier, party_type = 'natural' as "isPerson"
      from (select *, row_number() over (order by case_id, position) as n from case_parties where workspace_id = ${ws}) p where n % ${step(VARIANTS / 2, cases * 3)} = 0 limit ${VARIANTS / 2}`),
    ),
  ];

  // Ten keywords a check: company names whole, without suffix, in another region and in part, a
  // credit code, people by name, ID number, pinyin and initials, and a counterparty.
  const companies = known.filter((k) => !k.isPerson);
  const people = known.filter((k) => k.isPerson);
  const mix = (i: number) => {
    const c = (j: number) => companies[(i * 7 + j) % companies.length];
    const p = (j: number) => people[(i * 5 + j) % people.length];
    return [
      c(0).name,
      variantOf(c(1), 1),
      variantOf(c(2), 5),
      variantOf(c(3), 2),
      c(4).identifier ?? c(4).name,
      p(0).name,
      p(1).identifier ?? p(1).name,
      variantOf(p(2), 5),
      variantOf(p(3), 2),
      c(5).name,
    ];
  };
  for (let i = 0; i < 5; i++) await check(mix(i));
  const times: number[] = [];
  let hits = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    hits += (await check(mix(i + 5))).length;
    times.push(performance.now() - start);
  }
  const target = kind === "postgres" ? "  (target p50 <= 150 ms)" : "";
  console.log(
    `[${kind}] check of 10 keywords, all scopes (${Math.round(hits / RUNS)} hits on average): p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms${target}`,
  );

  t0 = performance.now();
  let found = 0;
  const missed: string[] = [];
  for (const [i, k] of known.entries()) {
    const keyword = variantOf(k, i);
    const got = await check([keyword], [k.kind === "client" ? "clients" : "parties"]);
    const isFound = got.some((h) =>
      k.kind === "client" ? h.accountId === k.id : h.caseId === k.id && h.name === k.name,
    );
    if (isFound) found += 1;
    else if (missed.length < 5) missed.push(`${k.name} <- "${keyword}"`);
  }
  console.log(
    `[${kind}] recall on ${known.length} known variants: ${found}/${known.length} found (${seconds(t0)})${missed.length ? `; missed e.g. ${missed.join(", ")}` : ""}`,
  );
  await app.close();
  await database.close();
};

for (const kind of ["postgres", "pglite"] as const) if (!only || only === kind) await runOn(kind);
process.exit(0);
