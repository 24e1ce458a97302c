import { randomUUID } from "node:crypto";

import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { workflowActionLog, workflowEvents, workflowTasks } from "../../src/server/db/tables";
import { createTestApp, type TestApp } from "../fixtures/app";
import { workflowApi } from "../fixtures/workflow-api";
import { approval, users } from "../fixtures/workflow-defs";

describe("workflow concurrency and idempotency", () => {
  let t: TestApp;
  let api: ReturnType<typeof workflowApi>;
  beforeAll(async () => {
    t = await createTestApp();
    api = workflowApi(t);
  });
  afterAll(() => t.close());

  const tasksOf = (instanceId: string) =>
    t.database.db.select().from(workflowTasks).where(eq(workflowTasks.instanceId, instanceId));
  const eventCount = async (instanceId: string, type: string) => {
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(workflowEvents)
      .where(and(eq(workflowEvents.instanceId, instanceId), eq(workflowEvents.type, type)));
    return n;
  };

  describe("POST /api/workflow/instances/:id/actions", () => {
    it("lets exactly one of 100 concurrent accepts on one task win; the rest get 409 and nothing is lost or doubled", async () => {
      const flow = await api.publish("admin", [
        approval("n1", users(await api.userId("partner"))),
        approval("n2", users(await api.userId("finance"))),
      ]);
      const id = await api.start("lawyer", flow.id);
      const taskId = await api.myTask("partner", id);
      const results = await Promise.all(
        Array.from({ length: 100 }, () => api.act("partner", id, { type: "accept", taskId })),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(99);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json()).toMatchObject({
        code: 409,
        msg: "This task was already handled by 李明",
      });
      const tasks = await tasksOf(id);
      expect(tasks.map((x) => `${x.nodeId}:${x.status}`).sort()).toEqual([
        "n1:accepted",
        "n2:pending",
      ]);
      expect(await eventCount(id, "accepted")).toBe(1);
    });

    it("in any mode two approvers at once: one accept, the other 409 workflow.task.closed, the node completes once (scenario 3)", async () => {
      const [partner, finance] = [await api.userId("partner"), await api.userId("finance")];
      const flow = await api.publish("admin", [
        approval("n1", users(partner, finance), { mode: "any" }),
        approval("n2", users(await api.userId("admin"))),
      ]);
      const id = await api.start("lawyer", flow.id);
      const [a, b] = [await api.myTask("partner", id), await api.myTask("finance", id)];
      const results = await Promise.all([
        api.act("partner", id, { type: "accept", taskId: a }),
        api.act("finance", id, { type: "accept", taskId: b }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const tasks = await tasksOf(id);
      expect(tasks.filter((x) => x.nodeId === "n2")).toHaveLength(1);
      expect(await eventCount(id, "nodeCompleted")).toBe(1);
    });

    it("replays an action posted twice under one Idempotency-Key with the first answer and one event (scenario 14)", async () => {
      const flow = await api.publish("admin", [
        approval("n1", users(await api.userId("partner"))),
        approval("n2", users(await api.userId("finance"))),
      ]);
      const id = await api.start("lawyer", flow.id);
      const taskId = await api.myTask("partner", id);
      const key = randomUUID();
      const [first, second] = await Promise.all([
        api.act("partner", id, { type: "accept", taskId, comment: "ok" }, key),
        api.act("partner", id, { type: "accept", taskId, comment: "ok" }, key),
      ]);
      expect(first.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(await eventCount(id, "accepted")).toBe(1);
      const other = await api.act(
        "partner",
        id,
        { type: "accept", taskId, comment: "different" },
        key,
      );
      expect(other.statusCode).toBe(422);
      expect(other.json().msg).toBe(
        "This Idempotency-Key was already used for a different request",
      );
      const [{ n }] = await t.database.db
        .select({ n: count() })
        .from(workflowActionLog)
        .where(eq(workflowActionLog.key, key));
      expect(n).toBe(1);
    });

    it("replays a repeatable action (a comment) once, and refuses its key on another instance, writing nothing", async () => {
      const flow = await api.publish("admin", [approval("n1", users(await api.userId("partner")))]);
      const [id, otherId] = [
        await api.start("lawyer", flow.id),
        await api.start("lawyer", flow.id),
      ];
      const key = randomUUID();
      const first = await api.act("lawyer", id, { type: "comment", comment: "补充材料" }, key);
      expect(first.statusCode, first.body).toBe(200);
      const again = await api.act("lawyer", id, { type: "comment", comment: "补充材料" }, key);
      expect(again.json()).toEqual(first.json());
      expect(await eventCount(id, "comment")).toBe(1);
      const elsewhere = await api.act(
        "lawyer",
        otherId,
        { type: "comment", comment: "补充材料" },
        key,
      );
      expect(elsewhere.statusCode).toBe(422);
      expect(await eventCount(otherId, "comment")).toBe(0);
    });

    it("requires an Idempotency-Key", async () => {
      const flow = await api.publish("admin", [approval("n1", users(await api.userId("partner")))]);
      const id = await api.start("lawyer", flow.id);
      const res = await t.app.inject({
        method: "POST",
        url: `/api/workflow/instances/${id}/actions`,
        headers: await t.as("lawyer", { lang: "en" }),
        payload: { type: "cancel" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg: "The request needs an Idempotency-Key" });
    });

    it("submits once under a repeated key", async () => {
      const flow = await api.publish("admin", [approval("n1", users(await api.userId("partner")))]);
      const key = randomUUID();
      const [a, b] = await Promise.all([
        api.submit("lawyer", flow.id, { title: "x" }, key),
        api.submit("lawyer", flow.id, { title: "x" }, key),
      ]);
      expect(a.json().data.id).toBe(b.json().data.id);
    });

    it("cancels after an accept by default; not at all once approved", async () => {
      const flow = await api.publish("admin", [
        approval("n1", users(await api.userId("partner"))),
        approval("n2", users(await api.userId("finance"))),
      ]);
      const id = await api.start("lawyer", flow.id);
      await api.accept("partner", id);
      const cancelled = await api.act("lawyer", id, { type: "cancel" });
      expect(cancelled.json().data.status).toBe("cancelled");
      expect(
        (await tasksOf(id)).map((x) => `${x.nodeId}:${x.status}:${x.reason ?? ""}`).sort(),
      ).toEqual(["n1:accepted:", "n2:cancelled:instanceCancelled"]);
      const again = await api.act("lawyer", id, { type: "cancel" });
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe("This approval has already ended");
    });
  });
});
