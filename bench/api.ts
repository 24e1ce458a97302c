import { spawn } from "node:child_process";

import autocannon from "autocannon";

import { freshPgDatabase, login, startApp, stop, waitFor } from "./lib/servers";

/**
 * bench/api: an authenticated read endpoint of the real app versus a bare Fastify hello route,
 * both in their own process, same connections and duration. `--pglite` uses the embedded database.
 */
const usePglite = process.argv.includes("--pglite");
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);

const run = (url: string, headers: Record<string, string> = {}) =>
  autocannon({ url, connections, duration, headers });

const hello = spawn("npx", ["tsx", "bench/hello-server.ts"], {
  env: { ...process.env, PORT: "3402" },
  stdio: "inherit",
});
await waitFor("http://127.0.0.1:3402/hello");
const env: Record<string, string> = usePglite ? {} : { DATABASE_URL: await freshPgDatabase("lm_bench_api") };
const app = await startApp(3401, env);
console.log("servers up");
const token = await login(app.url, "lawyer");
const auth = { authorization: `Bearer ${token}` };
// The platform's own cost (token, session, CASL, envelope) and a read that also queries the database.
const endpoints = [
  ["GET get-login-user-authority", `${app.url}/api/user-service/user/get-login-user-authority`],
  ["GET get-login-user-info", `${app.url}/api/user-service/user/get-login-user-info`],
] as const;

await run("http://127.0.0.1:3402/hello"); // warm-up of the load generator itself
const base = await run("http://127.0.0.1:3402/hello");
console.log(`database: ${usePglite ? "PGlite (embedded)" : "PostgreSQL"}; ${connections} connections, ${duration}s each`);
console.log(`bare fastify /hello            : ${base.requests.average.toFixed(0)} req/s, p99 ${base.latency.p99} ms`);
for (const [label, url] of endpoints) {
  await run(url, auth);
  const real = await run(url, auth);
  const ratio = real.requests.average / base.requests.average;
  console.log(
    `${label.padEnd(31)}: ${real.requests.average.toFixed(0)} req/s, p99 ${real.latency.p99} ms, ` +
      `non-2xx/errors ${real.non2xx + real.errors}; ratio ${ratio.toFixed(2)} (target >= 0.40, p99 <= 20 ms)`,
  );
}

await stop(app.child);
await stop(hello);
process.exit(0);
