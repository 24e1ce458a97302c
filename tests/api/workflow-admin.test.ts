import { randomUUID } from "node:crypto";

import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  auditLogs,
  notifications,
  workflowActionLog,
  workflowTasks,
} from "../../src/server/db/tables";
import { sweepActionKeys } from "../../src/server/features/workflow/key-sweeper";
import { createTestApp, type TestApp } from "../fixtures/app";
import { workflowApi } from "../fixtures/workflow-api";
import { approval, definition, users } from "../fixtures/workflow-defs";

describe("workflow administration", () => {
  let t: TestApp;
  let api: ReturnType<typeof workflowApi>;
  beforeAll(async () => {
    t = await createTestApp();
    api = workflowApi(t);
  });
  afterAll(() => t.close());

  const definitionOf = async (id: string) =>
    (
      await t.app.inject({ url: `/api/workflow/definitions/${id}`, headers: await t.as("admin") })
    ).json().data;
  const archive = async (id: string, archived: boolean, who = "admin", lang = "en") => {
    const { version } = await definitionOf(id);
    return t.app.inject({
      method: "POST",
      url: `/api/workflow/definitions/${id}/archived`,
      headers: await t.as(who, { lang }),
      payload: { archived, version },
    });
  };
  const startable = async (who: string) =>
    (
      (await t.app.inject({ url: "/api/workflow/startable", headers: await t.as(who) })).json()
        .data as { id: string }[]
    ).map((c) => c.id);

  describe("POST /api/workflow/definitions/:id/archived", () => {
    it("takes a definition out of use: hidden from the start page, refused on submit in the caller's language, running approvals go on", async () => {
      const flow = await api.publish("admin", [approval("n1", users(await api.userId("partner")))]);
      const running = await api.start("lawyer", flow.id);
      expect(await startable("lawyer")).toContain(flow.id);

      const res = await archive(flow.id, true);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ isArchived: true, isEnabled: false });
      expect(await startable("lawyer")).not.toContain(flow.id);

      const refused = await t.app.inject({
        method: "POST",
        url: "/api/workflow/instances",
        headers: await t.as("lawyer", { "idempotency-key": randomUUID(), lang: "en" }),
        payload: { definitionId: flow.id, form: { title: "x" } },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().msg).toBe("This workflow is archived and can no longer be started");
      const zh = await t.app.inject({
        method: "POST",
        url: "/api/workflow/instances",
        headers: await t.as("lawyer", { "idempotency-key": randomUUID(), lang: "zh-CN" }),
        payload: { definitionId: flow.id, form: { title: "x" } },
      });
      expect(zh.json().msg).toBe("该流程已归档，不能再发起");
      expect(
        (
          await t.app.inject({
            url: `/api/workflow/startable/${flow.id}`,
            headers: await t.as("lawyer"),
          })
        ).statusCode,
      ).toBe(422);

      // The approval started before goes on to the end.
      expect((await api.accept("partner", running)).status).toBe("approved");

      // Archived definitions are listed apart, and cannot be enabled or published until restored.
      const listed = await t.app.inject({
        url: "/api/workflow/definitions?isArchived=true&_start=0&_end=100",
        headers: await t.as("admin"),
      });
      expect(listed.json().data.map((r: { id: string }) => r.id)).toContain(flow.id);
      const { version } = await definitionOf(flow.id);
      const enable = await t.app.inject({
        method: "POST",
        url: `/api/workflow/definitions/${flow.id}/enabled`,
        headers: await t.as("admin", { lang: "en" }),
        payload: { enabled: true, version },
      });
      expect(enable.statusCode).toBe(422);
      const publish = await t.app.inject({
        method: "POST",
        url: `/api/workflow/definitions/${flow.id}/publish`,
        headers: await t.as("admin"),
        payload: { version },
      });
      expect(publish.statusCode).toBe(422);

      // Restored: back in the list, still disabled until someone enables it.
      const restored = await archive(flow.id, false);
      expect(restored.json().data).toMatchObject({ isArchived: false, isEnabled: false });
      expect(await startable("lawyer")).not.toContain(flow.id);
      const on = await t.app.inject({
        method: "POST",
        url: `/api/workflow/definitions/${flow.id}/enabled`,
        headers: await t.as("admin"),
        payload: { enabled: true, version: restored.json().data.version },
      });
      expect(on.statusCode).toBe(200);
      expect(await startable("lawyer")).toContain(flow.id);

      // In the order written: without ORDER BY a heap scan may return them either way round.
      const audit = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, "workflow_definitions"), eq(auditLogs.entityId, flow.id)))
        .orderBy(asc(auditLogs.id));
      const archivedRows = audit.filter(
        (a) => a.action === "update" && (a.diff as Record<string, unknown>).isArchived,
      );
      expect(
        archivedRows.map((a) => (a.diff as { isArchived: { to: boolean } }).isArchived.to),
      ).toEqual([true, false]);
    });

    it("refuses a stale version and members without update rights on definitions", async () => {
      const flow = await api.publish("admin", [approval("n1", users(await api.userId("partner")))]);
      const stale = await t.app.inject({
        method: "POST",
        url: `/api/workflow/definitions/${flow.id}/archived`,
        headers: await t.as("admin"),
        payload: { archived: true, version: 1 },
      });
      expect(stale.statusCode).toBe(409);
      expect((await archive(flow.id, true, "lawyer")).statusCode).toBe(403);
      expect((await definitionOf(flow.id)).isArchived).toBe(false);
    });

    it("keeps business approvals away from an archived definition of their kind", async () => {
      const seal = (
        (
          await t.app.inject({
            url: "/api/workflow/definitions?kind=seal&_start=0&_end=10",
            headers: await t.as("admin"),
          })
        ).json().data as { id: string }[]
      )[0];
      await archive(seal.id, true);
      const { startBusinessApproval } =
        await import("../../src/server/features/workflow/instances-service");
      const ctx = {
        workspaceId: (await definitionOf(seal.id)).workspaceId,
        db: t.database.db,
      } as never;
      await expect(
        startBusinessApproval(ctx, {
          kind: "seal",
          businessRef: "seal:1",
          title: "x",
          form: { title: "x" },
        }),
      ).rejects.toMatchObject({ message: "errors.workflow.definition.none" });
      await archive(seal.id, false);
    });
  });

  describe("POST /api/workflow/definitions/:id/publish", () => {
    it("points problems only the server finds at their node and form field, as translated field messages", async () => {
      const intern = await api.userId("intern");
      const headers = await t.as("admin", { lang: "en" });
      const created = (
        await t.app.inject({
          method: "POST",
          url: "/api/workflow/definitions",
          headers,
          payload: { name: "Server checks", kind: "general" },
        })
      ).json().data;
      const form = {
        type: "object",
        properties: {
          title: { type: "string", title: "Title" },
          code: { type: "text", title: "Code" },
        },
      };
      const draft = definition([approval("gone", users(intern))], { form, key: created.key });
      const saved = (
        await t.app.inject({
          method: "PUT",
          url: `/api/workflow/definitions/${created.id}/draft`,
          headers,
          payload: { draft, version: created.version },
        })
      ).json().data;
      await t.database.db.execute(
        sql`update members set is_enabled = false where user_id = ${intern}`,
      );
      const res = await t.app.inject({
        method: "POST",
        url: `/api/workflow/definitions/${created.id}/publish`,
        headers,
        payload: { version: saved.version },
      });
      await t.database.db.execute(
        sql`update members set is_enabled = true where user_id = ${intern}`,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().data.errors).toEqual([
        {
          path: "form.properties.code",
          key: "workflow.form.fieldInvalid",
          params: { field: "code" },
        },
        { nodeId: "gone", path: "nodes.0.assignees", key: "workflow.assignee.unknown" },
      ]);
      expect(res.json().data.fields).toEqual([
        {
          field: "form.properties.code",
          message: 'The definition of the field "code" is not valid',
        },
        {
          field: "nodes.0.assignees",
          message: "A chosen person, role or department no longer exists or is inactive",
        },
      ]);
    });
  });

  describe("POST /api/workflow/instances/:id/reassign", () => {
    const reassign = async (
      who: string,
      id: string,
      body: Record<string, unknown>,
      key = randomUUID(),
    ) =>
      t.app.inject({
        method: "POST",
        url: `/api/workflow/instances/${id}/reassign`,
        headers: await t.as(who, { "idempotency-key": key, lang: "en" }),
        payload: body,
      });

    it("lets an administrator hand an open task to another member: audited, both people notified, the new one acts", async () => {
      const [partner, finance] = [await api.userId("partner"), await api.userId("finance")];
      const flow = await api.publish("admin", [
        approval("n1", users(partner), { transfer: false }),
      ]);
      const id = await api.start("lawyer", flow.id, { title: "Reassign me" });
      const taskId = await api.myTask("partner", id);
      const asAdmin = (await api.detail("admin", id)).json().data;
      expect(asAdmin.canReassign).toBe(true);
      expect((await api.detail("lawyer", id)).json().data.canReassign).toBe(false);

      const key = randomUUID();
      const res = await reassign(
        "admin",
        id,
        { taskId, toUserId: finance, comment: "partner is away" },
        key,
      );
      expect(res.statusCode).toBe(200);
      // A double click takes effect once.
      const again = await reassign(
        "admin",
        id,
        { taskId, toUserId: finance, comment: "partner is away" },
        key,
      );
      expect(again.json().data).toEqual(res.json().data);

      const tasks = await t.database.db
        .select()
        .from(workflowTasks)
        .where(eq(workflowTasks.instanceId, id));
      expect(
        tasks.map((x) => `${x.assigneeId === partner ? "partner" : "finance"}:${x.status}`).sort(),
      ).toEqual(["finance:pending", "partner:transferred"]);
      const detail = (await api.detail("finance", id)).json().data;
      expect(detail.events.find((e: { type: string }) => e.type === "reassigned")).toMatchObject({
        comment: "partner is away",
        params: { from: partner, to: finance },
      });

      const notes = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.entityId, id));
      expect(notes.filter((n) => n.userId === finance).map((n) => n.titleKey)).toEqual([
        "workflow.notify.task",
      ]);
      expect(notes.filter((n) => n.userId === partner).map((n) => n.titleKey)).toContain(
        "workflow.notify.reassigned",
      );

      const audit = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, "workflow_instances"), eq(auditLogs.entityId, id)));
      expect(audit.map((a) => a.after)).toContainEqual(
        expect.objectContaining({ action: "reassign", taskId, from: partner, to: finance }),
      );

      expect((await api.accept("finance", id)).status).toBe("approved");
    });

    it("refuses anyone who is not a process administrator, and checks the new assignee", async () => {
      const [partner, finance] = [await api.userId("partner"), await api.userId("finance")];
      const flow = await api.publish("admin", [approval("n1", users(partner))]);
      const id = await api.start("lawyer", flow.id);
      const taskId = await api.myTask("partner", id);
      const own = await reassign("partner", id, { taskId, toUserId: finance });
      expect(own.statusCode).toBe(403);
      expect(own.json().msg).toBe("Only a process administrator may reassign a task");
      const self = await reassign("admin", id, { taskId, toUserId: partner });
      expect(self.statusCode).toBe(422);
      const intern = await api.userId("intern");
      await t.database.db.execute(
        sql`update members set is_enabled = false where user_id = ${intern}`,
      );
      const inactive = await reassign("admin", id, { taskId, toUserId: intern });
      await t.database.db.execute(
        sql`update members set is_enabled = true where user_id = ${intern}`,
      );
      expect(inactive.json()).toMatchObject({ code: 422, msg: "That member is inactive" });
      const [task] = await t.database.db
        .select()
        .from(workflowTasks)
        .where(eq(workflowTasks.id, taskId));
      expect(task.status).toBe("pending");
      // Another firm's administrator does not even find it.
      expect((await reassign("admin2", id, { taskId, toUserId: finance })).statusCode).toBe(404);
    });

    it("records an administrator's reassignment of their own task as a reassignment", async () => {
      const [admin, finance] = [await api.userId("admin"), await api.userId("finance")];
      const flow = await api.publish("admin", [approval("n1", users(admin))]);
      const id = await api.start("lawyer", flow.id);
      const res = await reassign("admin", id, {
        taskId: await api.myTask("admin", id),
        toUserId: finance,
      });
      expect(res.statusCode).toBe(200);
      const events = (await api.detail("finance", id))
        .json()
        .data.events.map((e: { type: string }) => e.type);
      expect(events).toContain("reassigned");
      expect(events).not.toContain("transferred");
    });

    it("lets a definition's own administrator reassign without firm-wide rights", async () => {
      const [partner, finance, lawyer] = [
        await api.userId("partner"),
        await api.userId("finance"),
        await api.userId("lawyer"),
      ];
      const flow = await api.publish("admin", [approval("n1", users(partner))], {
        admins: [finance],
      });
      const id = await api.start("assistant", flow.id);
      const res = await reassign("finance", id, {
        taskId: await api.myTask("partner", id),
        toUserId: lawyer,
      });
      expect(res.statusCode).toBe(200);
      expect((await api.detail("lawyer", id)).json().data.myTasks).toHaveLength(1);
    });
  });

  describe("Idempotency-Key cleanup", () => {
    const keyRow = async (ageHours: number) => {
      const [admin] = await t.database.db.select().from(workflowActionLog).limit(1);
      const key = randomUUID();
      await t.database.db.insert(workflowActionLog).values({
        workspaceId: admin.workspaceId,
        actorId: admin.actorId,
        key,
        payloadHash: "x",
        response: null,
        createdAt: new Date(Date.now() - ageHours * 3600_000),
      });
      return key;
    };
    const exists = async (key: string) =>
      (await t.database.db.select().from(workflowActionLog).where(eq(workflowActionLog.key, key)))
        .length === 1;

    it("deletes keys older than the window, in batches, and keeps recent ones", async () => {
      await api.start(
        "lawyer",
        (await api.publish("admin", [approval("n1", users(await api.userId("partner")))])).id,
      );
      const old = await Promise.all([30, 48, 200].map(keyRow));
      const fresh = await keyRow(1);
      const n = await sweepActionKeys(t.database.db, new Date(Date.now() - 24 * 3600_000), 2);
      expect(n).toBeGreaterThanOrEqual(3);
      for (const key of old) expect(await exists(key)).toBe(false);
      expect(await exists(fresh)).toBe(true);
    });

    it("runs by itself at the configured interval", async () => {
      const app = await createTestApp({ workflowKeyTtlHours: 24, workflowKeySweepMinutes: 0.005 });
      try {
        const flow = await workflowApi(app).publish("admin", [
          approval("n1", users(await workflowApi(app).userId("partner"))),
        ]);
        await workflowApi(app).start("lawyer", flow.id);
        const [row] = await app.database.db.select().from(workflowActionLog).limit(1);
        await app.database.db
          .update(workflowActionLog)
          .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
          .where(eq(workflowActionLog.key, row.key));
        await expect
          .poll(
            async () =>
              (
                await app.database.db
                  .select()
                  .from(workflowActionLog)
                  .where(eq(workflowActionLog.key, row.key))
              ).length,
            { timeout: 5000 },
          )
          .toBe(0);
      } finally {
        await app.close();
      }
    });
  });
});
