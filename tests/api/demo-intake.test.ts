import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { LEAD_STAGE } from "../../src/shared/contracts/intake";
import { createTestApp, type TestApp } from "../fixtures/app";

type Lead = { id: string; leadNo: string; stage: string; caseId: string | null };

/** The demo's intake (seed/leads.ts): every stage on the board, and two leads that became cases. */
describe("demo data: intake", () => {
  let t: TestApp;
  const get = async (who: string, url: string) => {
    const res = await t.app.inject({ url, headers: await t.as(who) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("has a lead in every stage of the standard dictionary", async () => {
    const leads = (await get("partner", "/api/leads?_end=200")) as Lead[];
    const stages = new Set(leads.map((l) => l.stage));
    expect([...stages].sort()).toEqual(Object.values(LEAD_STAGE).sort());
  });

  it("links two signed leads to demo cases, each case naming its lead", async () => {
    const leads = (await get("partner", "/api/leads?_end=200")) as Lead[];
    const won = leads.filter((l) => l.stage === LEAD_STAGE.won);
    expect(won).toHaveLength(2);
    for (const lead of won) {
      expect(lead.caseId).toBeTruthy();
      const kase = (await get("partner", `/api/cases/${lead.caseId}`)) as { id: string };
      expect(kase.id).toBe(lead.caseId);
      const [named] = (await get("partner", `/api/leads?caseId=${lead.caseId}&_end=1`)) as Lead[];
      expect(named.leadNo).toBe(lead.leadNo);
    }
    const stats = (await get("partner", "/api/intake/stats")) as { converted: number }[];
    expect(stats.reduce((n, r) => n + r.converted, 0)).toBeGreaterThanOrEqual(2);
  });
});
