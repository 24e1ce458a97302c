import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  cases,
  contracts,
  contractSubmissions,
  fileLocks,
  sealUsages,
  workflowInstances,
} from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { contractsApi, contractsSuite } from "../fixtures/contracts";

/** Contracts: made by their approval with the seal step, numbered, validated, files locked. */
describe("contract approvals", () => {
  const suite = contractsSuite();
  let t: TestApp;
  let api: ReturnType<typeof contractsApi>;
  let caseId: string;
  beforeAll(async () => {
    ({ t, api } = suite);
    caseId = (
      await api.open("lawyer", { name: "合同测试案件", feeType: "fixed", feeFixed: "30000" })
    ).id;
  });
  const contractCount = async () =>
    (await t.database.db.select({ id: contracts.id }).from(contracts)).length;

  it("accepting the approval makes the contract, numbered, with the case's fees and the seal use logged", async () => {
    const before = await contractCount();
    const values = await api.contractValues(caseId);
    const res = await api.submitContract("lawyer", values);
    expect(res.statusCode, res.body).toBe(200);
    const { instanceId } = res.json().data;
    expect(await contractCount()).toBe(before);
    const holders = await api.holders(instanceId);
    expect(holders.map((h) => h.username)).toEqual(["partner"]);
    await api.wf.accept("partner", instanceId);
    await api.wf.accept("admin", instanceId);
    expect(await api.holders(instanceId)).toEqual([{ username: "finance", kind: "handler" }]);
    // The custodian may record only the stamping, not rewrite the request.
    const bad = await api.wf.act("finance", instanceId, {
      type: "accept",
      taskId: await api.wf.myTask("finance", instanceId),
      formPatch: { copies: 9 },
    });
    expect(bad.statusCode).toBe(422);
    await api.wf.accept("finance", instanceId, {
      formPatch: { stampedCopies: 3, stampedAt: "2026-03-02" },
    });
    const sub = (await api.get("lawyer", `/api/contract-submissions/${instanceId}`)).json().data;
    const contract = (await api.get("lawyer", `/api/contracts/${sub.contractId}`)).json().data;
    expect(contract).toMatchObject({
      status: "approved",
      signingStatus: "unsigned",
      feeType: "fixed",
      feeFixed: "30000.00",
      copies: 2,
      sealingFirm: "明德律师事务所",
    });
    expect(contract.contractNo).toMatch(/^（\d{4}）明律合字第\d{4}号$/);
    expect(contract.case).toMatchObject({ id: caseId });
    const usages = (await api.get("lawyer", `/api/contracts/${contract.id}/seal-usages`)).json()
      .data;
    expect(usages).toHaveLength(1);
    expect(usages[0]).toMatchObject({
      copies: 3,
      stampedBy: await api.userId("finance"),
      approvedBy: await api.userId("admin"),
    });
    expect(usages[0].stampedAt.slice(0, 10)).toBe("2026-03-02");
    const approvals = (await api.get("lawyer", `/api/contracts/${contract.id}/approvals`)).json()
      .data;
    expect(approvals.map((a: { id: string }) => a.id)).toEqual([instanceId]);
    const fileList = (await api.get("lawyer", `/api/contracts/${contract.id}/files`)).json().data;
    expect(fileList).toEqual([
      expect.objectContaining({
        id: values.attachmentIds[0],
        role: "text",
        versions: [expect.objectContaining({ versionNo: 1 })],
      }),
    ]);
    const history = (await api.get("lawyer", `/api/contracts/${contract.id}/history`)).json().data;
    expect(history.map((h: { action: string }) => h.action)).toEqual(["create"]);
    // The contract text is locked against deletion in Documents.
    const del = await api.del("admin", `/api/documents/files/${values.attachmentIds[0]}`);
    expect(del.statusCode).toBe(409);
  });

  it("reject and cancel leave nothing: no contract, no number used, files released", async () => {
    const before = await contractCount();
    const values = await api.contractValues(caseId, { name: "将被驳回" });
    const rejected = (await api.submitContract("lawyer", values)).json().data.instanceId as string;
    const locks = async (fileId: string) =>
      (await t.database.db.select().from(fileLocks).where(eq(fileLocks.fileId, fileId))).length;
    expect(await locks(values.attachmentIds[0])).toBe(1);
    const task = await api.wf.myTask("partner", rejected);
    expect(
      (await api.wf.act("partner", rejected, { type: "reject", taskId: task, comment: "条款不清" }))
        .statusCode,
    ).toBe(200);
    expect(await locks(values.attachmentIds[0])).toBe(0);
    const cancelled = (
      await api.submitContract("lawyer", await api.contractValues(caseId, { name: "将被撤回" }))
    ).json().data.instanceId as string;
    expect((await api.wf.act("lawyer", cancelled, { type: "cancel" })).statusCode).toBe(200);
    expect(await contractCount()).toBe(before);
    const subs = await t.database.db
      .select()
      .from(contractSubmissions)
      .where(eq(contractSubmissions.instanceId, rejected));
    expect(subs[0].contractId).toBeNull();
    // Numbers stay consecutive: the rejected ones took none.
    const a = await api.contract(caseId, { name: "编号甲" });
    const b = await api.contract(caseId, { name: "编号乙" });
    const seq = (no: string) => Number(/第(\d+)号/.exec(no)?.[1]);
    expect(seq(b.contractNo)).toBe(seq(a.contractNo) + 1);
  });

  it("the approver sees the number the contract will get: the counter's next, the typed one, then the contract's own", async () => {
    const res = await api.submitContract(
      "lawyer",
      await api.contractValues(caseId, { name: "预览编号" }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { instanceId } = res.json().data;
    const submission = async (who: string) => {
      const answer = await api.get(who, `/api/contract-submissions/${instanceId}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data as {
        contractNo: string | null;
        isNumberExpected: boolean;
        contractId: string | null;
      };
    };
    const next = (await api.get("lawyer", "/api/contract-number-preview")).json().data
      .contractNo as string;
    expect(await submission("partner")).toMatchObject({
      contractNo: next,
      isNumberExpected: true,
      contractId: null,
    });
    await api.approve(instanceId);
    const made = await submission("partner");
    const contract = (await api.get("lawyer", `/api/contracts/${made.contractId}`)).json().data;
    expect(contract.contractNo).toBe(next);
    expect(made).toMatchObject({ contractNo: next, isNumberExpected: false });

    const typed = await api.submitContract(
      "lawyer",
      await api.contractValues(caseId, { name: "预览自定义编号" }),
      { contractNo: "HT-PREVIEW-1" },
    );
    expect(
      (await api.get("partner", `/api/contract-submissions/${typed.json().data.instanceId}`)).json()
        .data,
    ).toMatchObject({ contractNo: "HT-PREVIEW-1", isNumberExpected: false });
    // A rejected approval makes no contract: no number to expect.
    const rejected = (
      await api.submitContract("lawyer", await api.contractValues(caseId, { name: "预览后驳回" }))
    ).json().data.instanceId as string;
    expect(
      (
        await api.wf.act("partner", rejected, {
          type: "reject",
          taskId: await api.wf.myTask("partner", rejected),
          comment: "不签",
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await api.get("lawyer", `/api/contract-submissions/${rejected}`)).json().data,
    ).toMatchObject({ contractNo: null, isNumberExpected: false });
  });

  it("a typed number is kept; a taken one is a duplicate", async () => {
    const typed = await api.submitContract(
      "lawyer",
      await api.contractValues(caseId, { name: "自定义编号" }),
      { contractNo: "HT-2026-CUSTOM" },
    );
    expect(typed.statusCode, typed.body).toBe(200);
    await api.approve(typed.json().data.instanceId);
    const [row] = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.contractNo, "HT-2026-CUSTOM"));
    expect(row.name).toBe("自定义编号");
    const dup = await api.submitContract("lawyer", await api.contractValues(caseId), {
      contractNo: "HT-2026-CUSTOM",
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().data.fields[0].field).toBe("contractNo");
  });

  it("start after end is refused on both fields, in both languages, on submit and on edit", async () => {
    const values = await api.contractValues(caseId, {
      startDate: "2026-05-02",
      endDate: "2026-05-01",
    });
    const zh = await api.submitContract("lawyer", values, {}, "zh-CN");
    expect(zh.statusCode).toBe(422);
    expect(zh.json().data.fields).toEqual(
      expect.arrayContaining([
        { field: "startDate", message: "开始日期不能晚于结束日期" },
        { field: "endDate", message: "结束日期不能早于开始日期" },
      ]),
    );
    const en = await api.submitContract("lawyer", values, {}, "en");
    expect(en.json().data.fields).toEqual(
      expect.arrayContaining([
        { field: "startDate", message: "start date cannot be later than end date" },
        { field: "endDate", message: "end date cannot be earlier than start date" },
      ]),
    );
    const same = await api.submitContract("lawyer", { ...values, endDate: "2026-05-02" });
    expect(same.statusCode, same.body).toBe(200);
    const contract = await api.contract(caseId, { name: "编辑日期" });
    const edit = await api.patch(
      "admin",
      `/api/contracts/${contract.id}`,
      { endDate: "2025-01-01", version: contract.version },
      "en",
    );
    expect(edit.statusCode).toBe(422);
    expect(edit.json().data.fields).toEqual(
      expect.arrayContaining([
        { field: "endDate", message: "end date cannot be earlier than start date" },
      ]),
    );
    const ok = await api.patch("admin", `/api/contracts/${contract.id}`, {
      endDate: "2027-01-01",
      version: contract.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ endDate: "2027-01-01", caseId });
  });

  it("the counterparty signatory needs a name and a mobile or an email, each valid", async () => {
    const none = await api.submitContract(
      "lawyer",
      await api.contractValues(caseId, { signerMobile: undefined }),
      {},
      "en",
    );
    expect(none.statusCode).toBe(422);
    expect(
      none
        .json()
        .data.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(["signerEmail", "signerMobile"]);
    const badMobile = await api.submitContract(
      "lawyer",
      await api.contractValues(caseId, { signerMobile: "12ab" }),
    );
    expect(badMobile.statusCode).toBe(422);
    const badEmail = await api.submitContract(
      "lawyer",
      await api.contractValues(caseId, { signerMobile: undefined, signerEmail: "no-at" }),
    );
    expect(badEmail.statusCode).toBe(422);
    const email = await api.submitContract(
      "lawyer",
      await api.contractValues(caseId, { signerMobile: undefined, signerEmail: "wl@example.com" }),
    );
    expect(email.statusCode, email.body).toBe(200);
    const noName = await api.submitContract(
      "lawyer",
      await api.contractValues(caseId, { signerName: undefined }),
    );
    expect(noName.json().data.fields.map((f: { field: string }) => f.field)).toContain(
      "signerName",
    );
  });

  it("contracts are made by approval only and voided, never created or deleted directly", async () => {
    expect(
      (
        await api.post("admin", "/api/contracts", {
          ...(await api.contractValues(caseId)),
          sealingFirm: "明德律师事务所",
        })
      ).statusCode,
    ).toBe(409);
    const contract = await api.contract(caseId, { name: "不可删除" });
    expect((await api.del("admin", `/api/contracts/${contract.id}`)).statusCode).toBe(409);
    expect(
      (await t.database.db.select().from(contracts).where(eq(contracts.id, contract.id))).length,
    ).toBe(1);
  });

  it("two accepts at once get consecutive numbers, no gaps and no duplicates", async () => {
    const started = [];
    for (const name of ["并发甲", "并发乙", "并发丙"]) {
      const id = (
        await api.submitContract("lawyer", await api.contractValues(caseId, { name }))
      ).json().data.instanceId as string;
      await api.wf.accept("partner", id);
      await api.wf.accept("admin", id);
      started.push(id);
    }
    // The custodian confirms the copies and the day stamped (tests/api/seals-stamping).
    const formPatch = {
      stampedCopies: 2,
      stampedAt: new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Shanghai" }),
    };
    await Promise.all(started.map((id) => api.wf.accept("finance", id, { formPatch })));
    const rows = await t.database.db
      .select({ no: contracts.contractNo, name: contracts.name })
      .from(contracts);
    const seqs = rows
      .filter((r) => r.name.startsWith("并发"))
      .map((r) => Number(/第(\d+)号/.exec(r.no)?.[1]))
      .sort((x, y) => x - y);
    expect(seqs).toHaveLength(3);
    expect(seqs[2] - seqs[0]).toBe(2);
  });
});

describe("archive, void and the status machine", () => {
  const suite = contractsSuite();
  let t: TestApp;
  let api: ReturnType<typeof contractsApi>;
  beforeAll(async () => {
    ({ t, api } = suite);
  });
  const caseRow = async (id: string) =>
    (await t.database.db.select().from(cases).where(eq(cases.id, id)))[0];
  const preFilingCase = async (name: string) =>
    (await api.open("lawyer", { name, filingType: "pre-filing" })).id;

  it("archiving in time makes the pre-filing case formal, in the accept", async () => {
    const caseId = await preFilingCase("归档转正式");
    const contract = await api.contract(caseId);
    const scans = await api.files("lawyer", ["签署扫描件.pdf"]);
    const res = await api.post("lawyer", `/api/contracts/${contract.id}/archive`, {
      archiveFileIds: scans,
      remark: "原件已入柜",
      version: contract.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const instanceId = res.json().data.instanceId;
    // One archive at a time, and no edits while it runs.
    const again = await api.post("lawyer", `/api/contracts/${contract.id}/archive`, {
      archiveFileIds: scans,
      version: contract.version + 1,
    });
    expect(again.statusCode).toBe(409);
    expect((await caseRow(caseId)).status).toBe("pre-filing");
    await api.approve(instanceId);
    const after = (await api.get("lawyer", `/api/contracts/${contract.id}`)).json().data;
    expect(after).toMatchObject({
      status: "archived",
      archiveFileIds: scans,
      archiveRemark: "原件已入柜",
    });
    expect(after.archivedAt).toBeTruthy();
    expect((await caseRow(caseId)).status).toBe("formal");
    expect((await api.del("admin", `/api/documents/files/${scans[0]}`)).statusCode).toBe(409);
    const approvals = (await api.get("lawyer", `/api/contracts/${contract.id}/approvals`)).json()
      .data;
    expect(approvals.map((a: { kind: string }) => a.kind).sort()).toEqual([
      "contract",
      "contract-archive",
    ]);
  });

  it("a late archive is refused with a clear message and changes nothing", async () => {
    const caseId = await preFilingCase("过期归档");
    const contract = await api.contract(caseId);
    const scans = await api.files("lawyer", ["晚到扫描件.pdf"]);
    const res = await api.post("lawyer", `/api/contracts/${contract.id}/archive`, {
      archiveFileIds: scans,
      version: contract.version,
    });
    const instanceId = res.json().data.instanceId as string;
    await t.database.db.update(cases).set({ validUntil: "2020-01-01" }).where(eq(cases.id, caseId));
    await api.wf.accept("partner", instanceId);
    const last = await api.wf.act(
      "admin",
      instanceId,
      { type: "accept", taskId: await api.wf.myTask("admin", instanceId) },
      undefined,
      "en",
    );
    expect(last.statusCode).toBe(409);
    expect(last.json().msg).toMatch(/validity/i);
    const zh = await api.wf.act(
      "admin",
      instanceId,
      { type: "accept", taskId: await api.wf.myTask("admin", instanceId) },
      undefined,
      "zh-CN",
    );
    expect(zh.statusCode).toBe(409);
    expect((await caseRow(caseId)).status).toBe("pre-filing");
    const [row] = await t.database.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row.status).toBe("approved");
    const [instance] = await t.database.db
      .select()
      .from(workflowInstances)
      .where(eq(workflowInstances.id, instanceId));
    expect(instance.status).toBe("running");
  });

  it("voiding needs a reason and a certificate; a voided contract shows why and when and cannot change", async () => {
    const caseId = (await api.open("lawyer", { name: "作废测试" })).id;
    const contract = await api.contract(caseId);
    const cert = await api.files("lawyer", ["作废证明.pdf"]);
    const url = `/api/contracts/${contract.id}/void`;
    expect(
      (await api.post("lawyer", url, { certificateIds: cert, version: contract.version }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await api.post("lawyer", url, {
          reason: "  ",
          certificateIds: cert,
          version: contract.version,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await api.post("lawyer", url, {
          reason: "双方协商作废",
          certificateIds: [],
          version: contract.version,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await api.post("lawyer", url, { reason: "双方协商作废", version: contract.version }))
        .statusCode,
    ).toBe(422);
    const res = await api.post("lawyer", url, {
      reason: "双方协商作废",
      certificateIds: cert,
      version: contract.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    await api.approve(res.json().data.instanceId);
    const after = (await api.get("lawyer", `/api/contracts/${contract.id}`)).json().data;
    expect(after).toMatchObject({
      status: "voided",
      voidReason: "双方协商作废",
      voidCertificateIds: cert,
    });
    expect(after.voidedAt).toBeTruthy();
    const edit = await api.patch(
      "admin",
      `/api/contracts/${contract.id}`,
      { name: "改名", version: after.version },
      "en",
    );
    expect(edit.statusCode).toBe(409);
    expect(
      (await api.del("admin", `/api/documents/files/${after.attachmentIds[0]}`)).statusCode,
    ).toBe(409);
  });

  it("a rejected void leaves the contract as it was", async () => {
    const caseId = (await api.open("lawyer", { name: "驳回作废" })).id;
    const contract = await api.contract(caseId);
    const cert = await api.files("lawyer", ["证明.pdf"]);
    const id = (
      await api.post("lawyer", `/api/contracts/${contract.id}/void`, {
        reason: "误操作",
        certificateIds: cert,
        version: contract.version,
      })
    ).json().data.instanceId;
    await api.wf.act("partner", id, {
      type: "reject",
      taskId: await api.wf.myTask("partner", id),
      comment: "不同意",
    });
    const [row] = await t.database.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row).toMatchObject({ status: "approved", voidReason: null, pendingApprovalId: null });
    const locks = await t.database.db.select().from(fileLocks).where(eq(fileLocks.fileId, cert[0]));
    expect(locks).toHaveLength(0);
  });

  it("illegal status moves answer a translated 409, never a silent no-op", async () => {
    const caseId = (await api.open("lawyer", { name: "状态机" })).id;
    const contract = await api.contract(caseId);
    const move = (to: string, version: number, lang: "en" | "zh-CN" = "en") =>
      api.post("lawyer", `/api/contracts/${contract.id}/transition`, { to, version }, lang);
    const signing = await move("signing", contract.version);
    expect(signing.json().data).toMatchObject({ status: "signing", signingStatus: "signing" });
    const back = await move("signing", signing.json().data.version, "zh-CN");
    expect(back.statusCode).toBe(409);
    expect(back.json().msg).toBe("合同当前状态不允许此操作");
    const signed = await move("signed", signing.json().data.version);
    expect(signed.json().data).toMatchObject({ status: "signed", signingStatus: "signed" });
    const v = signed.json().data.version;
    expect((await move("signing", v)).statusCode).toBe(409);
    expect((await move("archived", v)).statusCode).toBe(422);
    const scans = await api.files("lawyer", ["扫描.pdf"]);
    const archive = await api.post("lawyer", `/api/contracts/${contract.id}/archive`, {
      archiveFileIds: scans,
      version: v,
    });
    await api.approve(archive.json().data.instanceId);
    const archived = (await api.get("lawyer", `/api/contracts/${contract.id}`)).json().data;
    expect(archived.status).toBe("archived");
    const cert = await api.files("lawyer", ["证明2.pdf"]);
    const voidArchived = await api.post(
      "lawyer",
      `/api/contracts/${contract.id}/void`,
      { reason: "x", certificateIds: cert, version: archived.version },
      "en",
    );
    expect(voidArchived.statusCode).toBe(409);
    expect(voidArchived.json().msg).toBe("The contract's current status does not allow this");
    expect((await move("signed", archived.version)).statusCode).toBe(409);
    const stale = await api.post(
      "lawyer",
      `/api/contracts/${(await api.contract(caseId)).id}/transition`,
      { to: "signing", version: 99 },
    );
    expect(stale.statusCode).toBe(409);
  });
});

describe("contract tenancy, permissions and hostile input", () => {
  const suite = contractsSuite();
  let t: TestApp;
  let api: ReturnType<typeof contractsApi>;
  let contract: { id: string; version: number };
  let caseId: string;
  beforeAll(async () => {
    ({ t, api } = suite);
    caseId = (await api.open("lawyer", { name: "权限测试" })).id;
    contract = await api.contract(caseId);
  });

  it("another firm's contracts, cases, seals and approvals are 404 on every route", async () => {
    const id = contract.id;
    for (const [method, url, body] of [
      ["GET", `/api/contracts/${id}`],
      ["GET", `/api/contracts/${id}/approvals`],
      ["GET", `/api/contracts/${id}/seal-usages`],
      ["GET", `/api/contracts/${id}/files`],
      ["GET", `/api/contracts/${id}/history`],
      ["DELETE", `/api/contracts/${id}`],
      ["PATCH", `/api/contracts/${id}`, { name: "x", version: contract.version }],
      ["POST", `/api/contracts/${id}/archive`, { archiveFileIds: [id], version: 1 }],
      ["POST", `/api/contracts/${id}/void`, { reason: "x", certificateIds: [id], version: 1 }],
      ["POST", `/api/contracts/${id}/transition`, { to: "signing", version: 1 }],
    ] as const) {
      const res = await api.call(method, "admin2", url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await api.get("admin2", `/api/contracts?_end=100`);
    expect(list.json().data.map((c: { id: string }) => c.id)).not.toContain(id);
    const theirCase = await api.submitContract("lawyer2", {
      ...(await api.contractValues(caseId, {}, "lawyer")),
      sealId: undefined,
      attachmentIds: undefined,
    });
    expect(theirCase.statusCode).toBe(404);
    const mySeal = await api.submitContract(
      "lawyer",
      await api.contractValues(caseId, { sealId: await api.sealId("lawyer2") }),
    );
    expect(mySeal.statusCode).toBe(404);
    const theirFile = await api.submitContract(
      "lawyer",
      await api.contractValues(caseId, { attachmentIds: await api.files("lawyer2", ["别所.pdf"]) }),
    );
    expect(theirFile.statusCode).toBe(404);
    const sub = await t.database.db
      .select()
      .from(contractSubmissions)
      .where(eq(contractSubmissions.contractId, id));
    expect(
      (await api.get("lawyer2", `/api/contract-submissions/${sub[0].instanceId}`)).statusCode,
    ).toBe(404);
  });

  it("without contract rights: 403; with 'only own' scope: other people's contracts are 404", async () => {
    expect((await api.get("intern", "/api/contracts")).statusCode).toBe(403);
    expect(
      (await api.submitContract("assistant", await api.contractValues(caseId, {}, "lawyer")))
        .statusCode,
    ).toBe(403);
    const finance = await api.post("finance", `/api/contracts/${contract.id}/transition`, {
      to: "signing",
      version: contract.version,
    });
    expect(finance.statusCode).toBe(403);
    const { firmIds, roleByCode, orgApi } = await import("../fixtures/org");
    const { a } = await firmIds(t);
    const role = await roleByCode(t, a, "intern");
    const rules = [
      { action: "basic", subject: "BASIC_PERMISSION" },
      {
        action: ["read", "create"],
        subject: "LAWFIRM_CONTRACT_VIEW",
        conditions: { ownerId: "${user.id}" },
      },
    ];
    expect(
      (
        await orgApi(t).put("admin", `/api/roles/${role.id}/rules`, {
          rules,
          version: role.version,
        })
      ).statusCode,
    ).toBe(200);
    expect((await api.get("intern", `/api/contracts/${contract.id}`)).statusCode).toBe(404);
    for (const tail of ["seal-usages", "files", "history", "approvals"]) {
      expect((await api.get("intern", `/api/contracts/${contract.id}/${tail}`)).statusCode).toBe(
        404,
      );
    }
    expect(
      (
        await api.post("intern", `/api/contracts/${contract.id}/transition`, {
          to: "signing",
          version: contract.version,
        })
      ).statusCode,
    ).toBe(404);
    const list = await api.get("intern", "/api/contracts?_end=100");
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([]);
    // The lawyer is on the case's team: the contract is theirs.
    expect((await api.get("lawyer", `/api/contracts/${contract.id}`)).statusCode).toBe(200);
  });

  it("hostile JSON (NUL, __proto__, deep nesting) never answers 5xx and writes nothing", async () => {
    const count = async () => (await t.database.db.select().from(contractSubmissions)).length;
    const before = await count();
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i += 1) deep = { a: deep };
    const values = await api.contractValues(caseId);
    const bodies: [string, unknown][] = [
      ["/api/contract-submissions", { values: { ...values, name: "a\u0000b" } }],
      [
        "/api/contract-submissions",
        JSON.parse(`{"values": {"__proto__": {"isAdmin": true}, "name": "x"}}`),
      ],
      ["/api/contract-submissions", { values: deep }],
      [
        "/api/contract-submissions",
        JSON.parse(`{"values": ${JSON.stringify(values)}, "constructor": {"prototype": {"x": 1}}}`),
      ],
      [`/api/contracts/${contract.id}/archive`, { archiveFileIds: ["a\u0000"], version: 1 }],
      [
        `/api/contracts/${contract.id}/void`,
        JSON.parse(`{"reason": "x", "certificateIds": [], "__proto__": {"a": 1}, "version": 1}`),
      ],
      [
        `/api/contracts/${contract.id}/void`,
        { reason: "a\u0000b", certificateIds: [contract.id], version: 1 },
      ],
      [`/api/contracts/${contract.id}/transition`, { to: deep, version: 1 }],
    ];
    for (const [url, body] of bodies) {
      const res = await api.post("lawyer", url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json()).toHaveProperty("code");
    }
    const patch = await api.patch("admin", `/api/contracts/${contract.id}`, {
      name: "a\u0000b",
      version: contract.version,
    });
    expect(patch.statusCode).toBeGreaterThanOrEqual(400);
    expect(patch.statusCode).toBeLessThan(500);
    expect((await api.get("lawyer", "/api/contracts?_sort=__proto__")).statusCode).toBeLessThan(
      500,
    );
    expect(await count()).toBe(before);
    const [row] = await t.database.db
      .select()
      .from(contracts)
      .where(and(eq(contracts.id, contract.id)));
    expect(row.status).toBe("approved");
    expect(
      (await t.database.db.select().from(sealUsages).where(eq(sealUsages.entityId, contract.id)))
        .length,
    ).toBe(1);
  });
});
