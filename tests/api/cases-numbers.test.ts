import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { caseNumberCounters, workspaces } from "../../src/server/db/tables";

import { formatCaseNumber } from "../../src/server/features/cases/numbering";
import type { TestApp } from "../fixtures/app";
import { casesApi, casesSuite } from "../fixtures/cases";

/** Internal case numbers: the firm's format, a sequence per year and type, gap-free under concurrency. */
describe("case numbers", () => {
  const suite = casesSuite();
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  beforeAll(async () => {
    ({ t, api } = suite);
  });

  it("formats every placeholder", () => {
    expect(
      formatCaseNumber("（{year}）{firm}{type}字第{seq:4}号", {
        year: 2026,
        firm: "明律",
        type: "民",
        seq: 7,
      }),
    ).toBe("（2026）明律民字第0007号");
    expect(
      formatCaseNumber("{firm}-{year}-{seq}", { year: 2027, firm: "ZH", type: "x", seq: 12345 }),
    ).toBe("ZH-2027-12345");
  });

  /** The last number a firm's counter gave for a type this year (the demo cases took some). */
  const lastOf = async (caseType: string) => {
    const [firm] = await t.database.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.name, "明德律师事务所"));
    const [row] = await t.database.db
      .select()
      .from(caseNumberCounters)
      .where(
        and(
          eq(caseNumberCounters.workspaceId, firm.id),
          eq(caseNumberCounters.caseType, caseType),
          eq(caseNumberCounters.year, new Date().getFullYear()),
        ),
      );
    return row?.lastValue ?? 0;
  };

  it("50 approvals accepted at once get 50 distinct, consecutive numbers", async () => {
    const base = await lastOf("labor-arbitration");
    const values = await api.values({ caseType: "labor-arbitration", stage: "labor-arbitration" });
    const started = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.submit("lawyer", { ...values, name: `并发案件${i}` }),
      ),
    );
    const ids = started.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.instanceId as string;
    });
    // Every approval's steps run at once: the final accepts race for the counter row.
    await Promise.all(ids.map((id) => api.acceptAll(id)));
    const numbers: string[] = [];
    for (const id of ids) {
      const sub = (await api.get("lawyer", `/api/case-submissions/${id}`)).json().data;
      const kase = (await api.get("lawyer", `/api/cases/${sub.caseId}`)).json().data;
      numbers.push(kase.caseNo);
    }
    const year = new Date().getFullYear();
    const expected = Array.from(
      { length: 50 },
      (_, i) => `（${year}）明律劳字第${String(base + i + 1).padStart(4, "0")}号`,
    );
    expect([...numbers].sort()).toEqual(expected);
  });

  it("the firm's number format applies to new cases, and a format without a sequence is refused", async () => {
    const bad = await api.call(
      "PUT",
      "admin",
      "/api/case-settings",
      { numberFormat: "{year}-{firm}", firmShortName: "MD" },
      "zh-CN",
    );
    expect(bad.statusCode).toBe(422);
    const ok = await api.call("PUT", "admin", "/api/case-settings", {
      numberFormat: "{firm}{year}{type}-{seq:3}",
      firmShortName: "MD",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      (
        await api.call("PUT", "lawyer", "/api/case-settings", {
          numberFormat: "{seq}",
          firmShortName: "X",
        })
      ).statusCode,
    ).toBe(403);
    const next = (await lastOf("criminal-defense")) + 1;
    const kase = await api.open("lawyer", {
      caseType: "criminal-defense",
      stage: "criminal-trial",
    });
    expect(kase.caseNo).toBe(`MD${new Date().getFullYear()}刑-${String(next).padStart(3, "0")}`);
  });
});
