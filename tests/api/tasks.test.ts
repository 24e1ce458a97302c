import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { tasks, users } from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { deadlinesApi, deadlinesSuite } from "../fixtures/deadlines";

type Comment = { userId: string; text: string; at: string; authorName: string | null };

describe("the task detail", () => {
  const suite = deadlinesSuite("任务详情测试案件");
  let t: TestApp;
  let api: ReturnType<typeof deadlinesApi>;
  let caseId: string;
  beforeAll(() => ({ t, api, caseId } = suite));
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(tasks).where(eq(tasks.id, id)))[0];
  const nameOf = async (username: string) =>
    (
      await t.database.db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.username, username))
    )[0].name;
  const newTask = async (body: Record<string, unknown> = {}) => {
    const res = await api.post("lawyer", "/api/tasks", {
      title: "整理证据目录",
      caseId,
      checklist: [{ text: "收集合同", done: false }],
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; version: number };
  };

  describe("GET /api/tasks/:id", () => {
    it("names each comment's author and the case", async () => {
      const task = await newTask();
      expect(
        (await api.post("partner", `/api/tasks/${task.id}/comments`, { text: "请周五前完成" }))
          .statusCode,
      ).toBe(200);
      const res = await api.get("lawyer", `/api/tasks/${task.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { caseName: string; comments: Comment[] };
      expect(data.caseName).toBe("任务详情测试案件");
      expect(data.comments).toHaveLength(1);
      expect(data.comments[0]).toMatchObject({
        text: "请周五前完成",
        userId: await api.userId("partner"),
        authorName: await nameOf("partner"),
      });
      expect(Number.isNaN(Date.parse(data.comments[0].at))).toBe(false);
    });
  });

  describe("POST /api/tasks/:id/comments", () => {
    it("answers the task with the new comment and its author, and a new version", async () => {
      const task = await newTask();
      const res = await api.post("lawyer", `/api/tasks/${task.id}/comments`, {
        text: "  已联系客户  ",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.version).toBe(task.version + 1);
      expect(res.json().data.comments.at(-1)).toMatchObject({
        text: "已联系客户",
        authorName: await nameOf("lawyer"),
      });
    });

    it("refuses an empty, NUL-bearing or hostile comment and writes nothing", async () => {
      const task = await newTask();
      const before = await rowOf(task.id);
      let deep: Record<string, unknown> = {};
      for (let i = 0; i < 2000; i += 1) deep = { a: deep };
      const bodies = [
        { text: "   " },
        { text: "a\u0000b" },
        { text: deep },
        JSON.parse(`{"text": "x", "__proto__": {"isAdmin": true}}`),
        { text: "x".repeat(2001) },
      ];
      for (const body of bodies) {
        const res = await api.post("lawyer", `/api/tasks/${task.id}/comments`, body);
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
      }
      expect(await rowOf(task.id)).toEqual(before);
    });
  });

  describe("PATCH /api/tasks/:id", () => {
    it("edits title, assignee, due date, priority, status and the checklist, answering the detail", async () => {
      const task = await newTask();
      const partner = await api.userId("partner");
      const res = await api.patch("lawyer", `/api/tasks/${task.id}`, {
        title: "整理并提交证据目录",
        assigneeId: partner,
        dueDate: "2026-12-20",
        priority: "high",
        status: "doing",
        checklist: [
          { text: "收集合同原件", done: true },
          { text: "编页码", done: false },
        ],
        version: task.version,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        title: "整理并提交证据目录",
        assigneeId: partner,
        dueDate: "2026-12-20",
        priority: "high",
        status: "doing",
        caseName: "任务详情测试案件",
        comments: [],
      });
      expect(res.json().data.checklist).toEqual([
        { text: "收集合同原件", done: true },
        { text: "编页码", done: false },
      ]);
      const cleared = await api.patch("lawyer", `/api/tasks/${task.id}`, {
        dueDate: null,
        checklist: [],
        version: res.json().data.version,
      });
      expect(cleared.json().data).toMatchObject({ dueDate: null, checklist: [] });
    });

    it("answers 409 with the translated message on a stale version and changes nothing", async () => {
      const task = await newTask();
      expect(
        (
          await api.patch("lawyer", `/api/tasks/${task.id}`, {
            status: "doing",
            version: task.version,
          })
        ).statusCode,
      ).toBe(200);
      const before = await rowOf(task.id);
      const stale = await api.patch(
        "lawyer",
        `/api/tasks/${task.id}`,
        { status: "done", version: task.version },
        "zh-CN",
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json().msg).toMatch(/[\u4e00-\u9fff]/);
      expect(await rowOf(task.id)).toEqual(before);
    });

    it("refuses an empty checklist item, an unknown assignee and hostile input; nothing written", async () => {
      const task = await newTask();
      const before = await rowOf(task.id);
      const v = task.version;
      const bodies = [
        { checklist: [{ text: "", done: false }], version: v },
        { checklist: [{ text: "x", done: "yes" }], version: v },
        { assigneeId: "00000000-0000-4000-8000-000000000000", version: v },
        { title: "a\u0000b", version: v },
        { dueDate: "2026-02-30", version: v },
        JSON.parse(`{"status": "done", "version": ${v}, "__proto__": {"isAdmin": true}}`),
        { status: "done" },
      ];
      for (const body of bodies) {
        const res = await api.patch("lawyer", `/api/tasks/${task.id}`, body);
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
      }
      expect(await rowOf(task.id)).toEqual(before);
    });
  });

  describe("DELETE /api/tasks/:id", () => {
    it("deletes a task for its creator; another firm gets 404 and a reader of the case cannot", async () => {
      const task = await newTask();
      expect((await api.del("lawyer2", `/api/tasks/${task.id}`)).statusCode).toBe(404);
      // The assistant sees the case's tasks but may not change the case, and the task is not theirs.
      expect((await api.del("assistant", `/api/tasks/${task.id}`)).statusCode).toBe(404);
      expect(await rowOf(task.id)).toBeTruthy();
      const res = await api.del("lawyer", `/api/tasks/${task.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(await rowOf(task.id)).toBeUndefined();
      expect((await api.get("lawyer", `/api/tasks/${task.id}`)).statusCode).toBe(404);
    });
  });
  describe("GET /api/cases/:id/history", () => {
    it("holds the case's task events (added, done, reopened) beside its own changes, newest first", async () => {
      const task = await newTask({ title: "时间线里的任务" });
      const started = await api.patch("lawyer", `/api/tasks/${task.id}`, {
        status: "doing",
        version: task.version,
      });
      const done = await api.patch("lawyer", `/api/tasks/${task.id}`, {
        status: "done",
        version: started.json().data.version,
      });
      expect(done.statusCode, done.body).toBe(200);
      await api.patch("lawyer", `/api/tasks/${task.id}`, {
        status: "todo",
        version: done.json().data.version,
      });
      // A task elsewhere stays out of this case's timeline.
      const other = await api.post("lawyer", "/api/tasks", { title: "别的任务" });
      expect(other.statusCode, other.body).toBe(200);
      const res = await api.get("partner", `/api/cases/${caseId}/history`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().data as {
        id: number;
        entity: string;
        entityId?: string;
        action: string;
        title?: string;
        status?: string;
      }[];
      const mine = rows.filter((r) => r.entity === "tasks" && r.entityId === task.id);
      // Newest first: reopened, done, added; "in progress" is the task's own business.
      expect(mine.map((r) => [r.action, r.status])).toEqual([
        ["update", "todo"],
        ["update", "done"],
        ["create", "todo"],
      ]);
      expect(mine.every((r) => r.title === "时间线里的任务")).toBe(true);
      expect(rows.some((r) => r.entityId === other.json().data.id)).toBe(false);
      expect(rows.some((r) => r.entity === "cases")).toBe(true);
      expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
      // Another firm's member learns nothing of it.
      expect((await api.get("lawyer2", `/api/cases/${caseId}/history`)).statusCode).toBe(404);
    });
  });
});
