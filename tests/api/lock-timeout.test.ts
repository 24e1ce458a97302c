import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { AppError } from "../../src/shared/errors";
import { toAppError } from "../../src/server/plugins/envelope";
import { accountsApi, orgInput } from "../fixtures/accounts";
import { createTestApp, type TestApp } from "../fixtures/app";

/**
 * A row held by someone else for longer than the lock timeout (5 s) answers 409 "busy" instead of
 * piling requests up behind it, and the waiting write changes nothing.
 */
describe("lock timeout", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("turns the database's lock_not_available into 409 errors.recordBusy", async () => {
    const failure = await t.database.db
      .execute(sql`do $$ begin raise exception 'held' using errcode = '55P03'; end $$`)
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(failure).toBeTruthy();
    const mapped = toAppError(failure as Error, {} as never, { default: 1024, byMediaType: {} });
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped).toMatchObject({ status: 409, message: "errors.recordBusy" });
  });

  // PGlite is one connection: nobody else can hold a row there, so this exists in the api-pg
  // project (the same file on the PostgreSQL server) only.
  if (process.env.TEST_DB !== "postgres") return;
  describe("on a PostgreSQL server", () => {
    it("gives up on a row another connection holds, with 409 in the caller's language, and writes nothing", async () => {
      const api = accountsApi(t);
      const created = (await api.post("admin", "/api/accounts", orgInput(4242))).json().data;
      const current = await t.database.db.execute(sql`select current_database() as name`);
      const base = new URL(process.env.TEST_DATABASE_URL ?? "");
      base.pathname = `/${(current as unknown as { rows: { name: string }[] }).rows[0].name}`;
      const holder = new pg.Client({ connectionString: base.toString() });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query("select 1 from accounts where id = $1 for update", [created.id]);
        const started = Date.now();
        const res = await api.patch(
          "admin",
          `/api/accounts/${created.id}`,
          { formerName: "旧名", version: created.version },
          "zh-CN",
        );
        expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ msg: "该记录正被他人修改，请稍后重试" });
      } finally {
        await holder.query("rollback");
        await holder.end();
      }
      const after = (await api.get("admin", `/api/accounts/${created.id}`)).json().data;
      expect(after.version).toBe(created.version);
      expect(after.formerName).toBeUndefined();
    });
  });
});
