import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { users as userRows, workflowEvents, workflowTasks } from "../../src/server/db/tables";
import type { Definition } from "../../src/shared/workflow";
import { createTestApp, type TestApp } from "../fixtures/app";
import { workflowApi } from "../fixtures/workflow-api";
import { approval, definition, handler, users } from "../fixtures/workflow-defs";

/**
 * The flow setting "when the approver is the submitter" (issue 26): skip the step for them, go to
 * their superior, or let them approve. `lawyer` heads 民商事组, under 诉讼部 headed by `partner`.
 */
describe("a flow's self-approval setting", () => {
  let t: TestApp;
  let wf: ReturnType<typeof workflowApi>;
  let ids: Record<"lawyer" | "partner" | "finance", string>;
  beforeAll(async () => {
    t = await createTestApp();
    wf = workflowApi(t);
    ids = {
      lawyer: await wf.userId("lawyer"),
      partner: await wf.userId("partner"),
      finance: await wf.userId("finance"),
    };
  });
  afterAll(() => t.close());

  const settings = (selfApproval?: Definition["settings"]["selfApproval"]) => ({
    settings: {
      dedupe: "none" as const,
      cancelAfterApproved: true,
      ...(selfApproval ? { selfApproval } : {}),
    },
  });
  /** Lawyer submits a flow whose first step is lawyer himself, then finance: who holds what. */
  const run = async (selfApproval?: Definition["settings"]["selfApproval"]) => {
    const flow = await wf.publish(
      "admin",
      [approval("n1", users(ids.lawyer)), approval("n2", users(ids.finance))],
      settings(selfApproval),
    );
    const id = await wf.start("lawyer", flow.id);
    const open = await t.database.db
      .select({ username: userRows.username, nodeId: workflowTasks.nodeId })
      .from(workflowTasks)
      .innerJoin(userRows, eq(userRows.id, workflowTasks.assigneeId))
      .where(
        and(
          eq(workflowTasks.instanceId, id),
          eq(workflowTasks.status, "pending"),
          eq(workflowTasks.kind, "approval"),
        ),
      );
    return { flow, id, open };
  };

  it("skip: the submitter's step passes without them and the next approver has the task", async () => {
    const { id, open } = await run("skip");
    expect(open).toEqual([{ username: "finance", nodeId: "n2" }]);
    const skipped = await t.database.db
      .select()
      .from(workflowEvents)
      .where(and(eq(workflowEvents.instanceId, id), eq(workflowEvents.type, "nodeSkipped")));
    expect(skipped.map((e) => e.nodeId)).toEqual(["n1"]);
    await wf.accept("finance", id);
    expect((await wf.detail("lawyer", id)).json().data.status).toBe("approved");
  });

  it("toManager: the step goes to the submitter's superior, who completes it", async () => {
    const { id, open } = await run("toManager");
    expect(open).toEqual([{ username: "partner", nodeId: "n1" }]);
    await wf.accept("partner", id);
    await wf.accept("finance", id);
    expect((await wf.detail("lawyer", id)).json().data.status).toBe("approved");
  });

  it("self: the submitter approves their own step", async () => {
    const { id, open } = await run("self");
    expect(open).toEqual([{ username: "lawyer", nodeId: "n1" }]);
    await wf.accept("lawyer", id);
    await wf.accept("finance", id);
    expect((await wf.detail("lawyer", id)).json().data.status).toBe("approved");
  });

  it("is what the preview shows before submitting", async () => {
    for (const [mode, who] of [
      ["skip", []],
      ["toManager", ["partner"]],
      ["self", ["lawyer"]],
    ] as const) {
      const flow = await wf.publish("admin", [approval("n1", users(ids.lawyer))], settings(mode));
      const res = await t.app.inject({
        method: "POST",
        url: `/api/workflow/startable/${flow.id}/preview`,
        headers: await t.as("lawyer"),
        payload: { form: { title: "x" } },
      });
      const step = res.json().data.steps[0];
      expect(step.users.map((u: { id: string }) => u.id)).toEqual(who.map((u) => ids[u]));
    }
  });

  it("never reaches a step nobody can complete: skipping the only approver approves the flow", async () => {
    const flow = await wf.publish("admin", [approval("n1", users(ids.lawyer))], settings("skip"));
    const id = await wf.start("lawyer", flow.id);
    expect((await wf.detail("lawyer", id)).json().data.status).toBe("approved");
  });

  it("leaves handler steps (doing one's own paperwork) and flows without the setting to the node's rule", async () => {
    const withHandler = await wf.publish(
      "admin",
      [handler("h1", users(ids.lawyer)), approval("n2", users(ids.finance))],
      settings("skip"),
    );
    const id = await wf.start("lawyer", withHandler.id);
    expect((await wf.detail("lawyer", id)).json().data.myTasks).toHaveLength(1);
    const legacy = await run(undefined);
    // NewTaskNode's approval default, toManager.
    expect(legacy.open).toEqual([{ username: "partner", nodeId: "n1" }]);
  });

  it("starts as 'go to their superior' on a new flow and refuses an unknown value at publish, translated", async () => {
    const headers = await t.as("admin", { lang: "en" });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/workflow/definitions",
      headers,
      payload: { name: "New", kind: "general" },
    });
    expect(created.statusCode).toBe(200);
    const { id, version } = created.json().data;
    const fetched = (await t.app.inject({ url: `/api/workflow/definitions/${id}`, headers })).json()
      .data;
    const draft = fetched.draft as Definition;
    expect(draft.settings.selfApproval).toBe("toManager");
    const bad = {
      ...definition([approval("n1", users(ids.partner))]),
      key: draft.key,
      settings: { ...draft.settings, selfApproval: "nobody" },
    };
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/workflow/definitions/${id}/draft`,
      headers,
      payload: { draft: bad, version },
    });
    expect(saved.statusCode).toBe(200);
    const published = await t.app.inject({
      method: "POST",
      url: `/api/workflow/definitions/${id}/publish`,
      headers,
      payload: { version: saved.json().data.version },
    });
    expect(published.statusCode).toBe(422);
    expect(published.json().data.errors).toContainEqual(
      expect.objectContaining({
        key: "workflow.selfApproval.invalid",
        path: "settings.selfApproval",
      }),
    );
  });

  it("answers NUL, __proto__ and deep JSON in the setting with a 4xx at publish and changes nothing", async () => {
    const headers = await t.as("admin", { lang: "en" });
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i += 1) deep = { a: deep };
    for (const value of ["skip\u0000", JSON.parse(`{"__proto__": {"x": 1}}`), deep]) {
      const created = (
        await t.app.inject({
          method: "POST",
          url: "/api/workflow/definitions",
          headers,
          payload: { name: "Hostile", kind: "general" },
        })
      ).json().data;
      const draft = {
        ...definition([approval("n1", users(ids.partner))]),
        key: created.key,
        settings: { dedupe: "adjacent", cancelAfterApproved: true, selfApproval: value },
      };
      const saved = await t.app.inject({
        method: "PUT",
        url: `/api/workflow/definitions/${created.id}/draft`,
        headers,
        payload: { draft, version: created.version },
      });
      expect(saved.statusCode, saved.body).toBeLessThan(500);
      if (saved.statusCode !== 200) continue;
      const published = await t.app.inject({
        method: "POST",
        url: `/api/workflow/definitions/${created.id}/publish`,
        headers,
        payload: { version: saved.json().data.version },
      });
      expect(published.statusCode, published.body).toBe(422);
      const after = (
        await t.app.inject({ url: `/api/workflow/definitions/${created.id}`, headers })
      ).json().data;
      expect(after.currentVersionId ?? null).toBeNull();
    }
  });
});
