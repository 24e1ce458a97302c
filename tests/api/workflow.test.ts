import { and, count, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  files,
  notifications,
  workflowDefinitions,
  workflowInstances,
  workflowTasks,
} from "../../src/server/db/tables";
import { createTestApp, type TestApp } from "../fixtures/app";
import { workflowApi } from "../fixtures/workflow-api";
import { approval, branch, definition, exclusive, users } from "../fixtures/workflow-defs";

const row0WorkspaceId = (rows: { workspaceId: string }[]) => rows[0].workspaceId;

describe("workflow API", () => {
  let t: TestApp;
  let api: ReturnType<typeof workflowApi>;
  beforeAll(async () => {
    t = await createTestApp();
    api = workflowApi(t);
  });
  afterAll(() => t.close());

  describe("POST /api/workflow/definitions/:id/publish", () => {
    it("answers 422 with every problem pointing at its node, in the request's language, and publishes nothing", async () => {
      const headers = await t.as("admin", { lang: "en" });
      const created = (
        await t.app.inject({
          method: "POST",
          url: "/api/workflow/definitions",
          headers,
          payload: { name: "Broken", kind: "general" },
        })
      ).json().data;
      const draft = definition([
        approval("empty-users", users()),
        approval("ok", users(await api.userId("partner"))),
      ]);
      const saved = (
        await t.app.inject({
          method: "PUT",
          url: `/api/workflow/definitions/${created.id}/draft`,
          headers,
          payload: { draft, version: created.version },
        })
      ).json().data;
      const res = await t.app.inject({
        method: "POST",
        url: `/api/workflow/definitions/${created.id}/publish`,
        headers,
        payload: { version: saved.version },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 422,
        msg: "The workflow has 1 problems; fix them before publishing",
      });
      expect(res.json().data.errors).toEqual([
        { nodeId: "empty-users", path: "nodes.0.assignees", key: "workflow.assignee.usersEmpty" },
      ]);
      const zh = await t.app.inject({
        method: "POST",
        url: `/api/workflow/definitions/${created.id}/publish`,
        headers: await t.as("admin", { lang: "zh-CN" }),
        payload: { version: saved.version },
      });
      expect(zh.json().msg).toBe("流程有 1 处问题，请按提示修改后再发布");
      const [row] = await t.database.db
        .select()
        .from(workflowDefinitions)
        .where(eq(workflowDefinitions.id, created.id));
      expect(row.currentVersionNo).toBe(0);
    });

    it("makes version n+1 each time; a stale version is 409", async () => {
      const flow = await api.publish("admin", [approval("n1", users(await api.userId("partner")))]);
      const headers = await t.as("admin");
      const again = await t.app.inject({
        method: "POST",
        url: `/api/workflow/definitions/${flow.id}/publish`,
        headers,
        payload: { version: flow.version },
      });
      expect(again.json().data.publishedVersion.number).toBe(2);
      const stale = await t.app.inject({
        method: "POST",
        url: `/api/workflow/definitions/${flow.id}/publish`,
        headers,
        payload: { version: flow.version },
      });
      expect(stale.statusCode).toBe(409);
      const versions = await t.app.inject({
        url: `/api/workflow/definitions/${flow.id}/versions`,
        headers,
      });
      expect(versions.json().data.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    });

    it("allows one enabled definition per business kind (409 workflow.definition.kindTaken)", async () => {
      // The seed ships one enabled definition per business kind, seal included.
      const partner = await api.userId("partner");
      const headers = await t.as("admin", { lang: "en" });
      const second = (
        await t.app.inject({
          method: "POST",
          url: "/api/workflow/definitions",
          headers,
          payload: { name: "Seal 2", kind: "seal" },
        })
      ).json().data;
      const saved = (
        await t.app.inject({
          method: "PUT",
          url: `/api/workflow/definitions/${second.id}/draft`,
          headers,
          payload: {
            draft: definition([approval("n1", users(partner))], { kind: "seal" }),
            version: second.version,
          },
        })
      ).json().data;
      const res = await t.app.inject({
        method: "POST",
        url: `/api/workflow/definitions/${second.id}/publish`,
        headers,
        payload: { version: saved.version },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe("Another enabled workflow already serves this business kind");
    });

    it("refuses members without rights on definitions", async () => {
      const res = await t.app.inject({
        url: "/api/workflow/definitions",
        headers: await t.as("lawyer"),
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe("an approval from start to end", () => {
    it("runs a two-level flow with an exclusive gateway, notifying each step and the initiator", async () => {
      const [partner, finance, admin] = [
        await api.userId("partner"),
        await api.userId("finance"),
        await api.userId("admin"),
      ];
      const flow = await api.publish("admin", [
        approval("lead", users(partner)),
        exclusive("x", [
          branch(
            "big",
            [[{ left: "amount", op: "gte", value: "10000" }]],
            [approval("director", users(admin))],
          ),
          branch("else", "default", [approval("finance", users(finance))]),
        ]),
      ]);
      const preview = await t.app.inject({
        method: "POST",
        url: `/api/workflow/startable/${flow.id}/preview`,
        headers: await t.as("lawyer"),
        payload: { form: { title: "x", amount: "20000" } },
      });
      expect(
        preview
          .json()
          .data.steps.map(
            (s: { nodeId: string; userIds: string[] }) => `${s.nodeId}:${s.userIds.length}`,
          ),
      ).toEqual(["lead:1", "director:1"]);

      const id = await api.start("lawyer", flow.id, { title: "Laptop", amount: "20000" });
      const pending = await t.app.inject({
        url: "/api/workflow/lists/pending?_start=0&_end=10",
        headers: await t.as("partner"),
      });
      expect(pending.json().data.some((r: { instanceId: string }) => r.instanceId === id)).toBe(
        true,
      );
      await api.accept("partner", id);
      const detail = (await api.detail("admin", id)).json().data;
      expect(detail.myTasks[0].nodeId).toBe("director");
      const done = await api.accept("admin", id);
      expect(done.status).toBe("approved");
      const handled = await t.app.inject({
        url: "/api/workflow/lists/handled?_start=0&_end=10",
        headers: await t.as("partner"),
      });
      expect(
        handled.json().data.find((r: { instanceId: string }) => r.instanceId === id),
      ).toMatchObject({ myAction: "accepted", status: "approved" });
      const [{ n }] = await t.database.db
        .select({ n: count() })
        .from(notifications)
        .where(
          and(
            eq(notifications.entityId, id),
            eq(notifications.titleKey, "workflow.notify.approved"),
          ),
        );
      expect(n).toBe(1);
      const initiated = await t.app.inject({
        url: "/api/workflow/lists/initiated?_start=0&_end=50&status=approved",
        headers: await t.as("lawyer"),
      });
      expect(initiated.json().data.map((r: { instanceId: string }) => r.instanceId)).toContain(id);
    });

    it("pins running instances to their version (scenario 15)", async () => {
      const [partner, finance] = [await api.userId("partner"), await api.userId("finance")];
      const flow = await api.publish("admin", [
        approval("n1", users(partner)),
        approval("n2", users(finance)),
      ]);
      const id = await api.start("lawyer", flow.id);
      const headers = await t.as("admin");
      const def = (
        await t.app.inject({ url: `/api/workflow/definitions/${flow.id}`, headers })
      ).json().data;
      const draft = definition([approval("n1", users(partner))], { key: def.key });
      const saved = (
        await t.app.inject({
          method: "PUT",
          url: `/api/workflow/definitions/${flow.id}/draft`,
          headers,
          payload: { draft, version: def.version },
        })
      ).json().data;
      await t.app.inject({
        method: "POST",
        url: `/api/workflow/definitions/${flow.id}/publish`,
        headers,
        payload: { version: saved.version },
      });
      await api.accept("partner", id);
      const detail = (await api.detail("finance", id)).json().data;
      expect(detail.myTasks.map((x: { nodeId: string }) => x.nodeId)).toEqual(["n2"]);
      const fresh = await api.start("lawyer", flow.id);
      await api.accept("partner", fresh);
      expect((await api.detail("lawyer", fresh)).json().data.status).toBe("approved");
    });

    it("offers the next pending task after the one just handled, else none", async () => {
      const partner = await api.userId("partner");
      const flow = await api.publish("admin", [approval("n1", users(partner))]);
      const first = await api.start("lawyer", flow.id, { title: "first" });
      const second = await api.start("lawyer", flow.id, { title: "second" });
      const newest = await api.myTask("partner", second);
      await api.accept("partner", second);
      const next = await t.app.inject({
        url: `/api/workflow/tasks/next?after=${newest}&definitionId=${flow.id}`,
        headers: await t.as("partner"),
      });
      expect(next.json().data.task.instanceId).toBe(first);
      await api.accept("partner", first);
      const none = await t.app.inject({
        url: `/api/workflow/tasks/next?definitionId=${flow.id}`,
        headers: await t.as("partner"),
      });
      expect(none.json().data.task).toBeNull();
    });
  });

  describe("field permissions", () => {
    it("strips hidden fields and refuses patches to non-edit fields, changing nothing", async () => {
      const [partner, finance] = [await api.userId("partner"), await api.userId("finance")];
      const flow = await api.publish("admin", [
        approval("a", users(partner), { fields: { fee: "hidden", days: "read" } }),
        approval("b", users(finance), { fields: { fee: "edit" } }),
      ]);
      const id = await api.start("lawyer", flow.id, { title: "t", fee: 100, days: 2 });
      const seen = (await api.detail("partner", id)).json().data;
      expect(seen.form).toEqual({ title: "t", days: 2 });
      expect(Object.keys(seen.schema.properties)).not.toContain("fee");
      const taskId = await api.myTask("partner", id);
      const res = await api.act("partner", id, { type: "accept", taskId, formPatch: { fee: 1 } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 422,
        msg: 'The field "fee" cannot be edited at this step',
      });
      const [row] = await t.database.db
        .select()
        .from(workflowInstances)
        .where(eq(workflowInstances.id, id));
      expect(row.form.fee).toBe(100);
      const [task] = await t.database.db
        .select()
        .from(workflowTasks)
        .where(eq(workflowTasks.id, taskId));
      expect(task.status).toBe("pending");
      await api.accept("partner", id);
      const asFinance = (await api.detail("finance", id)).json().data;
      expect(asFinance.myTasks[0].editable).toContain("fee");
      const bad = await api.act("finance", id, {
        type: "accept",
        taskId: asFinance.myTasks[0].id,
        formPatch: { fee: "lots" },
        version: asFinance.version,
      });
      expect(bad.statusCode).toBe(422);
      const stale = await api.act("finance", id, {
        type: "accept",
        taskId: asFinance.myTasks[0].id,
        formPatch: { fee: 7 },
        version: asFinance.version - 1,
      });
      expect(stale.statusCode).toBe(409);
      await api.accept("finance", id, { formPatch: { fee: 7 }, version: asFinance.version });
      const [after] = await t.database.db
        .select()
        .from(workflowInstances)
        .where(eq(workflowInstances.id, id));
      expect(after.form.fee).toBe(7);
      expect((await api.detail("assistant", id)).statusCode).toBe(403);
    });
  });

  describe("across workspaces", () => {
    it("keeps one firm's approvals away from another's members", async () => {
      const flow = await api.publish("admin", [approval("n1", users(await api.userId("partner")))]);
      const id = await api.start("lawyer", flow.id);
      expect((await api.detail("admin2", id)).statusCode).toBe(404);
      const act = await api.act("admin2", id, { type: "cancel" });
      expect(act.statusCode).toBe(404);
      const all = await t.app.inject({
        url: "/api/workflow/lists/all?_start=0&_end=100",
        headers: await t.as("admin2"),
      });
      expect(all.json().data.map((r: { instanceId: string }) => r.instanceId)).not.toContain(id);
      const start = await api.submit("admin2", flow.id);
      expect(start.statusCode).toBe(404);
      // Another firm's file cannot ride along as an attachment.
      const [foreignFile] = await t.database.db
        .select({ id: files.id })
        .from(files)
        .where(
          ne(
            files.workspaceId,
            row0WorkspaceId(
              await t.database.db
                .select()
                .from(workflowInstances)
                .where(eq(workflowInstances.id, id)),
            ),
          ),
        );
      const attach = await api.act("lawyer", id, {
        type: "comment",
        comment: "see file",
        attachments: [foreignFile.id],
      });
      expect(attach.statusCode).toBe(422);
      expect(attach.json().msg).toBe("An attachment is not a file of this firm");
      const [row] = await t.database.db
        .select()
        .from(workflowInstances)
        .where(eq(workflowInstances.id, id));
      expect(row.status).toBe("running");
    });
  });
});
