import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { tasks } from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { casesApi, casesSuite } from "../fixtures/cases";

type Task = { id: string; version: number; leadId: string | null; leadNo: string | null };
type Lead = { id: string; leadNo: string; stage: string };

/**
 * A lead's follow-ups are tasks on the lead: put there by someone who may change the lead, seen
 * by whoever may read it (and by their assignee), never on another firm's lead.
 */
describe("intake: follow-up tasks on a lead", () => {
  const suite = casesSuite();
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  let lead: Lead;
  let otherFirmLead: Lead;
  const taskCount = async () => (await t.database.db.select().from(tasks)).length;

  beforeAll(async () => {
    ({ t, api } = suite);
    const mine = (await api.get("partner", "/api/leads?_end=200")).json().data as Lead[];
    lead = mine.find((l) => l.stage === "consult")!;
    const theirs = (await api.get("admin2", "/api/leads?_end=200")).json().data as Lead[];
    otherFirmLead = theirs[0];
  });

  it("puts a task on a lead and lists it under the lead, with the lead's number", async () => {
    const res = await api.post("lawyer", "/api/tasks", {
      title: "回访客户，确认报价",
      leadId: lead.id,
      dueDate: "2026-12-03",
    });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data as Task;
    expect(made.leadId).toBe(lead.id);

    const list = (await api.get("partner", `/api/tasks?leadId=${lead.id}`)).json().data as Task[];
    expect(list.map((x) => x.id)).toContain(made.id);
    expect(list.find((x) => x.id === made.id)?.leadNo).toBe(lead.leadNo);
    // The partner neither made nor holds it: the lead makes it visible.
    const detail = await api.get("partner", `/api/tasks/${made.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.leadNo).toBe(lead.leadNo);
  });

  it("hides a lead's follow-up from someone who may not read leads", async () => {
    const made = (
      await api.post("lawyer", "/api/tasks", { title: "准备报价单", leadId: lead.id })
    ).json().data as Task;
    expect((await api.get("intern", `/api/tasks/${made.id}`)).statusCode).toBe(404);
    const list = (await api.get("intern", `/api/tasks?leadId=${lead.id}`)).json().data as Task[];
    expect(list).toEqual([]);
  });

  it("refuses another firm's lead, an unknown lead and a caller who may not change leads", async () => {
    const before = await taskCount();
    for (const [who, leadId] of [
      ["lawyer", otherFirmLead.id],
      ["lawyer", "00000000-0000-4000-8000-000000000000"],
      ["intern", lead.id],
    ]) {
      const res = await api.post(who, "/api/tasks", { title: "x", leadId });
      expect(res.statusCode, `${who} ${leadId}`).toBe(404);
    }
    const made = (await api.post("lawyer", "/api/tasks", { title: "y" })).json().data as Task;
    const moved = await api.patch("lawyer", `/api/tasks/${made.id}`, {
      leadId: otherFirmLead.id,
      version: made.version,
    });
    expect(moved.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(tasks).where(eq(tasks.id, made.id));
    expect(row.leadId).toBeNull();
    expect(await taskCount()).toBe(before + 1);
  });

  it("answers hostile input with a translated 4xx and writes nothing", async () => {
    const before = await taskCount();
    const deep: Record<string, unknown> = {};
    let at = deep;
    for (let i = 0; i < 200; i++) at = at.x = {} as Record<string, unknown>;
    for (const body of [
      { title: "z", leadId: "not-a-uuid" },
      { title: "z", leadId: "\u0000" },
      JSON.parse(`{"title":"z","leadId":"${lead.id}","__proto__":{"x":1}}`),
      { title: "z", leadId: deep },
    ]) {
      const res = await api.post("lawyer", "/api/tasks", body, "zh-CN");
      expect([400, 422], JSON.stringify(body).slice(0, 80)).toContain(res.statusCode);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const bad = await api.get("lawyer", "/api/tasks?leadId=abc");
    expect(bad.statusCode).toBe(400);
    expect(await taskCount()).toBe(before);
  });
});
