import { type ChildProcess, spawn } from "node:child_process";

import autocannon from "autocannon";

import { freshPgDatabase, login, startApp, stop, waitFor } from "./lib/servers";

/**
 * bench/api: the reads the SPA makes on every page load, through the real app on PostgreSQL and
 * on PGlite (each app in its own process), against a bare Fastify hello route in a third
 * process; same connections and duration for all. Prints figures only.
 *
 * A second baseline on PostgreSQL, the floor: bare Fastify running one fixed SELECT through a
 * node-postgres pool (bench/hello-db-server.ts) — what any route that reads the database pays at
 * least; the app's ratio to it is the app's own overhead.
 *
 * BENCH_CONNECTIONS (50), BENCH_SECONDS (10 per figure, after a 2 s warm-up), BENCH_PORT (3401:
 * hello; +1 the app on PostgreSQL; +2 the app on PGlite; +3 the floor), BENCH_ONLY=postgres|pglite.
 * Every process it starts is stopped when it ends, also on an error or Ctrl-C.
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3401);
const only = process.env.BENCH_ONLY;

const children: ChildProcess[] = [];
const stopAll = () => Promise.all(children.map((child) => stop(child)));
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void stopAll().then(() => process.exit(130)));
}

/** Starts a baseline server in its own process, run by node itself (not npx/tsx wrappers) so stopping it stops the server. */
const baseline = async (script: string, readyUrl: string, env: Record<string, string>) => {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, ...env },
    stdio: "inherit",
  });
  children.push(child);
  await waitFor(readyUrl);
  return child;
};

type Figure = { rps: number; p99: number; failed: number };
const measure = async (url: string, headers: Record<string, string> = {}): Promise<Figure> => {
  await autocannon({ url, connections, duration: 2, headers });
  const r = await autocannon({ url, connections, duration, headers });
  return { rps: r.requests.average, p99: r.latency.p99, failed: r.non2xx + r.errors };
};

/** The first page of each list as the SPA asks for it. */
const ENDPOINTS = [
  ["get-login-user-info", "/api/user-service/user/get-login-user-info"],
  ["client list (first page)", "/api/accounts?_start=0&_end=20&_sort=updatedAt&_order=desc"],
  ["pending approvals count", "/api/workflow/counts"],
  ["notifications unread count", "/api/notifications/unread-count"],
  ["document folder listing", "/api/documents/files?folderId=root&_start=0&_end=20"],
] as const;

try {
  await baseline("bench/hello-server.ts", `http://127.0.0.1:${port}/hello`, { PORT: String(port) });

  const drivers = [
    ["PostgreSQL", port + 1, async () => ({ DATABASE_URL: await freshPgDatabase("lm_bench_api") })],
    ["PGlite", port + 2, async () => ({})],
  ] as const;
  const results = new Map<string, Map<string, Figure>>();
  let floor: Figure | undefined;
  await measure(`http://127.0.0.1:${port}/hello`); // warm-up of the load generator itself
  const base = await measure(`http://127.0.0.1:${port}/hello`);
  for (const [name, appPort, env] of drivers) {
    if (only && !name.toLowerCase().startsWith(only.toLowerCase())) continue;
    const appEnv: Record<string, string> = await env();
    const app = await startApp(appPort, appEnv);
    children.push(app.child);
    const auth = { authorization: `Bearer ${await login(app.url, "lawyer")}` };
    const figures = new Map<string, Figure>();
    for (const [label, path] of ENDPOINTS)
      figures.set(label, await measure(`${app.url}${path}`, auth));
    results.set(name, figures);
    if (name === "PostgreSQL") {
      // On the database the app has just migrated and seeded, while the app sits idle.
      const floorServer = await baseline(
        "bench/hello-db-server.ts",
        `http://127.0.0.1:${port + 3}/user`,
        {
          PORT: String(port + 3),
          DATABASE_URL: appEnv.DATABASE_URL,
        },
      );
      floor = await measure(`http://127.0.0.1:${port + 3}/user`);
      await stop(floorServer);
    }
    // One app at a time: the other would only take CPU from the measured one.
    await stop(app.child);
  }

  const ratio = (f: Figure, to: Figure | undefined) => (to ? (f.rps / to.rps).toFixed(2) : "-");
  const cell = (f: Figure | undefined, withFloor: boolean) =>
    f
      ? `${f.rps.toFixed(0).padStart(6)} req/s ${ratio(f, base)}${withFloor ? ` (${ratio(f, floor)} of floor)` : ""} p99 ${String(f.p99).padStart(3)} ms${f.failed ? ` (${f.failed} failed)` : ""}`
      : "-";
  console.log(
    `${connections} connections, ${duration} s each; bare fastify /hello: ${base.rps.toFixed(0)} req/s, p99 ${base.p99} ms`,
  );
  if (floor)
    console.log(
      `floor (bare fastify + one pg SELECT): ${floor.rps.toFixed(0)} req/s (${ratio(floor, base)} of bare), p99 ${floor.p99} ms`,
    );
  console.log(`targets on PostgreSQL: ratio to bare >= 0.40, p99 <= 20 ms`);
  console.log(
    `${"".padEnd(28)}| ${"PostgreSQL: req/s, ratio to bare".padEnd(48)}| PGlite (embedded)`,
  );
  for (const [label] of ENDPOINTS) {
    console.log(
      `${label.padEnd(28)}| ${cell(results.get("PostgreSQL")?.get(label), true).padEnd(48)}| ${cell(results.get("PGlite")?.get(label), false)}`,
    );
  }
} finally {
  await stopAll();
}
process.exit(0);
