import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Database } from "../../src/server/db/client";
import { runMigrations } from "../../src/server/db/migrate";
import { seedIfEmpty } from "../../src/server/db/seed/demo";
import { openTestDatabase } from "../fixtures/database";

describe("migrations and seed", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const userCount = async () => {
    const result = await database.db.execute(sql`select count(*)::int as n from users`);
    return (result as unknown as { rows: { n: number }[] }).rows[0].n;
  };

  it("are idempotent: running them again, even concurrently, changes nothing", async () => {
    const before = await userCount();
    await Promise.all([runMigrations(database), runMigrations(database), runMigrations(database)]);
    const results = await Promise.all([seedIfEmpty(database), seedIfEmpty(database)]);
    expect(results).toEqual([false, false]);
    expect(await userCount()).toBe(before);
  });

  it("seeds two firms with the documented demo users", async () => {
    const result = await database.db.execute(sql`select username from users order by username`);
    const names = (result as unknown as { rows: { username: string }[] }).rows.map((r) => r.username);
    expect(names).toEqual(["admin", "admin2", "assistant", "finance", "intern", "lawyer", "lawyer2", "partner"]);
    const firms = await database.db.execute(sql`select count(*)::int as n from workspaces`);
    expect((firms as unknown as { rows: { n: number }[] }).rows[0].n).toBe(2);
  });
});
