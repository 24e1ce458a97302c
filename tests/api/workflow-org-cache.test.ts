import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestApp, type TestApp } from "../fixtures/app";
import { firmIds, memberOf, orgApi, roleByCode } from "../fixtures/org";
import { workflowApi } from "../fixtures/workflow-api";
import { approval, users } from "../fixtures/workflow-defs";

/**
 * Actions read the organization from memory while it is unchanged (workspaces.org_version, bumped
 * by triggers): a change to the org must reach the very next action, not a stale copy.
 */
describe("workflow organization cache", () => {
  let t: TestApp;
  let api: ReturnType<typeof workflowApi>;
  beforeAll(async () => {
    t = await createTestApp();
    api = workflowApi(t);
  });
  afterAll(() => t.close());

  it("assigns a role's node to the role's members as they are when the node is entered", async () => {
    const { a } = await firmIds(t);
    const finance = await roleByCode(t, a, "finance");
    const flow = await api.publish("admin", [
      approval("n1", users(await api.userId("partner"))),
      approval("n2", { kind: "roles", roleIds: [finance.id] }),
    ]);
    // Warm the cache: a start and an action read the directory while finance holds the role.
    const warm = await api.start("lawyer", flow.id);
    expect(
      (
        await api.act("partner", warm, {
          type: "accept",
          taskId: await api.myTask("partner", warm),
        })
      ).statusCode,
    ).toBe(200);
    expect(await api.myTask("finance", warm)).toBeTruthy();

    const id = await api.start("lawyer", flow.id);
    // The role moves from finance to the assistant between two actions.
    const org = orgApi(t);
    for (const [username, roleCode] of [
      ["finance", "lawyer"],
      ["assistant", "finance"],
    ] as const) {
      const member = await memberOf(t, a, username);
      const role = await roleByCode(t, a, roleCode);
      const res = await org.patch("admin", `/api/members/${member.id}`, {
        roleIds: [role.id],
        version: member.version,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(
      (await api.act("partner", id, { type: "accept", taskId: await api.myTask("partner", id) }))
        .statusCode,
    ).toBe(200);
    expect(await api.myTask("assistant", id)).toBeTruthy();
    // finance no longer holds the role: the approval is none of their business.
    expect((await api.detail("finance", id)).statusCode).toBe(403);
  });
});
