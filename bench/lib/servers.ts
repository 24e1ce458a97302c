import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { generate } from "otplib";
import pg from "pg";

import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from "../../src/server/seed/demo-secrets";

export const PG_BASE = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A fresh database on the PostgreSQL server for one bench run. */
export const freshPgDatabase = async (name: string) => {
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return url.toString();
};

export const waitFor = async (url: string, timeoutMs = 60_000) => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
};

/** Starts the real app in its own process, as `npm run serve` would. */
export const startApp = async (port: number, env: Record<string, string>) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lm-bench-"));
  // BENCH_NODE_ARGS: extra node flags for the app, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  return { child, dataDir, url: `http://127.0.0.1:${port}` };
};

export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    // Killed by a signal, a child has no exit code but a signal code: it is gone all the same.
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

/** Resident memory of a process and its children (tsx runs the app in a child), in MB. */
export const rssMb = async (pid: number) => {
  const { execFileSync } = await import("node:child_process");
  const out = execFileSync("ps", [
    "-o",
    "rss=",
    "--ppid",
    String(pid),
    "-p",
    String(pid),
  ]).toString();
  return (
    out
      .split("\n")
      .filter(Boolean)
      .reduce((sum, line) => sum + Number(line.trim()), 0) / 1024
  );
};

const post = async (url: string, data: object) => {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(data),
  });
  return (
    (await res.json()) as { data: { token?: string; twoFactor?: string; challenge?: string } }
  ).data;
};

/** Signs in; the demo partner's code step is answered from the published demo secret. */
export const login = async (base: string, username: string, password = DEMO_PASSWORD) => {
  const data = await post(`${base}/api/auth/login`, { username, password });
  if (data.token || data.twoFactor !== "verify") return data.token as string;
  // A code is good once: the next step's code (the server takes ±1) for a second sign-in at once.
  for (const ahead of [0, 30]) {
    const code = await generate({ secret: DEMO_TOTP_SECRET, epoch: Date.now() / 1000 + ahead });
    const done = await post(`${base}/api/auth/two-factor/verify`, {
      challenge: data.challenge,
      code,
    });
    if (done.token) return done.token;
  }
  throw new Error(`${username}: no code accepted`);
};
