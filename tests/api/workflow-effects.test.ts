import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  accounts,
  workflowDefinitions,
  workflowInstances,
  workflowTasks,
} from "../../src/server/db/tables";
import { accountsApi, orgInput } from "../fixtures/accounts";
import { createTestApp, type TestApp } from "../fixtures/app";
import { workflowApi } from "../fixtures/workflow-api";

/** The first real business effect: client changes applied (or dropped) when their approval ends. */
describe("workflow business effects: client changes", () => {
  let t: TestApp;
  let wf: ReturnType<typeof workflowApi>;
  let acc: ReturnType<typeof accountsApi>;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp();
    wf = workflowApi(t);
    acc = accountsApi(t);
  });
  afterAll(() => t.close());

  /** A client with changes pending and an approval for them (as accounts + workflow do together). */
  const pendingChange = async (formerName: string) => {
    n += 1;
    const created = (await acc.post("lawyer", "/api/accounts", orgInput(900 + n))).json().data;
    const sent = await acc.post("lawyer", `/api/accounts/${created.id}/submit-changes`, {
      version: created.version,
      changes: { formerName },
    });
    expect(sent.statusCode).toBe(200);
    // The approval starts with the submission, on the firm's "account-change" flow.
    const id = sent.json().data.pendingApprovalId as string;
    const [instance] = await t.database.db
      .select()
      .from(workflowInstances)
      .where(eq(workflowInstances.id, id));
    const [def] = await t.database.db
      .select()
      .from(workflowDefinitions)
      .where(eq(workflowDefinitions.key, "account-change"));
    expect(instance).toMatchObject({
      definitionId: def.id,
      businessRef: `accounts:${created.id}`,
      status: "running",
    });
    expect(String((instance.form as { remark: string }).remark)).toContain(formerName);
    return { accountId: created.id as string, instanceId: id };
  };
  const account = async (id: string) =>
    (await t.database.db.select().from(accounts).where(eq(accounts.id, id)))[0];

  it("applies the changes in the transaction of the final accept", async () => {
    const { accountId, instanceId } = await pendingChange("甲旧名");
    expect((await account(accountId)).status).toBe("pending");
    await wf.accept("partner", instanceId);
    const after = await account(accountId);
    expect(after.status).toBe("active");
    expect(JSON.stringify(after)).toContain("甲旧名");
  });

  it("drops the changes when the approval is rejected", async () => {
    const { accountId, instanceId } = await pendingChange("乙旧名");
    const res = await wf.act("partner", instanceId, {
      type: "reject",
      taskId: await wf.myTask("partner", instanceId),
      comment: "信息有误",
    });
    expect(res.json().data.status).toBe("rejected");
    const after = await account(accountId);
    expect(after.status).toBe("active");
    expect(JSON.stringify(after)).not.toContain("乙旧名");
  });

  it("rolls the accept back when the effect fails, and the effect's error reaches the client", async () => {
    const { accountId, instanceId } = await pendingChange("丙旧名");
    // Someone resolved the client behind the workflow's back: applying now must fail.
    await t.database.db
      .update(accounts)
      .set({ status: "active", pendingChanges: null })
      .where(eq(accounts.id, accountId));
    const taskId = await wf.myTask("partner", instanceId);
    const res = await wf.act("partner", instanceId, { type: "accept", taskId });
    expect(res.statusCode).toBe(409);
    const [task] = await t.database.db
      .select()
      .from(workflowTasks)
      .where(eq(workflowTasks.id, taskId));
    expect(task.status).toBe("pending");
    const [row] = await t.database.db
      .select()
      .from(workflowInstances)
      .where(eq(workflowInstances.id, instanceId));
    expect(row.status).toBe("running");
  });
});
