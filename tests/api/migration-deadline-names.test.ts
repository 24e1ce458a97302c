import { readFileSync } from "node:fs";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Database } from "../../src/server/db/client";
import { openTestDatabase } from "../fixtures/database";

type Rows = { rows: Record<string, unknown>[] };

/** Migration 0019 on a firm seeded before it: the rules, holidays and key dates had Chinese only. */
describe("migration 0019 fills the English names of the shipped deadline data", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  const rows = async (q: ReturnType<typeof sql>) =>
    ((await database.db.execute(q)) as unknown as Rows).rows;

  it("names the shipped rules, holidays and rule-titled key dates in English, and leaves what a firm wrote", async () => {
    const file = readFileSync("src/server/db/migrations/0019_deadline_names_en.sql", "utf8");
    const updates = file
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter((s) => s.startsWith("UPDATE"));
    expect(updates.length).toBeGreaterThan(0);
    // As before 0019: no English anywhere; one firm renamed a rule and typed a key date's title.
    await database.db.execute(
      sql`update deadline_rules set name_en = null, trigger_label_en = null`,
    );
    await database.db.execute(sql`update holiday_days set name_en = null`);
    await database.db.execute(sql`update key_dates set title_en = null`);
    const [rule] = await rows(
      sql`select workspace_id from deadline_rules where code = 'retrial' limit 1`,
    );
    await database.db.execute(
      sql`update deadline_rules set name = '再审申请（本所口径）' where code = 'retrial' and workspace_id = ${rule.workspace_id}`,
    );
    await database.db.execute(
      sql`update key_dates set title = '自拟标题' where title = '举证期限'`,
    );
    for (let run = 0; run < 2; run += 1)
      for (const statement of updates) await database.db.execute(sql.raw(statement));

    const appeal = await rows(
      sql`select name_en, trigger_label_en from deadline_rules where code = 'appeal-judgment'`,
    );
    expect(appeal).toEqual([
      { name_en: "Appeal period against a judgment", trigger_label_en: "Judgment served" },
      { name_en: "Appeal period against a judgment", trigger_label_en: "Judgment served" },
    ]);
    const retrial = await rows(
      sql`select name_en from deadline_rules where code = 'retrial' and workspace_id = ${rule.workspace_id}`,
    );
    expect(retrial).toEqual([{ name_en: null }]);
    expect(
      await rows(sql`select count(*)::int as n from holiday_days where name_en is null`),
    ).toEqual([{ n: 0 }]);
    expect(await rows(sql`select distinct name_en from holiday_days where name = '春节'`)).toEqual([
      { name_en: "Spring Festival" },
    ]);
    // The seeded appeal period is titled by its rule, the defence period by its type's label.
    const titled = await rows(
      sql`select title, title_en from key_dates where title in ('对判决的上诉期', '答辩期', '自拟标题') order by title, workspace_id`,
    );
    expect(titled.length).toBeGreaterThan(0);
    for (const r of titled) {
      if (r.title === "对判决的上诉期") expect(r.title_en).toBe("Appeal period against a judgment");
      else if (r.title === "自拟标题") expect(r.title_en).toBeNull();
      else expect(r.title_en).toBeTruthy();
    }
  });
});
