import { randomUUID } from "node:crypto";

import { and, count, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  caseClosings,
  cases,
  roles,
  users,
  workflowDefinitions,
  workflowInstances,
  workflowTasks,
  workspaces,
} from "../../src/server/db/tables";
import { provisionClosing } from "../../src/server/features/closing";
import { OWN_CONDITIONS } from "../../src/shared/permission-scopes";
import { createTestApp, type TestApp } from "../fixtures/app";
import { casesApi } from "../fixtures/cases";

type Lang = "en" | "zh-CN";

describe("closing a case (结案)", () => {
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;

  const summary = {
    result: "settlement",
    recoveredAmount: "1234567.5",
    text: "双方达成和解，款项已执行到位。",
  };
  const explanations = {
    tasks: "归档整理由助理在结案后完成",
    unbilledTime: "风险代理，工时不另行收费",
  };

  const submit = async (
    who: string,
    caseId: string,
    body: unknown,
    opts: { key?: string; lang?: Lang } = {},
  ) =>
    t.app.inject({
      method: "POST",
      url: `/api/cases/${caseId}/closing-submissions`,
      headers: await t.as(who, {
        lang: opts.lang ?? "en",
        "content-type": "application/json",
        ...(opts.key ? { "idempotency-key": opts.key } : {}),
      }),
      payload: typeof body === "string" ? body : (body as object),
    });
  const checklist = async (who: string, caseId: string) =>
    api.get(who, `/api/cases/${caseId}/closing-checklist`);
  const counts = async () => ({
    closings: (await t.database.db.select({ n: count() }).from(caseClosings))[0].n,
    approvals: (await t.database.db.select({ n: count() }).from(workflowInstances))[0].n,
  });
  const caseRow = async (id: string) =>
    (await t.database.db.select().from(cases).where(eq(cases.id, id)))[0];

  /** A formal case of the lawyer with one open task and one unbilled billable time entry. */
  const caseWithOpenItems = async () => {
    const kase = await api.open("lawyer");
    const task = await api.post("lawyer", "/api/tasks", { title: "整理卷宗", caseId: kase.id });
    expect(task.statusCode, task.body).toBe(200);
    const time = await api.post("lawyer", "/api/case-time-entries", {
      caseId: kase.id,
      userId: await api.userId("lawyer"),
      workDate: "2026-11-20",
      minutes: 90,
      description: "出庭",
      billable: true,
    });
    expect(time.statusCode, time.body).toBe(200);
    return kase;
  };

  beforeAll(async () => {
    t = await createTestApp();
    api = casesApi(t);
  });
  afterAll(() => t.close());

  describe("GET /api/cases/:id/closing-checklist", () => {
    it("counts what is still open on the case, item by item", async () => {
      const kase = await caseWithOpenItems();
      const res = await checklist("lawyer", kase.id);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        caseId: kase.id,
        status: "formal",
        pendingApprovalId: null,
        closing: null,
      });
      expect(data.items.map((i: { key: string }) => i.key)).toEqual([
        "keyDates",
        "tasks",
        "unbilledTime",
        "unbilledExpenses",
        "unpaidBills",
        "uninvoicedBills",
        "sealRequests",
        "contracts",
        "signingRequests",
      ]);
      const byKey = Object.fromEntries(data.items.map((i: { key: string }) => [i.key, i]));
      expect(byKey.tasks).toEqual({ key: "tasks", count: 1, resolved: false });
      expect(byKey.unbilledTime).toEqual({ key: "unbilledTime", count: 1, resolved: false });
      expect(byKey.keyDates).toEqual({ key: "keyDates", count: 0, resolved: true });
    });
  });

  describe("POST /api/cases/:id/closing-submissions", () => {
    it("refuses while an item is open and unexplained, naming it in the reader's language, and writes nothing", async () => {
      const kase = await caseWithOpenItems();
      const before = await counts();
      const en = await submit("lawyer", kase.id, {
        summary,
        explanations: { unbilledTime: "风险代理" },
      });
      expect(en.statusCode).toBe(422);
      expect(en.json().msg).toBe("Open tasks (1 open): resolve it or explain why it may stay open");
      const zh = await submit("lawyer", kase.id, { summary }, { lang: "zh-CN" });
      expect(zh.statusCode).toBe(422);
      expect(zh.json().msg).toBe("未完成的任务（1 项未了）：请处理完毕或说明可以保留的原因");
      expect(await counts()).toEqual(before);
      expect((await caseRow(kase.id)).status).toBe("formal");
    });

    it("refuses bad input with a translated 4xx and writes nothing", async () => {
      const kase = await caseWithOpenItems();
      const before = await counts();
      // 10 000 levels deep: sent as text, as a client that builds it by hand would.
      const deep = `{"summary":${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}}`;
      const bodies: unknown[] = [
        { summary: { ...summary, result: "victory" }, explanations },
        { summary: { ...summary, recoveredAmount: "12,34" }, explanations },
        { summary: { ...summary, recoveredAmount: "-5.00" }, explanations },
        { summary: { ...summary, recoveredAmount: "1.234" }, explanations },
        { summary: { ...summary, text: "   " }, explanations },
        { summary: { ...summary, text: "x".repeat(2001) }, explanations },
        { summary: { ...summary, text: "a\u0000b" }, explanations },
        { summary, explanations: { ...explanations, tasks: "a\u0000b" } },
        { summary, explanations: { ...explanations, invented: "x" } },
        { summary, explanations: JSON.parse('{"__proto__": {"tasks": "x"}, "unbilledTime": "y"}') },
        deep,
        { summary: { ...summary, closedOn: "2026-02-30" }, explanations },
        { explanations },
      ];
      for (const [i, body] of bodies.entries()) {
        for (const lang of ["en", "zh-CN"] as const) {
          const res = await submit("lawyer", kase.id, body, { lang });
          expect([400, 413, 422], `body ${i}: ${res.body}`).toContain(res.statusCode);
          expect(res.json().code, `body ${i}`).toBeGreaterThanOrEqual(400);
          expect(res.json().msg).toBeTruthy();
          if (lang === "zh-CN") expect(res.json().msg, `body ${i}`).not.toMatch(/^[\x20-\x7e]+$/);
        }
      }
      expect(await counts()).toEqual(before);
    });

    it("starts the closing approval once under one Idempotency-Key, one per case", async () => {
      const kase = await caseWithOpenItems();
      const before = await counts();
      const key = randomUUID();
      const body = { summary, explanations };
      const first = await submit("lawyer", kase.id, body, { key });
      expect(first.statusCode, first.body).toBe(200);
      const replay = await submit("lawyer", kase.id, body, { key });
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json().data).toEqual(first.json().data);
      const mismatch = await submit(
        "lawyer",
        kase.id,
        { ...body, summary: { ...summary, text: "另一个" } },
        { key },
      );
      expect(mismatch.statusCode).toBe(422);
      expect(await counts()).toEqual({
        closings: before.closings + 1,
        approvals: before.approvals + 1,
      });

      const again = await submit("lawyer", kase.id, body, { key: randomUUID() });
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe("A closing of this case is already waiting for approval");

      const list = (await checklist("lawyer", kase.id)).json().data;
      expect(list.pendingApprovalId).toBe(first.json().data.instanceId);
      const approvals = await api.get("lawyer", `/api/cases/${kase.id}/approvals`);
      expect(approvals.json().data.map((a: { id: string }) => a.id)).toContain(
        first.json().data.instanceId,
      );
      expect(list.items.find((i: { key: string }) => i.key === "tasks").explanation).toBe(
        explanations.tasks,
      );
      expect((await caseRow(kase.id)).status).toBe("formal");
    });

    it("shows the approver the case, the result, the money and the explained items in their language", async () => {
      const kase = await caseWithOpenItems();
      const res = await submit("lawyer", kase.id, { summary, explanations });
      expect(res.statusCode, res.body).toBe(200);
      const { instanceId } = res.json().data;
      const [instance] = await t.database.db
        .select()
        .from(workflowInstances)
        .where(eq(workflowInstances.id, instanceId));
      expect(instance.kind).toBe("case-close");
      expect(instance.form).toMatchObject({
        caseRef: `${kase.caseNo} ${kase.name}`,
        result: "settlement",
        recoveredAmount: "1234567.50",
        summary: summary.text,
      });
      const en = (await api.wf.detail("lawyer", instanceId, "en")).json().data;
      expect(en.title).toBe(`Case closing: ${kase.name} (${kase.caseNo})`);
      expect(en.form.openItems).toBe(
        `Open tasks (1): ${explanations.tasks}\nUnbilled billable time (1): ${explanations.unbilledTime}`,
      );
      const zh = (await api.wf.detail("lawyer", instanceId, "zh-CN")).json().data;
      expect(zh.form.openItems).toContain(`未完成的任务（1）：${explanations.tasks}`);
    });

    it("closes the case in the approval's transaction when accepted, keeping the summary", async () => {
      const kase = await api.open("lawyer");
      const res = await submit("lawyer", kase.id, {
        summary: { result: "judgment", text: "胜诉" },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        (await checklist("lawyer", kase.id))
          .json()
          .data.items.every((i: { resolved: boolean }) => i.resolved),
      ).toBe(true);
      await api.acceptAll(res.json().data.instanceId);
      const row = await caseRow(kase.id);
      expect(row.status).toBe("closed");
      expect(row.serviceEnd).toBeTruthy();
      const data = (await checklist("lawyer", kase.id)).json().data;
      expect(data).toMatchObject({
        status: "closed",
        pendingApprovalId: null,
        closing: { status: "approved", result: "judgment", text: "胜诉", recoveredAmount: null },
      });
      expect(data.closing.closedAt).toBeTruthy();
      const closedAgain = await submit("lawyer", kase.id, { summary });
      expect(closedAgain.statusCode).toBe(409);
      expect(closedAgain.json().msg).toBe("Only a formal case can be closed");
    });

    it("leaves the case formal when the approval is rejected or withdrawn", async () => {
      const kase = await api.open("lawyer");
      const first = (await submit("lawyer", kase.id, { summary })).json().data;
      const [task] = await t.database.db
        .select({ username: users.username })
        .from(workflowTasks)
        .innerJoin(users, eq(users.id, workflowTasks.assigneeId))
        .where(
          and(eq(workflowTasks.instanceId, first.instanceId), eq(workflowTasks.status, "pending")),
        );
      const rejected = await api.wf.act(task.username, first.instanceId, {
        type: "reject",
        taskId: await api.wf.myTask(task.username, first.instanceId),
        comment: "小结不完整",
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect((await caseRow(kase.id)).status).toBe("formal");
      const second = await submit("lawyer", kase.id, { summary });
      expect(second.statusCode, second.body).toBe(200);
      const cancelled = await api.wf.act("lawyer", second.json().data.instanceId, {
        type: "cancel",
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await caseRow(kase.id)).status).toBe("formal");
      const statuses = await t.database.db
        .select({ status: caseClosings.status })
        .from(caseClosings)
        .where(eq(caseClosings.caseId, kase.id));
      expect(statuses.map((s) => s.status).sort()).toEqual(["cancelled", "rejected"]);
      expect((await submit("lawyer", kase.id, { summary })).statusCode).toBe(200);
    });

    it("refuses another firm's case with 404 and changes nothing", async () => {
      const [other] = await t.database.db
        .select({ id: cases.id })
        .from(cases)
        .innerJoin(workspaces, eq(workspaces.id, cases.workspaceId))
        .where(eq(workspaces.nameEn, "Zhengheng Law Firm"))
        .limit(1);
      expect(other).toBeTruthy();
      const before = await counts();
      expect((await checklist("admin", other.id)).statusCode).toBe(404);
      const res = await submit("admin", other.id, { summary }, { key: randomUUID() });
      expect(res.statusCode).toBe(404);
      expect(await counts()).toEqual(before);
    });

    it("refuses a case outside the caller's row scope with 404 and changes nothing", async () => {
      const kase = await api.open("lawyer");
      const [firm] = await t.database.db
        .select()
        .from(workspaces)
        .where(eq(workspaces.nameEn, "Mingde Law Firm"));
      const [intern] = await t.database.db
        .select()
        .from(roles)
        .where(and(eq(roles.workspaceId, firm.id), eq(roles.code, "intern")));
      const put = await api.call("PUT", "admin", `/api/roles/${intern.id}/rules`, {
        rules: [
          { action: "basic", subject: "BASIC_PERMISSION" },
          { action: ["read", "update"], subject: "LAWFIRM_CASE_VIEW", conditions: OWN_CONDITIONS },
        ],
        version: intern.version,
      });
      expect(put.statusCode, put.body).toBe(200);
      const before = await counts();
      expect((await checklist("intern", kase.id)).statusCode).toBe(404);
      expect((await submit("intern", kase.id, { summary })).statusCode).toBe(404);
      expect(await counts()).toEqual(before);
      // Without `update` on cases, nobody may submit a closing.
      expect((await submit("assistant", kase.id, { summary })).statusCode).toBeGreaterThanOrEqual(
        403,
      );
    });
  });

  describe("POST /api/cases/:id/close", () => {
    it("is an administrator's correction: a lawyer closes through the checklist, and never beside a running closing", async () => {
      const kase = await api.open("lawyer");
      const direct = await api.post("lawyer", `/api/cases/${kase.id}/close`, {
        version: kase.version,
      });
      expect(direct.statusCode).toBe(403);
      expect((await submit("lawyer", kase.id, { summary })).statusCode).toBe(200);
      const beside = await api.post("admin", `/api/cases/${kase.id}/close`, {
        version: kase.version,
      });
      expect(beside.statusCode).toBe(409);
      expect(beside.json().msg).toBe("A closing of this case is already waiting for approval");
      expect((await caseRow(kase.id)).status).toBe("formal");
      const other = await api.open("lawyer");
      const fixed = await api.post("admin", `/api/cases/${other.id}/close`, {
        version: other.version,
      });
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect((await caseRow(other.id)).status).toBe("closed");
    });
  });

  describe("the case-close flow", () => {
    it("is provisioned once in every firm, editable like any business flow", async () => {
      const firms = await t.database.db.select({ id: workspaces.id }).from(workspaces);
      const flows = await t.database.db
        .select({ workspaceId: workflowDefinitions.workspaceId })
        .from(workflowDefinitions)
        .where(eq(workflowDefinitions.kind, "case-close"));
      expect(flows.length).toBe(firms.length);
      await provisionClosing(t.database.db);
      const after = await t.database.db
        .select({ n: count() })
        .from(workflowDefinitions)
        .where(and(eq(workflowDefinitions.kind, "case-close"), ne(workflowDefinitions.key, "")));
      expect(after[0].n).toBe(firms.length);
    });
  });
});
