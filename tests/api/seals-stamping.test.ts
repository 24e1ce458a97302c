import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { cases, contracts, sealRequests, sealUsages } from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { contractsApi, contractsSuite } from "../fixtures/contracts";
import { firmIds, orgApi, roleByCode } from "../fixtures/org";

const DAY = 86_400_000;
const dateIn = (days: number) =>
  new Date(Date.now() + days * DAY).toLocaleDateString("en-CA", { timeZone: "Asia/Shanghai" });
const shanghaiDay = (at: Date) => at.toLocaleDateString("en-CA", { timeZone: "Asia/Shanghai" });

/**
 * Issue 26: the custodian confirms the copies and the day they stamped (the log records those),
 * a seal request has several recipients, and a closed or terminated case takes no new contract
 * or seal request.
 */
describe("custodians confirm what they stamp", () => {
  const suite = contractsSuite();
  let t: TestApp;
  let api: ReturnType<typeof contractsApi>;
  let sealId: string;
  beforeAll(async () => {
    ({ t, api } = suite);
    sealId = await api.sealId("lawyer", "official");
  });
  const recipients = [
    { name: "北京市朝阳区人民法院", copies: 2 },
    { name: "北京某某贸易有限公司", copies: 1 },
    { name: "委托人", copies: 1 },
  ];
  const values = async (extra: Record<string, unknown> = {}) => {
    const [a, b] = await api.files("lawyer", ["起诉状.pdf", "证据目录.pdf"]);
    return {
      documentType: "complaint",
      recipients,
      files: [
        { fileId: a, copies: 2 },
        { fileId: b, copies: 2 },
      ],
      sealId,
      reason: "提交起诉材料",
      reviewed: true,
      mode: "office",
      ...extra,
    };
  };
  const submit = (v: Record<string, unknown>, lang: "en" | "zh-CN" = "en", who = "lawyer") =>
    api.post(who, "/api/seal-request-submissions", { values: v }, lang);
  /** Accepts the approval steps up to the custodian's, which stays open. */
  const upToCustodian = async (instanceId: string) => {
    for (let guard = 0; guard < 10; guard += 1) {
      const open = await api.holders(instanceId);
      const approvals = open.filter((o) => o.kind !== "handler");
      if (approvals.length === 0) return;
      for (const { username } of approvals) await api.wf.accept(username, instanceId);
    }
  };
  const stamp = (
    instanceId: string,
    formPatch: Record<string, unknown>,
    lang: "en" | "zh-CN" = "en",
  ) =>
    api.wf
      .myTask("finance", instanceId)
      .then((taskId) =>
        api.wf.act("finance", instanceId, { type: "accept", taskId, formPatch }, undefined, lang),
      );

  it("the custodian's step is refused without the copies and the day stamped, or with a day that is not real or still to come; nothing is logged", async () => {
    const { id, instanceId } = (await submit(await values())).json().data;
    await upToCustodian(instanceId);
    for (const [patch, field] of [
      [{}, "stampedCopies"],
      [{ stampedCopies: 4 }, "stampedAt"],
      [{ stampedAt: dateIn(0) }, "stampedCopies"],
      [{ stampedCopies: 4, stampedAt: "2026-02-30" }, "stampedAt"],
      [{ stampedCopies: 4, stampedAt: dateIn(1) }, "stampedAt"],
      [{ stampedCopies: 0, stampedAt: dateIn(0) }, "stampedCopies"],
    ] as const) {
      const res = await stamp(instanceId, patch);
      expect(res.statusCode, `${JSON.stringify(patch)} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).toContain(field);
    }
    const zh = await stamp(instanceId, { stampedCopies: 4 }, "zh-CN");
    expect(zh.statusCode).toBe(422);
    expect(zh.json().data.fields).toContainEqual({
      field: "stampedAt",
      message: "请填写盖章日期（有效的日历日期）",
    });
    const en = await stamp(instanceId, { stampedCopies: 4, stampedAt: dateIn(2) }, "en");
    expect(en.json().data.fields).toContainEqual({
      field: "stampedAt",
      message: "The stamping date cannot be after today",
    });
    expect(
      await t.database.db.select().from(sealUsages).where(eq(sealUsages.entityId, id)),
    ).toHaveLength(0);
    expect(
      (await t.database.db.select().from(sealRequests).where(eq(sealRequests.id, id)))[0].status,
    ).toBe("pending");
    expect(await api.holders(instanceId)).toEqual([{ username: "finance", kind: "handler" }]);
  });

  it("the log records the copies and the day the custodian confirmed, not the request's count nor the click", async () => {
    const { id, instanceId } = (await submit(await values())).json().data;
    await upToCustodian(instanceId);
    const day = dateIn(-3);
    const res = await stamp(instanceId, { stampedCopies: 3, stampedAt: day });
    expect(res.statusCode, res.body).toBe(200);
    const [logged] = await t.database.db
      .select()
      .from(sealUsages)
      .where(eq(sealUsages.entityId, id));
    expect(logged.copies).toBe(3);
    expect(shanghaiDay(logged.stampedAt)).toBe(day);
    expect(logged.stampedBy).toBe(await api.userId("finance"));
    const usages = (await api.get("lawyer", `/api/seal-requests/${id}/usages`)).json().data;
    expect(usages[0]).toMatchObject({ copies: 3 });
  });

  it("a contract's seal step is confirmed the same way", async () => {
    const kase = await api.open("lawyer", { name: "盖章确认案件" });
    const res = await api.submitContract(
      "lawyer",
      await api.contractValues(kase.id, { copies: 5 }),
    );
    const { instanceId } = res.json().data;
    await upToCustodian(instanceId);
    expect((await stamp(instanceId, {})).statusCode).toBe(422);
    expect((await stamp(instanceId, { stampedCopies: 4, stampedAt: dateIn(-1) })).statusCode).toBe(
      200,
    );
    const contractId = (await api.get("lawyer", `/api/contract-submissions/${instanceId}`)).json()
      .data.contractId as string;
    const [logged] = await t.database.db
      .select()
      .from(sealUsages)
      .where(eq(sealUsages.entityId, contractId));
    expect(logged.copies).toBe(4);
    expect(shanghaiDay(logged.stampedAt)).toBe(dateIn(-1));
  });

  it("a request names several recipients with their copies; the detail, the list and the log show them", async () => {
    const res = await submit(await values());
    expect(res.statusCode, res.body).toBe(200);
    const { id, instanceId, requestNo } = res.json().data;
    expect((await api.get("lawyer", `/api/seal-requests/${id}`)).json().data.recipients).toEqual(
      recipients,
    );
    const listed = (await api.get("lawyer", "/api/seal-requests?_end=100"))
      .json()
      .data.find((r: { id: string }) => r.id === id);
    expect(listed.recipients).toEqual(recipients);
    await api.approve(instanceId, { stampedCopies: 4, stampedAt: dateIn(0) });
    const [logged] = await t.database.db
      .select()
      .from(sealUsages)
      .where(eq(sealUsages.entityId, id));
    expect(logged.subject).toBe(
      `${requestNo} 北京市朝阳区人民法院 ×2, 北京某某贸易有限公司 ×1, 委托人 ×1`,
    );
  });

  it("recipients are refused when none, blank, repeated, too many or without copies", async () => {
    const v = await values();
    const before = (await t.database.db.select().from(sealRequests)).length;
    for (const bad of [
      [],
      [{ name: "  ", copies: 1 }],
      [
        { name: "甲", copies: 1 },
        { name: "甲", copies: 2 },
      ],
      Array.from({ length: 21 }, (_, i) => ({ name: `接收方${i}`, copies: 1 })),
      [{ name: "甲" }],
      [{ name: "甲", copies: 0 }],
      [{ name: "甲", copies: 1.5 }],
      "甲公司",
    ]) {
      const res = await submit({ ...v, recipients: bad }, "zh-CN");
      expect(res.statusCode, `${JSON.stringify(bad).slice(0, 80)} ${res.body}`).toBe(422);
      expect(res.json().data.fields[0].field).toMatch(/^recipients/);
    }
    expect((await t.database.db.select().from(sealRequests)).length).toBe(before);
  });

  it("the custodian, without rights on Documents, reads the files' names; another firm gets 404", async () => {
    // This firm's finance (the custodian) keeps its other rights but none on Documents.
    const role = await roleByCode(t, (await firmIds(t)).a, "finance");
    const rules = (role.rules as { subject: string }[]).filter(
      (r) => r.subject !== "LAWFIRM_DOCUMENT_VIEW",
    );
    const put = await orgApi(t).put("admin", `/api/roles/${role.id}/rules`, {
      rules,
      version: role.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    const v = await values();
    const { id, instanceId } = (await submit(v)).json().data;
    // The custodian cannot ask Documents for the name (the screen showed "file 1")…
    expect((await api.get("finance", `/api/documents/files/${v.files[0].fileId}`)).statusCode).toBe(
      403,
    );
    // …so the request names its own files.
    const named = await api.get("finance", `/api/seal-requests/${id}/files`);
    expect(named.statusCode, named.body).toBe(200);
    expect(
      named
        .json()
        .data.map((f: { name: string; copies: number }) => [
          f.name.replace(/-\d+\.pdf$/, ".pdf"),
          f.copies,
        ]),
    ).toEqual([
      ["起诉状.pdf", 2],
      ["证据目录.pdf", 2],
    ]);
    expect((await api.get("admin2", `/api/seal-requests/${id}/files`)).statusCode).toBe(404);
    expect((await api.get("assistant", `/api/seal-requests/${id}/files`)).statusCode).toBe(403);
    // A contract approval names its text the same way.
    const kase = await api.open("lawyer", { name: "文件名案件" });
    const sub = (await api.submitContract("lawyer", await api.contractValues(kase.id))).json().data;
    await upToCustodian(sub.instanceId);
    const answer = (await api.get("finance", `/api/contract-submissions/${sub.instanceId}`)).json()
      .data;
    expect(Object.values(answer.fileNames as Record<string, string>)[0]).toMatch(
      /^合同正文-\d+\.pdf$/,
    );
    void instanceId;
  });

  it("a closed or terminated case takes no new contract nor seal request (409, translated, nothing written), and the picker lists only open cases", async () => {
    const terminated = await api.open("lawyer", { name: "已终止案件" });
    const stop = await api.post("lawyer", `/api/cases/${terminated.id}/terminate`, {
      reason: "客户放弃委托",
      version: terminated.version,
    });
    expect(stop.statusCode, stop.body).toBe(200);
    const closed = await api.open("lawyer", { name: "已结案案件" });
    // Closing has its own conditions (tests/api/cases-lifecycle); only the status matters here.
    await t.database.db.update(cases).set({ status: "closed" }).where(eq(cases.id, closed.id));
    const open = await api.open("lawyer", { name: "仍在办理案件" });
    const count = async () => ({
      seals: (await t.database.db.select().from(sealRequests)).length,
      contracts: (await t.database.db.select().from(contracts)).length,
    });
    const before = await count();
    for (const kase of [terminated, closed]) {
      const seal = await submit(await values({ caseId: kase.id }), "zh-CN");
      expect(seal.statusCode, seal.body).toBe(409);
      expect(seal.json().msg).toBe("只能为预立案或正式案件申请用印");
      const en = await submit(await values({ caseId: kase.id }), "en");
      expect(en.json().msg).toBe("Seals can only be requested for pre-filing or formal cases");
      const contract = await api.submitContract(
        "lawyer",
        await api.contractValues(kase.id),
        {},
        "zh-CN",
      );
      expect(contract.statusCode, contract.body).toBe(409);
      expect(contract.json().msg).toBe("只能为预立案或正式案件创建合同");
    }
    expect(await count()).toEqual(before);
    const picker = (await api.get("lawyer", "/api/cases?status=pre-filing&status=formal&_end=200"))
      .json()
      .data.map((c: { id: string }) => c.id);
    expect(picker).toContain(open.id);
    expect(picker).not.toContain(terminated.id);
    expect(picker).not.toContain(closed.id);
  });

  it("hostile input (NUL, __proto__, deep JSON) at the recipients, the confirmation and the files route never answers 5xx and writes nothing", async () => {
    const { id, instanceId } = (await submit(await values())).json().data;
    await upToCustodian(instanceId);
    const requests = async () => (await t.database.db.select().from(sealRequests)).length;
    const before = await requests();
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i += 1) deep = { a: deep };
    const v = await values();
    for (const bad of [
      [{ name: "甲\u0000乙", copies: 1 }],
      [JSON.parse(`{"name": "甲", "copies": 1, "__proto__": {"isAdmin": true}}`)],
      [deep],
    ]) {
      const res = await submit({ ...v, recipients: bad });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toHaveProperty("code");
    }
    for (const patch of [
      { stampedCopies: 2, stampedAt: "2026-01-01\u0000" },
      JSON.parse(`{"stampedCopies": 2, "stampedAt": "${dateIn(0)}", "__proto__": {"x": 1}}`),
      { stampedCopies: 2, stampedAt: deep },
    ]) {
      const res = await stamp(instanceId, patch);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    for (const url of [
      `/api/seal-requests/%00/files`,
      `/api/seal-requests/__proto__/files`,
      `/api/seal-requests/${id}%00/files`,
    ]) {
      const res = await api.get("lawyer", url);
      expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await requests()).toBe(before);
    expect(
      await t.database.db.select().from(sealUsages).where(eq(sealUsages.entityId, id)),
    ).toHaveLength(0);
  });
});
