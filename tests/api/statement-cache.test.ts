import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { notifications, users } from "../../src/server/db/tables";
import { createTestApp, type TestApp } from "../fixtures/app";

describe("queries run as prepared statements on PostgreSQL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("parses a parameterised text once per connection and gives the same answers", async () => {
    const db = t.database.db;
    const [lawyer] = await db.select().from(users).where(eq(users.username, "lawyer"));
    const unread = () =>
      db.select({ n: count() }).from(notifications).where(eq(notifications.userId, lawyer.id));
    const first = await unread();
    const again = await unread();
    expect(again).toEqual(first);
    expect(first[0].n).toBeGreaterThan(0);
    // Another user's count through the same statement: values are bound, never baked in.
    const [admin] = await db.select().from(users).where(eq(users.username, "admin"));
    const other = await db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, admin.id));
    expect(typeof other[0].n).toBe("number");

    if (t.database.kind !== "postgres") return;
    // In one transaction (one connection): the text is prepared there under one name.
    const prepared = await db.transaction(async (tx) => {
      await tx
        .select({ n: count() })
        .from(notifications)
        .where(eq(notifications.userId, lawyer.id));
      await tx.select({ n: count() }).from(notifications).where(eq(notifications.userId, admin.id));
      const result = await tx.execute(
        sql.raw(
          `select name, statement from pg_prepared_statements where statement like '%from "notifications"%'`,
        ),
      );
      return (result as unknown as { rows: { name: string; statement: string }[] }).rows;
    });
    expect(prepared.length).toBe(1);
    expect(prepared[0].name).toMatch(/^lm_/);
  });
});
