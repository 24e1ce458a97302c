import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  caseNumberCounters,
  caseParties,
  cases,
  caseSubmissions,
  caseMembers,
} from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { casesApi, casesSuite } from "../fixtures/cases";

describe("cases open through their approval", () => {
  const suite = casesSuite();
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  beforeAll(async () => {
    ({ t, api } = suite);
  });

  const count = async (table: typeof cases | typeof caseNumberCounters) =>
    (await t.database.db.select().from(table)).length;

  it("accepting the approval makes the case with its number, parties, team and folder", async () => {
    const before = await count(cases);
    const res = await api.submit(
      "lawyer",
      await api.values({ caseType: "special-project", stage: "non-litigation" }),
    );
    expect(res.statusCode).toBe(200);
    const { instanceId } = res.json().data;
    expect(await count(cases)).toBe(before);
    await api.acceptAll(instanceId);
    const sub = (await api.get("lawyer", `/api/case-submissions/${instanceId}`)).json().data;
    expect(sub.caseId).toEqual(expect.any(String));
    const kase = (await api.get("lawyer", `/api/cases/${sub.caseId}`)).json().data;
    const year = new Date().getFullYear();
    // Special projects: a type the demo cases do not use, so this is the firm's first this year.
    expect(kase.caseNo).toBe(`（${year}）明律专字第0001号`);
    expect(kase.status).toBe("formal");
    expect(kase.folderId).toEqual(expect.any(String));
    const parties = await t.database.db
      .select()
      .from(caseParties)
      .where(eq(caseParties.caseId, sub.caseId));
    expect(parties.map((p) => p.nameNorm).sort()).toEqual(["张三", "李四贸易有限公司"]);
    const team = await t.database.db
      .select()
      .from(caseMembers)
      .where(eq(caseMembers.caseId, sub.caseId));
    expect(team).toEqual([
      expect.objectContaining({ role: "lead", userId: await api.userId("lawyer") }),
    ]);
    const approvals = (await api.get("lawyer", `/api/cases/${sub.caseId}/approvals`)).json().data;
    expect(approvals.map((a: { id: string }) => a.id)).toEqual([instanceId]);
  });

  it("rejected or cancelled: no case, no number consumed", async () => {
    const before = await count(cases);
    const counters = async () =>
      (await t.database.db.select().from(caseNumberCounters))
        .map((c) => `${c.workspaceId}:${c.caseType}:${c.lastValue}`)
        .sort();
    const counter = await counters();
    const res = await api.submit("lawyer", await api.values({ name: "被驳回的案件" }));
    const { instanceId } = res.json().data;
    const cancel = await api.wf.act("lawyer", instanceId, { type: "cancel", comment: "撤回" });
    expect(cancel.statusCode).toBe(200);
    expect(await count(cases)).toBe(before);
    expect(await counters()).toEqual(counter);
    const [sub] = await t.database.db
      .select()
      .from(caseSubmissions)
      .where(eq(caseSubmissions.instanceId, instanceId));
    expect(sub.caseId).toBeNull();
  });
});

describe("starting a case and its history", () => {
  const suite = casesSuite();
  let api: ReturnType<typeof casesApi>;
  beforeAll(async () => {
    ({ api } = suite);
  });

  it("offers the firm's case types × filing types, each filing type with the flow it starts", async () => {
    const res = await api.get("lawyer", "/api/case-start-options");
    expect(res.statusCode).toBe(200);
    const { caseTypes, filingTypes } = res.json().data;
    expect(caseTypes).toEqual(
      expect.arrayContaining([{ value: "civil-litigation", label: "Civil litigation" }]),
    );
    const caseFlow = (await api.get("lawyer", "/api/workflow/startable"))
      .json()
      .data.find((c: { kind: string }) => c.kind === "case");
    expect(filingTypes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          value: "pre-filing",
          isPreFiling: true,
          validityDays: expect.any(Number),
          definitionId: caseFlow.id,
        }),
        expect.objectContaining({ value: "formal", isPreFiling: false, definitionId: caseFlow.id }),
      ]),
    );
    // Starting a case is a "create" on cases: a member without it is refused.
    expect((await api.get("intern", "/api/case-start-options")).statusCode).toBe(403);
  });

  it("a case's timeline lists its audited changes, newest first, within the caller's scope", async () => {
    const res = await api.submit(
      "lawyer",
      await api.values({ name: "动态测试案件", filingType: "pre-filing" }),
    );
    const { instanceId } = res.json().data;
    await api.acceptAll(instanceId);
    const { caseId } = (await api.get("lawyer", `/api/case-submissions/${instanceId}`)).json().data;
    const kase = (await api.get("lawyer", `/api/cases/${caseId}`)).json().data;
    expect(
      (await api.post("lawyer", `/api/cases/${caseId}/extend`, { days: 5, version: kase.version }))
        .statusCode,
    ).toBe(200);
    const history = (await api.get("lawyer", `/api/cases/${caseId}/history`)).json().data;
    expect(history.length).toBeGreaterThanOrEqual(2);
    expect(history[0]).toEqual(
      expect.objectContaining({ action: "update", userId: await api.userId("lawyer") }),
    );
    expect(Object.keys(history[0].diff)).toContain("validUntil");
    expect(history.at(-1).action).toBe("create");
    expect(
      (await api.get("lawyer", "/api/cases/00000000-0000-4000-8000-000000000000/history"))
        .statusCode,
    ).toBe(404);
  });
});

describe("a new case carries its conflict report", () => {
  const suite = casesSuite();
  let api: ReturnType<typeof casesApi>;
  beforeAll(async () => {
    ({ api } = suite);
  });

  it("the report saved before submitting is attached to the case when its approval opens it, once", async () => {
    const saved = await api.post("lawyer", "/api/conflicts/reports", { keywords: ["张三"] });
    expect(saved.statusCode).toBe(200);
    const reportId = saved.json().data.id;
    const res = await api.submit("lawyer", await api.values({ name: "带利冲报告的案件" }), {
      conflictReportId: reportId,
    });
    expect(res.statusCode).toBe(200);
    const { instanceId } = res.json().data;
    await api.acceptAll(instanceId);
    const { caseId } = (await api.get("lawyer", `/api/case-submissions/${instanceId}`)).json().data;
    const reports = (await api.get("lawyer", `/api/conflicts/reports?caseId=${caseId}`)).json()
      .data;
    expect(reports.map((r: { id: string }) => r.id)).toEqual([reportId]);
    // Already a case's: a second case cannot take it.
    const again = await api.submit(
      "lawyer",
      await api.values({ name: "再用同一报告" }),
      { conflictReportId: reportId },
      "zh-CN",
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe("该利冲报告已属于其他案件");
    const unknown = await api.submit("lawyer", await api.values({ name: "未知报告" }), {
      conflictReportId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(404);
    // Another firm's report is not found either.
    const theirs = (
      await api.post("lawyer2", "/api/conflicts/reports", { keywords: ["李四"] })
    ).json().data.id;
    expect(
      (
        await api.submit("lawyer", await api.values({ name: "他所报告" }), {
          conflictReportId: theirs,
        })
      ).statusCode,
    ).toBe(404);
  });
});
