import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Database, openDatabase } from "../../src/server/db/client";
import { runMigrations } from "../../src/server/db/migrate";
import { seedIfEmpty } from "../../src/server/seed/demo";
import { createTestApp, type TestApp } from "../fixtures/app";
import { esignApi, run } from "../fixtures/esign";

/**
 * A database another process can open too, for the CLI: a new PostgreSQL database when the suite
 * runs on PostgreSQL, else PGlite on disk (which the CLI opens once the app has closed it).
 */
const sharedDatabase = async (dir: string) => {
  const baseUrl = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  let url: string | undefined;
  if (baseUrl) {
    const name = `lm_test_cli_${Date.now()}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const database: Database = await openDatabase(
    url ? { databaseUrl: url, poolSize: 10 } : { pgliteDir: path.join(dir, "pg") },
  );
  await runMigrations(database);
  await seedIfEmpty(database);
  const drop = async () => {
    if (!baseUrl || !url) return;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
    await admin.end();
  };
  return { database, env: { DATA_DIR: dir, ...(url ? { DATABASE_URL: url } : {}) }, drop };
};

/** `npm run verify -- file.pdf` against the server's database (no VERIFY_OFFLINE): who sealed it, and the trail. */
describe("npm run verify (database mode)", () => {
  let t: TestApp;
  let shared: Awaited<ReturnType<typeof sharedDatabase>>;
  let sealed: Buffer;
  let firmName: string;
  let contractName: string;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "lm-verify-cli-"));
    shared = await sharedDatabase(dir);
    t = await createTestApp(
      {
        dataDir: dir,
        esignJobIntervalSeconds: 0,
        casesExpiryIntervalSeconds: 0,
        sealsOverdueIntervalSeconds: 0,
        outboxShowsSecrets: true,
      } as never,
      shared.database,
    );
    const api = esignApi(t);
    const caseId = (await api.open("lawyer", { name: "核验命令案件" })).id;
    const done = await api.completedRequest(
      caseId,
      await api.electronicSeal("finance"),
      "cli@example.com",
    );
    sealed = done.sealed;
    contractName = String(done.contract.name);
    firmName = (
      await t.app.inject({
        method: "POST",
        url: "/api/public/verify",
        headers: { "content-type": "application/pdf" },
        payload: sealed,
      })
    ).json().data.firmName;
    // PGlite on disk is one process's at a time: the app lets go before the CLI opens it.
    await t.close();
  }, 180_000);
  afterAll(() => shared.drop());

  const cli = (file: string) =>
    run("npx", ["tsx", "src/server/features/esign/verify-cli.ts", file], {
      env: { ...process.env, ...shared.env, VERIFY_OFFLINE: "" },
    }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );

  it("reports the sealing firm, the contract, an intact trail and every step", async () => {
    expect(firmName).toBeTruthy();
    const { code, out } = await cli(await esignApi(t).tmp("sealed.pdf", sealed));
    expect(out, out).toMatch(/signature valid, covering every byte/);
    expect(out).toContain(`sealed by: ${firmName}`);
    expect(out).toContain("unaltered since sealing: yes");
    expect(out).toContain(`contract: ${contractName}`);
    expect(out).toMatch(/trail intact/);
    for (const action of ["prepared", "sent", "code-verified", "signed", "completed"])
      expect(out).toMatch(new RegExp(`\\s${action}\\s`));
    expect(code).toBe(0);
  }, 120_000);

  it("reports a tampered copy as altered, with no trail, and exits 1", async () => {
    const tampered = Buffer.from(sealed);
    tampered[Math.floor(tampered.length / 3)] ^= 0x01;
    const { code, out } = await cli(await esignApi(t).tmp("tampered.pdf", tampered));
    expect(out, out).toMatch(/ALTERED/);
    expect(out).toContain("unaltered since sealing: NO");
    expect(out).not.toMatch(/trail intact/);
    expect(code).toBe(1);
  }, 120_000);
});
