import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { workflowDefinitions, workflowInstances } from "../../src/server/db/tables";
import { accountsApi, orgInput } from "../fixtures/accounts";
import { createTestApp, type TestApp } from "../fixtures/app";
import { workflowApi } from "../fixtures/workflow-api";

/** A firm turns approvals on for client changes: a save waits for approval instead of applying. */
describe("client changes need approval when the firm says so", () => {
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

  const settings = async (who: string, body?: object) =>
    t.app.inject({
      method: body === undefined ? "GET" : "PUT",
      url: "/api/workflow/business-settings",
      headers: await t.as(who),
      ...(body === undefined ? {} : { payload: body }),
    });
  const create = async (extra: Record<string, unknown> = {}) => {
    n += 1;
    const res = await acc.post(
      "lawyer",
      "/api/accounts",
      orgInput(700 + n, { formerName: "原名", ...extra }),
    );
    expect(res.statusCode).toBe(200);
    return res.json().data as Record<string, unknown> & { id: string; version: number };
  };
  const save = async (record: Record<string, unknown>, changes: Record<string, unknown>) =>
    t.app.inject({
      method: "PATCH",
      url: `/api/accounts/${String(record.id)}`,
      headers: await t.as("lawyer"),
      payload: { ...record, ...changes },
    });
  const stored = async (id: string) =>
    (await acc.get("lawyer", `/api/accounts/${id}`)).json().data as Record<string, unknown>;

  it("is off by default, readable by members and changed only by workflow administrators", async () => {
    expect((await settings("lawyer")).json().data).toEqual({
      accountChanges: false,
      caseChanges: false,
    });
    const refused = await settings("lawyer", { accountChanges: true });
    expect(refused.statusCode).toBe(403);
    expect((await settings("lawyer")).json().data).toEqual({
      accountChanges: false,
      caseChanges: false,
    });
    const bad = await settings("admin", { accountChanges: "yes" });
    expect(bad.statusCode).toBe(422);
  });

  it("cannot be turned on without an enabled account-change flow, and then nothing changes", async () => {
    await t.database.db
      .update(workflowDefinitions)
      .set({ isEnabled: false })
      .where(eq(workflowDefinitions.key, "account-change"));
    const res = await settings("admin", { accountChanges: true });
    await t.database.db
      .update(workflowDefinitions)
      .set({ isEnabled: true })
      .where(eq(workflowDefinitions.key, "account-change"));
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBeTruthy();
    expect((await settings("admin")).json().data).toEqual({
      accountChanges: false,
      caseChanges: false,
    });
  });

  it("turns a save into pending changes with a running approval; the old values stay until it is accepted", async () => {
    const record = await create();
    expect((await settings("admin", { accountChanges: true })).json().data).toEqual({
      accountChanges: true,
      caseChanges: false,
    });
    const res = await save(record, {
      formerName: "新名",
      legalRepresentative: "",
      industry: "finance",
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json().data;
    expect(answer.status).toBe("pending");
    expect(answer.formerName).toBe("原名");
    expect(answer.pendingChanges).toEqual({ formerName: "新名", industry: "finance" });
    expect(answer.pendingApprovalId).toEqual(expect.any(String));

    const detail = (await acc.get("lawyer", `/api/accounts/${record.id}`)).json().data;
    expect(detail).toMatchObject({
      status: "pending",
      formerName: "原名",
      pendingApprovalId: answer.pendingApprovalId,
    });
    const listed = await acc.get(
      "lawyer",
      `/api/accounts?_start=0&_end=1000&_sort=createdAt&_order=desc`,
    );
    const list = listed.json().data as { id: string; status: string }[];
    expect(list.find((r) => r.id === record.id)?.status).toBe("pending");
    // A second save while the first waits is refused, not queued behind it.
    expect((await save(detail, { formerName: "又一个名" })).statusCode).toBe(409);

    const [instance] = await t.database.db
      .select()
      .from(workflowInstances)
      .where(eq(workflowInstances.id, answer.pendingApprovalId));
    expect(instance.businessRef).toBe(`accounts:${record.id}`);
    // The approver reads names, not stored codes, one change per line.
    const remark = String((instance.form as { remark: string }).remark);
    expect(remark).toContain("原名 → 新名");
    expect(remark).toMatch(/\n/);
    expect(remark).toMatch(/Financial services|金融业/);
    expect(remark).not.toMatch(/→ finance/);
    await wf.accept("partner", answer.pendingApprovalId);
    const after = await stored(record.id);
    expect(after).toMatchObject({
      status: "active",
      formerName: "新名",
      industry: "finance",
      pendingChanges: null,
    });
    expect(
      (await acc.get("lawyer", `/api/accounts/${record.id}`)).json().data.pendingApprovalId,
    ).toBeUndefined();
    await settings("admin", { accountChanges: false });
  });

  it("shows the change summary in each reader's language, before and after the decision; an edited text stays as written", async () => {
    const record = await create({ legalRepresentative: "李四" });
    await settings("admin", { accountChanges: true });
    const res = await save(record, {
      formerName: "新名",
      legalRepresentative: "",
      industry: "finance",
      region: ["beijing", "dongcheng"],
      registeredCapital: "2860000",
    });
    expect(res.statusCode, res.body).toBe(200);
    const approvalId = res.json().data.pendingApprovalId as string;
    const remarkIn = async (lang: string) => {
      const detail = await wf.detail("partner", approvalId, lang);
      expect(detail.statusCode, detail.body).toBe(200);
      return String(detail.json().data.form.remark).split("\n");
    };
    const english = [
      "Former name: 原名 → 新名",
      "Legal representative: 李四 → (empty)",
      "Industry: (empty) → Financial services",
      "Region: (empty) → Beijing, Dongcheng",
      "Registered capital (CNY): (empty) → ¥2,860,000.00",
    ];
    const chinese = [
      "曾用名：原名 → 新名",
      "法定代表人：李四 → （空）",
      "所属行业：（空） → 金融业",
      "所在地区：（空） → 北京市, 东城区",
      "注册资本（元）：（空） → ¥2,860,000.00",
    ];
    expect(await remarkIn("en")).toEqual(expect.arrayContaining(english));
    expect((await remarkIn("en")).join("\n")).not.toMatch(/[：（）]|曾用名|金融业|北京市/);
    expect(await remarkIn("zh-CN")).toEqual(expect.arrayContaining(chinese));
    // The form keeps the submitter's (Chinese) text for search and older readers.
    const [row] = await t.database.db
      .select()
      .from(workflowInstances)
      .where(eq(workflowInstances.id, approvalId));
    expect(String(row.form.remark).split("\n")).toEqual(await remarkIn("zh-CN"));

    // Decided, the client no longer holds the changes: the approval still reads them per reader.
    await wf.accept("partner", approvalId);
    expect(await stored(record.id)).toMatchObject({ status: "active", formerName: "新名" });
    expect(await remarkIn("en")).toEqual(expect.arrayContaining(english));

    // A remark someone rewrote is theirs: it is shown as written, in every language.
    await t.database.db
      .update(workflowInstances)
      .set({ form: { ...row.form, remark: "审批人补充说明" } })
      .where(eq(workflowInstances.id, approvalId));
    expect(await remarkIn("en")).toEqual(["审批人补充说明"]);
    await settings("admin", { accountChanges: false });
  });

  it("drops the changes on reject, answers an unchanged save as it is, and applies saves directly once turned off", async () => {
    const record = await create();
    await settings("admin", { accountChanges: true });
    const same = await save(record, {});
    expect(same.json().data).toMatchObject({ status: "active", version: record.version });
    const pending = (await save(record, { formerName: "驳回名" })).json().data;
    const taskId = await wf.myTask("partner", pending.pendingApprovalId);
    expect(
      (
        await wf.act("partner", pending.pendingApprovalId, {
          type: "reject",
          taskId,
          comment: "不同意",
        })
      ).statusCode,
    ).toBe(200);
    expect(await stored(record.id)).toMatchObject({
      status: "active",
      formerName: "原名",
      pendingChanges: null,
    });

    await settings("admin", { accountChanges: false });
    const current = (await acc.get("lawyer", `/api/accounts/${record.id}`)).json().data;
    const direct = await save(current, { formerName: "直接改" });
    expect(direct.json().data).toMatchObject({ status: "active", formerName: "直接改" });
  });
});
