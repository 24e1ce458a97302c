import { randomUUID } from "node:crypto";
import http from "node:http";

import autocannon from "autocannon";
import pg from "pg";

import { newTaskNode } from "../src/shared/workflow";
import { request } from "./lib/http";
import { freshPgDatabase, login, startApp, stop } from "./lib/servers";

/**
 * bench/workflow on PostgreSQL: (1) accept actions per second with ACTORS concurrent actors, each
 * on its own instances (a 40-step sequential flow, so every accept runs the engine, locks, writes
 * tasks, timeline, notification and audit); (2) the approval centre's Pending list p99 with
 * 100 000 task rows in the table. Targets: >= 300 actions/s, p99 <= 30 ms.
 */
const ACTORS = Number(process.env.BENCH_ACTORS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const STEPS = 40;
const TASKS = 100_000;

const dbUrl = await freshPgDatabase("lm_bench_workflow");
const app = await startApp(Number(process.env.BENCH_PORT ?? 3421), { DATABASE_URL: dbUrl });
const base = `${app.url}/api/workflow`;
const [admin, lawyer, partner] = [
  await login(app.url, "admin"),
  await login(app.url, "lawyer"),
  await login(app.url, "partner"),
];

type Envelope<T> = { code: number; msg: string; data: T };
// Keep-alive sockets, one per actor: each request would otherwise open a connection.
const agent = new http.Agent({ keepAlive: true, maxSockets: ACTORS + 10 });
const call = async <T>(
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<Envelope<T>> => {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    "idempotency-key": randomUUID(),
  };
  if (payload !== undefined)
    Object.assign(headers, {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(payload)),
    });
  return JSON.parse((await request(url, { method, headers, agent }, payload)).body) as Envelope<T>;
};

// A flow of STEPS approval nodes, every one the partner's, without dedupe (each accept is real work).
const client = new pg.Client({ connectionString: dbUrl });
await client.connect();
const {
  rows: [partnerRow],
} = await client.query<{ id: string }>("select id from users where username = 'partner'");
const created = await call<{ id: string; version: number; key: string }>(
  admin,
  "POST",
  `${base}/definitions`,
  { name: "Bench", kind: "general" },
);
const nodes = Array.from({ length: STEPS }, (_, i) => ({
  ...newTaskNode("approval", `n${i}`, `Step ${i}`),
  assignees: { kind: "users", userIds: [partnerRow.id] },
}));
const draft = {
  key: created.data.key,
  name: "Bench",
  kind: "general",
  admins: [],
  form: { type: "object", required: ["title"], properties: { title: { type: "string" } } },
  settings: { dedupe: "none", cancelAfterApproved: true },
  start: { initiators: { kind: "all" }, fields: {} },
  nodes,
};
const saved = await call<{ version: number }>(
  admin,
  "PUT",
  `${base}/definitions/${created.data.id}/draft`,
  { draft, version: created.data.version },
);
const published = await call<{ publishedVersion: { id: string } }>(
  admin,
  "POST",
  `${base}/definitions/${created.data.id}/publish`,
  { version: saved.data.version },
);
if (published.code !== 200) throw new Error(published.msg);

type Actor = { id: string; task: string | undefined };
const start = async (): Promise<Actor> => {
  const res = await call<{ id: string }>(lawyer, "POST", `${base}/instances`, {
    definitionId: created.data.id,
    form: { title: "bench" },
  });
  const detail = await call<{ myTasks: { id: string }[] }>(
    partner,
    "GET",
    `${base}/instances/${res.data.id}`,
  );
  return { id: res.data.id, task: detail.data.myTasks[0]?.id };
};

// (1) Actions per second: each actor accepts on its own instance, starting a new one when done.
const actors = await Promise.all(Array.from({ length: ACTORS }, start));
let accepts = 0;
let failures = 0;
const latencies: number[] = [];
const until = Date.now() + SECONDS * 1000;
const began = Date.now();
await Promise.all(
  actors.map(async (actor) => {
    let current = actor;
    while (Date.now() < until) {
      if (!current.task) current = await start();
      const t0 = performance.now();
      const res = await call<{ myTasks: string[] }>(
        partner,
        "POST",
        `${base}/instances/${current.id}/actions`,
        { type: "accept", taskId: current.task },
      );
      latencies.push(performance.now() - t0);
      if (res.code !== 200) {
        failures += 1;
        current = { id: current.id, task: undefined };
        continue;
      }
      accepts += 1;
      current = { id: current.id, task: res.data.myTasks[0] };
    }
  }),
);
const elapsed = (Date.now() - began) / 1000;
latencies.sort((a, b) => a - b);
const p = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))].toFixed(1);
console.log(`database: PostgreSQL; ${ACTORS} concurrent actors on distinct instances, ${SECONDS}s`);
console.log(
  `accept actions: ${accepts} in ${elapsed.toFixed(1)}s = ${(accepts / elapsed).toFixed(0)} actions/s (target >= 300); failures ${failures}; latency p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`,
);

// (2) Pending list with 100 000 task rows: instances and tasks inserted in bulk, spread over the firm.
const {
  rows: [ctx],
} = await client.query<{ ws: string; lawyer: string }>(
  "select m.workspace_id as ws, u.id as lawyer from members m join users u on u.id = m.user_id where u.username = 'lawyer'",
);
const { rows: people } = await client.query<{ id: string }>(
  "select user_id as id from members where workspace_id = $1",
  [ctx.ws],
);
const perInstance = 5;
await client.query(
  `insert into workflow_instances (workspace_id, definition_id, version_id, kind, title, status, initiator_id, form, state, submitted_at)
   select $1, $2, $3, 'general', 'Bulk ' || g, 'running', $4, '{}'::jsonb, '{}'::jsonb, now() - (g || ' seconds')::interval
   from generate_series(1, $5::int) g`,
  [ctx.ws, created.data.id, published.data.publishedVersion.id, ctx.lawyer, TASKS / perInstance],
);
await client.query(
  `insert into workflow_tasks (workspace_id, id, instance_id, seq, node_id, node_name, activation, slot, assignee_id, kind, status, pass, created_at, closed_at)
   select i.workspace_id, gen_random_uuid(), i.id, k, 'n' || k, 'Step ' || k, 1, 0,
          ($6::uuid[])[1 + (abs(hashtext(i.id::text || k)) % $7::int)], 'approval',
          case when k = $5 then 'pending' else 'accepted' end, 1, i.submitted_at + (k || ' seconds')::interval,
          case when k = $5 then null else i.submitted_at + (k || ' seconds')::interval end
   from workflow_instances i cross join generate_series(1, $5::int) k
   where i.workspace_id = $1 and i.title like 'Bulk %' and i.definition_id = $2 and i.version_id = $3 and i.initiator_id = $4`,
  [
    ctx.ws,
    created.data.id,
    published.data.publishedVersion.id,
    ctx.lawyer,
    perInstance,
    people.map((x) => x.id),
    people.length,
  ],
);
// Vacuumed as autovacuum leaves tables after a bulk load, so the list reads them as in a running firm.
await client.query("vacuum analyze workflow_tasks");
await client.query("vacuum analyze workflow_instances");
const {
  rows: [counts],
} = await client.query<{ total: string; mine: string }>(
  "select count(*) as total, count(*) filter (where status = 'pending' and assignee_id = $1) as mine from workflow_tasks",
  [partnerRow.id],
);
const url = `${base}/lists/pending?_start=0&_end=20`;
const headers = { authorization: `Bearer ${partner}` };
await autocannon({ url, connections: 4, duration: 3, headers });
// A few users opening the centre at once (latency) and the saturated rate (throughput).
for (const connections of [4, 20]) {
  const list = await autocannon({ url, connections, duration: SECONDS, headers });
  console.log(
    `pending list, ${connections} connections (partner holds ${counts.mine} of ${counts.total} task rows): ${list.requests.average.toFixed(0)} req/s, ` +
      `p50 ${list.latency.p50} ms, p99 ${list.latency.p99} ms (target <= 30 ms), non-2xx ${list.non2xx + list.errors}`,
  );
}

await client.end();
agent.destroy();
// The app is one node process (startApp runs it without the npx/tsx wrappers).
await stop(app.child);
process.exit(0);
