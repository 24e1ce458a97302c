import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { users, workflowTasks } from "../../src/server/db/tables";
import type { ClosingOfApproval } from "../../src/shared/contracts/closing";
import { createTestApp, type TestApp } from "../fixtures/app";
import { casesApi } from "../fixtures/cases";

/**
 * The closing approval's page reads GET /closing-requests/:id: the closing it decides and the
 * case's checklist then (at submission) and now, for whoever may open the approval.
 */
describe("closing approval: the closing and its live checklist", () => {
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  const read = async (who: string, instanceId: string, lang = "en") =>
    t.app.inject({
      url: `/api/closing-requests/${instanceId}`,
      headers: await t.as(who, { lang }),
    });

  beforeAll(async () => {
    t = await createTestApp();
    api = casesApi(t);
  });
  afterAll(() => t.close());

  it("shows the approver the closing, and an item resolved since as resolved now", async () => {
    const kase = await api.open("lawyer");
    const task = (
      await api.post("lawyer", "/api/tasks", { title: "整理卷宗", caseId: kase.id })
    ).json().data as { id: string; version: number };
    const submitted = await t.app.inject({
      method: "POST",
      url: `/api/cases/${kase.id}/closing-submissions`,
      headers: await t.as("lawyer", { "content-type": "application/json" }),
      payload: {
        summary: { result: "settlement", recoveredAmount: "98000", text: "和解结案" },
        explanations: { tasks: "结案后由助理完成" },
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const { instanceId } = submitted.json().data as { instanceId: string };
    const [approver] = await t.database.db
      .select({ username: users.username })
      .from(workflowTasks)
      .innerJoin(users, eq(users.id, workflowTasks.assigneeId))
      .where(eq(workflowTasks.instanceId, instanceId));

    const first = await read(approver.username, instanceId);
    expect(first.statusCode, first.body).toBe(200);
    const before = first.json().data as ClosingOfApproval;
    expect(before).toMatchObject({
      caseId: kase.id,
      caseNo: kase.caseNo,
      caseName: kase.name,
      closing: { result: "settlement", recoveredAmount: "98000.00", text: "和解结案" },
    });
    const tasksThen = before.submitted.find((i) => i.key === "tasks");
    expect(tasksThen?.count).toBe(1);
    expect(before.items.find((i) => i.key === "tasks")).toMatchObject({
      count: 1,
      explanation: "结案后由助理完成",
    });

    const done = await api.patch("lawyer", `/api/tasks/${task.id}`, {
      status: "done",
      version: task.version,
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = (await read(approver.username, instanceId)).json().data as ClosingOfApproval;
    expect(after.submitted.find((i) => i.key === "tasks")?.count).toBe(1);
    expect(after.items.find((i) => i.key === "tasks")).toMatchObject({ count: 0, resolved: true });
  });

  it("refuses someone who may not open the approval, another firm, and a non-closing approval", async () => {
    const kase = await api.open("lawyer");
    const submitted = await t.app.inject({
      method: "POST",
      url: `/api/cases/${kase.id}/closing-submissions`,
      headers: await t.as("lawyer", { "content-type": "application/json" }),
      payload: { summary: { result: "judgment", text: "胜诉" } },
    });
    const { instanceId } = submitted.json().data as { instanceId: string };
    // As the approval itself answers a member who may not open it.
    expect((await read("intern", instanceId)).statusCode).toBe(403);
    expect((await read("admin2", instanceId)).statusCode).toBe(404);
    const opening = await api.submit("lawyer", await api.values({}, "lawyer"));
    expect(opening.statusCode, opening.body).toBe(200);
    const caseApproval = opening.json().data as { instanceId: string };
    expect((await read("lawyer", caseApproval.instanceId)).statusCode).toBe(404);
    for (const bad of ["abc", "%00", "__proto__"]) {
      const res = await read("lawyer", bad, "zh-CN");
      expect([400, 404], bad).toContain(res.statusCode);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
