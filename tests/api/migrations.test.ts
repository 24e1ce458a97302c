import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Database } from "../../src/server/db/client";
import { runMigrations } from "../../src/server/db/migrate";
import { seedIfEmpty } from "../../src/server/seed/demo";
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
    const names = (result as unknown as { rows: { username: string }[] }).rows.map(
      (r) => r.username,
    );
    expect(names).toEqual([
      "admin",
      "admin2",
      "assistant",
      "finance",
      "intern",
      "lawyer",
      "lawyer2",
      "partner",
    ]);
    const firms = await database.db.execute(sql`select count(*)::int as n from workspaces`);
    expect((firms as unknown as { rows: { n: number }[] }).rows[0].n).toBe(2);
  });
});

describe("the cases migration on a firm that existed before cases", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("adds the case stage and cause-of-action dictionaries and the type attributes, once", async () => {
    const { readFileSync } = await import("node:fs");
    const file = readFileSync("src/server/db/migrations/0010_cases.sql", "utf8");
    const handWritten = file
      .slice(file.indexOf("-- hand-written below"))
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
    // A firm as it was before: no case dictionaries, no attributes.
    await database.db.execute(
      sql`delete from dictionary_types where code in ('case-stage', 'cause-of-action')`,
    );
    await database.db.execute(sql`update dictionary_items set attributes = '{}'::jsonb`);
    for (let run = 0; run < 2; run += 1)
      for (const statement of handWritten) await database.db.execute(sql.raw(statement));
    const rows = async (q: ReturnType<typeof sql>) =>
      (await database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] };
    const types = await rows(
      sql`select workspace_id, count(*)::int as n from dictionary_types where code in ('case-stage', 'cause-of-action') group by workspace_id`,
    );
    expect(types.rows).toHaveLength(2);
    expect(types.rows.every((r) => r.n === 2)).toBe(true);
    const stages = await rows(
      sql`select count(*)::int as n from dictionary_items i join dictionary_types t on t.id = i.type_id where t.code = 'case-stage'`,
    );
    expect(stages.rows[0].n).toBe(22);
    const civil = await rows(
      sql`select attributes from dictionary_items where code = 'civil-litigation'`,
    );
    expect(civil.rows.map((r) => r.attributes)).toEqual([
      { numberChar: "民" },
      { numberChar: "民" },
    ]);
  });
});
