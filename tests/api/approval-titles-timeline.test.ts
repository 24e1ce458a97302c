import { readFileSync } from "node:fs";

import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { cases as casesTable, notifications, workflowInstances } from "../../src/server/db/tables";
import { translatorFor } from "../../src/server/lib/i18n";
import type { TestApp } from "../fixtures/app";
import { contractsApi, contractsSuite } from "../fixtures/contracts";

type Entry = {
  id: number | string;
  event?: string;
  params?: Record<string, unknown>;
  link?: string;
  fields?: string[];
  userId: string | null;
};

/** Business approval titles follow the reader's language, whatever language they were submitted in. */
describe("approval titles in the reader's language", () => {
  const suite = contractsSuite();
  let t: TestApp;
  let api: ReturnType<typeof contractsApi>;
  let caseId: string;
  beforeAll(async () => {
    ({ t, api } = suite);
    caseId = (await api.open("lawyer", { name: "标题语言测试案件" })).id;
  });

  it("a contract submitted in Chinese reads in English for an English reader, in lists and detail", async () => {
    const res = await api.submitContract(
      "lawyer",
      await api.contractValues(caseId, { name: "常年法律顾问合同" }),
      {},
      "zh-CN",
    );
    expect(res.statusCode, res.body).toBe(200);
    const { instanceId } = res.json().data as { instanceId: string };
    const [row] = await t.database.db
      .select()
      .from(workflowInstances)
      .where(eq(workflowInstances.id, instanceId));
    expect(row.title).toBe("合同审批：常年法律顾问合同");
    expect(row.titleI18n).toEqual({
      key: "contracts.approval.openTitle",
      params: { name: "常年法律顾问合同" },
    });

    const en = (await api.get("lawyer", `/api/workflow/instances/${instanceId}`, "en")).json().data;
    expect(en.title).toBe("Contract approval: 常年法律顾问合同");
    const zh = (await api.get("lawyer", `/api/workflow/instances/${instanceId}`, "zh-CN")).json()
      .data;
    expect(zh.title).toBe("合同审批：常年法律顾问合同");
    // The list, searched by the contract's name from the English screen.
    const list = (
      await api.get(
        "lawyer",
        `/api/workflow/lists/initiated?q=${encodeURIComponent("常年法律顾问")}`,
        "en",
      )
    ).json().data as { instanceId: string; title: string }[];
    expect(list.find((r) => r.instanceId === instanceId)?.title).toBe(
      "Contract approval: 常年法律顾问合同",
    );
    expect(list.some((r) => "titleI18n" in r)).toBe(false);
    // The case's Approvals tab too.
    const tab = (await api.get("lawyer", `/api/cases/${caseId}/approvals`, "en")).json().data as {
      kind: string;
      title: string;
    }[];
    expect(tab.find((r) => r.kind === "case")?.title).toBe("New case: 标题语言测试案件");
  });

  it("the approver's notification names the approval in every language (title, title@en)", async () => {
    const res = await api.submitContract(
      "lawyer",
      await api.contractValues(caseId, { name: "通知标题合同" }),
      {},
      "zh-CN",
    );
    expect(res.statusCode, res.body).toBe(200);
    const { instanceId } = res.json().data as { instanceId: string };
    const rows = await t.database.db
      .select({ params: notifications.params })
      .from(notifications)
      .where(eq(notifications.entityId, instanceId));
    expect(rows.length).toBeGreaterThan(0);
    for (const { params } of rows) {
      expect(params).toMatchObject({
        title: "合同审批：通知标题合同",
        "title@en": "Contract approval: 通知标题合同",
      });
    }
  });

  it("the public submit body cannot set the title's parts (the schema refuses the field)", async () => {
    const flows = (await api.get("lawyer", "/api/workflow/startable")).json().data as {
      id: string;
      kind: string;
    }[];
    const general = flows.find((f) => f.kind === "general");
    expect(general).toBeDefined();
    const res = await api.post("lawyer", "/api/workflow/instances", {
      definitionId: general?.id,
      form: { title: "x" },
      titleI18n: { key: "errors.notFound", params: {} },
    });
    expect([400, 422]).toContain(res.statusCode);
  });

  it("the migration recovers the parts of titles stored before it, and leaves other titles as they are", async () => {
    const file = readFileSync("src/server/db/migrations/0020_workflow_title_i18n.sql", "utf8");
    const updates = file
      .split("--> statement-breakpoint")
      .map((s) => s.replace(/^--.*$/gm, "").trim())
      .filter((s) => s.startsWith("UPDATE"));
    expect(updates.length).toBe(7);
    const db = t.database.db;
    const rows = await db
      .select({ id: workflowInstances.id, kind: workflowInstances.kind })
      .from(workflowInstances)
      .limit(4);
    const [a, b, c, d] = rows;
    const set = (id: string, kind: string, title: string, businessRef = "") =>
      db
        .update(workflowInstances)
        .set({ kind, title, titleI18n: null, businessRef })
        .where(eq(workflowInstances.id, id));
    await set(a.id, "seal", "用印申请 YY2026-0007：合同专用章");
    await set(b.id, "case-change", "Case change: MD2026-0003 王某诉李某");
    await set(c.id, "contract-cancel", "合同作废：顾问合同（HT2026-0001）");
    await set(d.id, "case", "随便写的标题");
    for (let run = 0; run < 2; run += 1)
      for (const statement of updates) await db.execute(sql.raw(statement));
    const parts = async (id: string) =>
      (
        await db
          .select({ p: workflowInstances.titleI18n })
          .from(workflowInstances)
          .where(eq(workflowInstances.id, id))
      )[0].p;
    expect(await parts(a.id)).toEqual({
      key: "seals.approval.title",
      params: { no: "YY2026-0007", seal: "合同专用章" },
    });
    expect(await parts(b.id)).toEqual({
      key: "cases.approval.changeTitle",
      params: { caseNo: "MD2026-0003", name: "王某诉李某" },
    });
    expect(await parts(c.id)).toEqual({
      key: "contracts.approval.voidTitle",
      params: { name: "顾问合同", no: "HT2026-0001" },
    });
    expect(await parts(d.id)).toBeNull();
  });
});

/** A case's timeline: one sentence per event, from the case and the records made on it. */
describe("a case's timeline", () => {
  const suite = contractsSuite();
  let t: TestApp;
  let api: ReturnType<typeof contractsApi>;
  let caseId: string;
  let timeline: (lang: "en" | "zh-CN") => Promise<Entry[]>;
  beforeAll(async () => {
    ({ t, api } = suite);
    caseId = (
      await api.open("lawyer", { name: "时间线案件", leadPartnerId: await api.userId("partner") })
    ).id;
    timeline = async (lang) => {
      const res = await api.get("lawyer", `/api/cases/${caseId}/history`, lang);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Entry[];
    };
  });

  it("tells the creation as one sentence with its approval, and no internal keys anywhere", async () => {
    const entries = await timeline("en");
    const created = entries.find((e) => e.event === "created");
    expect(created).toMatchObject({
      params: { name: "时间线案件", approval: "New case: 时间线案件" },
      userId: await api.userId("lawyer"),
    });
    expect(created?.link).toMatch(/^\/case\/workflow\/[0-9a-f-]{36}$/);
    expect(created?.fields).toBeUndefined();
    const zh = (await timeline("zh-CN")).find((e) => e.event === "created");
    expect(zh?.params?.approval).toBe("立案审批：时间线案件");
    // Every entry is a sentence; changed fields are labels, never keys such as folderId.
    expect(entries.every((e) => typeof e.event === "string")).toBe(true);
    const internal = [
      "id",
      "folderId",
      "version",
      "pendingChanges",
      "pendingApprovalId",
      "updatedAt",
      "createdAt",
      "terminatedAt",
    ];
    for (const e of entries) for (const f of e.fields ?? []) expect(internal).not.toContain(f);
  });

  it("a change names its fields by their labels in the reader's language", async () => {
    const kase = (await api.get("lawyer", `/api/cases/${caseId}`)).json().data;
    const res = await api.patch("lawyer", `/api/cases/${caseId}`, {
      ...kase,
      description: "补充说明",
    });
    expect(res.statusCode, res.body).toBe(200);
    const en = (await timeline("en")).find((e) => e.event === "changed");
    expect(en?.fields).toEqual(["Case summary"]);
    expect((await timeline("zh-CN")).find((e) => e.event === "changed")?.fields).toEqual([
      "案情简介",
    ]);
  });

  it("holds key dates and their sign-off, contracts made and signed, seal requests and documents", async () => {
    const kd = await api.post("lawyer", `/api/cases/${caseId}/key-dates`, {
      deadlineType: "hearing",
      source: "manual",
      dueDate: "2027-03-01",
      title: "第一次开庭",
    });
    expect(kd.statusCode, kd.body).toBe(200);
    const confirmed = await api.post("partner", `/api/key-dates/${kd.json().data.id}/confirm`, {
      version: kd.json().data.version,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const contract = await api.contract(caseId, { name: "时间线委托合同" });
    const signed = await api.post("lawyer", `/api/contracts/${contract.id}/transition`, {
      to: "signed",
      version: contract.version,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const [kase] = await t.database.db
      .select({ folderId: casesTable.folderId })
      .from(casesTable)
      .where(eq(casesTable.id, caseId));
    const [doc] = await api.files("lawyer", ["法院传票.pdf"], kase.folderId ?? undefined);
    const sealId = await api.sealId("lawyer", "official");
    const seal = await api.post(
      "lawyer",
      "/api/seal-request-submissions",
      {
        values: {
          documentType: "lawyer-letter",
          caseId,
          recipients: [{ name: "北京某某贸易有限公司", copies: 1 }],
          files: [{ fileId: doc, copies: 1 }],
          sealId,
          reason: "催告履行合同义务",
          reviewed: true,
          mode: "office",
        },
      },
      "zh-CN",
    );
    expect(seal.statusCode, seal.body).toBe(200);
    const sealApproval = (
      await api.get("lawyer", `/api/workflow/instances/${seal.json().data.instanceId}`, "en")
    ).json().data;
    expect(sealApproval.title).toMatch(/^Seal request YY\d+: /);

    const entries = await timeline("en");
    expect(entries.find((e) => e.event === "keyDateAdded")).toMatchObject({
      params: { title: "第一次开庭", date: "2027-03-01" },
    });
    expect(entries.find((e) => e.event === "keyDateSignedOff")).toMatchObject({
      userId: await api.userId("partner"),
    });
    expect(entries.find((e) => e.event === "contractCreated")).toMatchObject({
      params: { name: "时间线委托合同", contractNo: contract.contractNo },
      link: `/contract/detail/${contract.id}`,
    });
    expect(entries.find((e) => e.event === "contractSigned")).toMatchObject({
      userId: await api.userId("lawyer"),
      params: { contractNo: contract.contractNo },
    });
    expect(entries.find((e) => e.event === "sealRequested")?.params).toMatchObject({
      status: "pending",
    });
    expect(entries.find((e) => e.event === "sealRequested")?.link).toMatch(/^\/seal\/workflow\//);
    expect(
      entries.some(
        (e) =>
          (e.event === "documentAdded" || e.event === "documentReceived") &&
          String(e.params?.name).startsWith("法院传票"),
      ),
    ).toBe(true);
    // Newest first.
    const times = entries.map((e) =>
      new Date((e as unknown as { createdAt: string }).createdAt).getTime(),
    );
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it("says when a key date was done, one sentence each time, in both languages", async () => {
    const kd = await api.post("lawyer", `/api/cases/${caseId}/key-dates`, {
      deadlineType: "evidence",
      source: "manual",
      dueDate: "2027-04-01",
      title: "举证期限届满",
    });
    expect(kd.statusCode, kd.body).toBe(200);
    const status = async (to: string, version: number) => {
      const res = await api.post("lawyer", `/api/key-dates/${kd.json().data.id}/status`, {
        status: to,
        version,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.version as number;
    };
    expect((await timeline("en")).filter((e) => e.event === "keyDateDone")).toEqual([]);
    // Done, reopened, done again: two sentences, each by its author at its moment.
    await status("done", await status("open", await status("done", kd.json().data.version)));
    const done = (await timeline("en")).filter((e) => e.event === "keyDateDone");
    expect(done).toHaveLength(2);
    for (const e of done)
      expect(e).toMatchObject({
        userId: await api.userId("lawyer"),
        params: { title: "举证期限届满", date: "2027-04-01" },
        link: `/case/detail/${caseId}?tab=key-dates`,
      });
    expect(new Set(done.map((e) => e.id)).size).toBe(2);
    expect((await timeline("zh-CN")).filter((e) => e.event === "keyDateDone")).toHaveLength(2);
    // The sentence exists in both languages.
    const en = translatorFor("en")("cases.timelineEvents.keyDateDone", {
      user: "A",
      title: "T",
      date: "2027-04-01",
    });
    const zh = translatorFor("zh-CN")("cases.timelineEvents.keyDateDone", {
      user: "甲",
      title: "T",
      date: "2027-04-01",
    });
    expect(en).toBe("A marked the key date “<link>T</link>” (2027-04-01) as done");
    expect(zh).toBe("甲 将关键日期「<link>T</link>」（2027-04-01）标记为已完成");
  });

  it("answers 404 to another firm and to hostile ids, and changes nothing", async () => {
    expect((await api.get("lawyer2", `/api/cases/${caseId}/history`)).statusCode).toBe(404);
    for (const id of [
      "%00",
      "__proto__",
      encodeURIComponent(JSON.stringify({ a: { b: { c: { d: [[[[1]]]] } } } })),
    ]) {
      const res = await api.get("lawyer", `/api/cases/${id}/history`);
      expect([400, 404]).toContain(res.statusCode);
      expect(res.json().msg).toBeTruthy();
    }
    const before = (await timeline("en")).length;
    expect((await timeline("en")).length).toBe(before);
  });
});
