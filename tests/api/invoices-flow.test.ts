import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  auditLogs,
  caseBills,
  cases,
  dictionaryItems,
  dictionaryTypes,
  feeShareLines,
  invoicePayments,
  workflowDefinitions,
  workflowDefinitionVersions,
  workflowInstances,
} from "../../src/server/db/tables";
import { provisionInvoicing } from "../../src/server/features/invoices/defaults";
import type { TestApp } from "../fixtures/app";
import { contractsSuite } from "../fixtures/contracts";
import { invoicesApi, today } from "./invoices-fixture";

/** What the payment's share lines hold for tax, summed over every line and correction. */
const taxOf = async (t: TestApp, paymentId: string) => {
  const [row] = await t.database.db
    .select({ total: sql<string>`coalesce(sum(${feeShareLines.amount}), 0)::text` })
    .from(feeShareLines)
    .where(and(eq(feeShareLines.paymentId, paymentId), eq(feeShareLines.kind, "tax")));
  return Number(row.total).toFixed(2);
};

/**
 * An invoice from its request to its red reversal: the "invoice" approval, finance issuing it,
 * a payment matched in part (its fee shares take the invoice's tax), and the reversal taking
 * the match and the tax back; voiding in the month of issue; a rejected request freeing its bill.
 */
describe("invoices end to end", () => {
  const suite = contractsSuite();
  let t: TestApp;
  let api: ReturnType<typeof invoicesApi>;
  let money: Awaited<ReturnType<ReturnType<typeof invoicesApi>["caseWithMoney"]>>;
  beforeAll(async () => {
    t = suite.t;
    api = invoicesApi(t);
    await api.grant("lawyer", ["read", "create"]);
    await api.grant("finance", ["read", "create", "update", "export"]);
    // Finance uploads the invoice files (the finance role template cannot upload yet).
    await api.grant("finance", ["read", "create"], undefined, "LAWFIRM_DOCUMENT_VIEW");
    money = await api.caseWithMoney();
  });

  it("a request from a bill is approved by the seeded approvers, issued, matched in part and red-reversed", async () => {
    const res = await api.request("lawyer", api.body(money.kase.id, { billId: money.billId }));
    expect(res.statusCode, res.body).toBe(200);
    const { invoiceId, instanceId } = res.json().data;
    const row = await api.row(invoiceId);
    expect(row).toMatchObject({
      status: "pending",
      amount: "10600.00",
      taxRate: "6.00",
      taxAmount: "600.00",
      billId: money.billId,
      approvalId: instanceId,
    });
    expect(row.requestNo).toMatch(/^FP\d{4}\d{5}$/);
    // The buyer defaults to the client.
    const client = (await api.get("lawyer", `/api/accounts/${String(money.kase.accountId)}`)).json()
      .data;
    expect(row.buyerTitle).toBe(client.name);
    // The approval names the request, in each reader's language, with the amount as money.
    const [instance] = await t.database.db
      .select()
      .from(workflowInstances)
      .where(eq(workflowInstances.id, instanceId));
    expect(instance).toMatchObject({ kind: "invoice", businessRef: `invoices:${invoiceId}` });
    expect(instance.form).toMatchObject({
      requestNo: row.requestNo,
      caseRef: `${money.kase.caseNo} ${String(money.kase.name)}`,
      buyerTitle: client.name,
      invoiceType: "vatNormal",
      amount: "10600.00",
      taxRate: "6.00",
    });
    const en = await api.wf.detail("lawyer", instanceId, "en");
    expect(en.json().data.title).toBe(
      `Invoice request ${row.requestNo}: ¥10,600.00 ${client.name}`,
    );
    const zh = await api.wf.detail("lawyer", instanceId, "zh-CN");
    expect(zh.json().data.title).toBe(`开票申请 ${row.requestNo}：¥10,600.00 ${client.name}`);
    // Whoever holds a step reads the request through the approval, without invoice rights.
    const [holder] = await api.holders(instanceId);
    const seen = await api.get(holder.username, `/api/invoice-requests/${instanceId}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toMatchObject({
      id: invoiceId,
      caseNo: money.kase.caseNo,
      status: "pending",
      approvalStatus: "running",
    });
    // Finance cannot issue before the approval ends.
    expect((await api.issue(invoiceId, "26440000000000000001")).statusCode).toBe(409);
    await api.acceptAll(instanceId);
    expect((await api.row(invoiceId)).status).toBe("approved");

    // Finance records it issued; a lawyer may not.
    const [fileId] = await api.files("finance", ["发票.pdf"]);
    const issue = {
      invoiceNo: "26440000000000000001",
      issuedOn: today(),
      invoiceFileIds: [fileId],
    };
    expect((await api.post("lawyer", `/api/invoices/${invoiceId}/issue`, issue)).statusCode).toBe(
      403,
    );
    const issued = await api.post("finance", `/api/invoices/${invoiceId}/issue`, issue);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data).toMatchObject({
      status: "issued",
      invoiceNo: issue.invoiceNo,
      issuedOn: today(),
    });
    expect((await api.del("admin", `/api/documents/files/${fileId}`)).statusCode).toBe(409);
    const [bill] = await t.database.db
      .select()
      .from(caseBills)
      .where(eq(caseBills.id, money.billId));
    expect(bill.invoiceStatus).toBe("partial");

    // A payment matched in part: the payment's fee shares take half the invoice's tax.
    const taxBefore = await taxOf(t, money.paymentId);
    const over = await api.post(
      "finance",
      `/api/invoices/${invoiceId}/matches`,
      { paymentId: money.paymentId, amount: "10600.01" },
      "zh-CN",
    );
    expect(over.statusCode).toBe(422);
    expect(over.json().msg).toBe("超过发票尚未核销的金额（还可核销 ¥10,600.00）");
    const matched = await api.post("finance", `/api/invoices/${invoiceId}/matches`, {
      paymentId: money.paymentId,
      amount: "5300.00",
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json().data).toEqual([
      {
        invoiceId,
        paymentId: money.paymentId,
        amount: "5300.00",
        paidOn: today(),
        paymentAmount: "15000.00",
      },
    ]);
    expect(await taxOf(t, money.paymentId)).toBe("300.00");
    expect(taxBefore).toBe("0.00");
    const invoicing = (await api.get("lawyer", `/api/cases/${money.kase.id}/invoicing`)).json()
      .data;
    expect(invoicing).toMatchObject({
      billed: "20000.00",
      received: "15000.00",
      invoiced: "10600.00",
      invoicedNotReceived: "5300.00",
      receivedNotInvoiced: "9700.00",
    });
    // A matched payment is not deleted behind the invoice's back.
    expect((await api.del("admin", `/api/case-payments/${money.paymentId}`)).statusCode).toBe(409);

    // Red reversal: the match and its tax go; the bill is no longer invoiced.
    const reversed = await api.post("finance", `/api/invoices/${invoiceId}/reverse`, {
      reason: "购买方名称有误",
      on: today(),
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().data).toMatchObject({
      status: "reversed",
      cancelReason: "购买方名称有误",
      matches: [],
    });
    expect(await taxOf(t, money.paymentId)).toBe("0.00");
    const lines = await t.database.db
      .select()
      .from(feeShareLines)
      .where(
        and(eq(feeShareLines.paymentId, money.paymentId), eq(feeShareLines.reason, "invoice")),
      );
    expect(lines.length).toBeGreaterThan(0);
    expect(
      await t.database.db
        .select()
        .from(invoicePayments)
        .where(eq(invoicePayments.invoiceId, invoiceId)),
    ).toEqual([]);
    const [after] = await t.database.db
      .select()
      .from(caseBills)
      .where(eq(caseBills.id, money.billId));
    expect(after.invoiceStatus).toBe("none");
    const again = await api.post(
      "finance",
      `/api/invoices/${invoiceId}/reverse`,
      { reason: "x", on: today() },
      "en",
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe("The invoice is Red-reversed: this cannot be done now");
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, invoiceId));
    expect(audits.map((a) => `${a.entity}:${a.action}`)).toEqual(
      expect.arrayContaining([
        "invoices:create",
        "invoices:update",
        "invoice_payments:create",
        "invoice_payments:delete",
      ]),
    );
  });

  it("a request made from a payment is matched to it when issued; voided in the month of issue", async () => {
    const { invoiceId } = await api.approved(
      "lawyer",
      api.body(money.kase.id, {
        paymentId: money.paymentId,
        amount: "3180.00",
        items: [{ name: "律师费", amount: "3180.00" }],
      }),
    );
    const issued = await api.issue(invoiceId, "26440000000000000002");
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data.matches).toMatchObject([
      { paymentId: money.paymentId, amount: "3180.00" },
    ]);
    expect(await taxOf(t, money.paymentId)).toBe("180.00");
    // The same number again is refused.
    const second = await api.approved("lawyer", api.body(money.kase.id, { billId: money.billId }));
    const dup = await api.issue(second.invoiceId, "26440000000000000002");
    expect(dup.statusCode).toBe(409);
    const voided = await api.post("finance", `/api/invoices/${invoiceId}/void`, {
      reason: "开错",
      on: today(),
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({ status: "voided", matches: [] });
    expect(await taxOf(t, money.paymentId)).toBe("0.00");
    // An approved request not yet issued can be voided too.
    const unissued = await api.post("finance", `/api/invoices/${second.invoiceId}/void`, {
      reason: "不再需要",
      on: today(),
    });
    expect(unissued.json().data.status).toBe("voided");
  });

  it("an invoice issued in an earlier month is red-reversed, not voided", async () => {
    const { invoiceId } = await api.approved(
      "lawyer",
      api.body(money.kase.id, { billId: money.billId }),
    );
    expect(
      (await api.issue(invoiceId, "26440000000000000003", { issuedOn: "2025-01-15" })).statusCode,
    ).toBe(200);
    const res = await api.post(
      "finance",
      `/api/invoices/${invoiceId}/void`,
      { reason: "开错", on: today() },
      "en",
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(
      "An invoice can be voided only in the month it was issued (2025-01); red-reverse it instead",
    );
    const early = await api.post("finance", `/api/invoices/${invoiceId}/reverse`, {
      reason: "开错",
      on: "2025-01-14",
    });
    expect(early.statusCode).toBe(422);
    expect(
      (
        await api.post("finance", `/api/invoices/${invoiceId}/reverse`, {
          reason: "开错",
          on: today(),
        })
      ).statusCode,
    ).toBe(200);
  });

  it("a rejected or withdrawn request frees what it asked of the bill", async () => {
    const full = api.body(money.kase.id, {
      billId: money.billId,
      amount: "20000.00",
      items: [{ name: "律师费", amount: "20000.00" }],
    });
    const first = (await api.request("lawyer", full)).json().data;
    const blocked = await api.request("lawyer", full, "en");
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().msg).toBe("More than the bill has left to invoice (¥0.00 left)");
    await api.wf.act("lawyer", first.instanceId, { type: "cancel" });
    expect((await api.row(first.invoiceId)).status).toBe("rejected");
    const second = (await api.request("lawyer", full)).json().data;
    const [task] = await api.holders(second.instanceId);
    const rejected = await api.wf.act(task.username, second.instanceId, {
      type: "reject",
      taskId: await api.wf.myTask(task.username, second.instanceId),
      comment: "金额不对",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await api.row(second.invoiceId)).status).toBe("rejected");
    expect((await api.request("lawyer", full)).statusCode).toBe(200);
  });

  it("the generic routes list, show and export invoices but never write them", async () => {
    const list = await api.get("finance", `/api/invoices?caseId=${money.kase.id}&_end=50`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as { id: string; status: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const issuedOnly = await api.get(
      "finance",
      `/api/invoices?caseId=${money.kase.id}&status=reversed`,
    );
    expect(
      (issuedOnly.json().data as { status: string }[]).every((r) => r.status === "reversed"),
    ).toBe(true);
    const detail = await api.get("finance", `/api/invoices/${rows[0].id}`);
    expect(detail.json().data).toMatchObject({
      caseNo: money.kase.caseNo,
      matches: expect.any(Array),
    });
    expect((await api.get("finance", "/api/invoices/export")).statusCode).toBe(200);
    expect((await api.post("admin", "/api/invoices", api.body(money.kase.id))).statusCode).toBe(
      409,
    );
    expect(
      (await api.patch("admin", `/api/invoices/${rows[0].id}`, { remark: "x", version: 1 }))
        .statusCode,
    ).toBe(409);
    expect((await api.del("admin", `/api/invoices/${rows[0].id}`)).statusCode).toBe(409);
  });

  it("a firm older than invoicing gets the tax rates and the invoice approval at start-up, once", async () => {
    const db = t.database.db;
    const firmB = await api.firm("Zhengheng Law Firm");
    const flows = await db
      .select()
      .from(workflowDefinitions)
      .where(
        and(eq(workflowDefinitions.workspaceId, firmB), eq(workflowDefinitions.kind, "invoice")),
      );
    expect(flows).toHaveLength(1);
    await db
      .delete(workflowDefinitionVersions)
      .where(eq(workflowDefinitionVersions.definitionId, flows[0].id));
    await db.delete(workflowDefinitions).where(eq(workflowDefinitions.id, flows[0].id));
    await db
      .delete(dictionaryTypes)
      .where(
        and(eq(dictionaryTypes.workspaceId, firmB), eq(dictionaryTypes.code, "invoice-tax-rates")),
      );
    await provisionInvoicing(db);
    await provisionInvoicing(db);
    const made = await db
      .select()
      .from(workflowDefinitions)
      .where(
        and(eq(workflowDefinitions.workspaceId, firmB), eq(workflowDefinitions.kind, "invoice")),
      );
    expect(made).toHaveLength(1);
    const [flow] = made;
    expect(flow).toMatchObject({ isEnabled: true, key: "invoice" });
    expect(flow.currentVersionId).toBeTruthy();
    const codes = await db
      .select({ code: dictionaryItems.code })
      .from(dictionaryItems)
      .innerJoin(dictionaryTypes, eq(dictionaryTypes.id, dictionaryItems.typeId))
      .where(
        and(eq(dictionaryTypes.workspaceId, firmB), eq(dictionaryTypes.code, "invoice-tax-rates")),
      );
    expect(codes.map((c) => c.code).sort()).toEqual(["0.00", "1.00", "3.00", "6.00"]);
    // The flow it made starts: admin2 requests an invoice on one of the firm's cases.
    const [kase] = await db.select().from(cases).where(eq(cases.workspaceId, firmB)).limit(1);
    const res = await api.request("admin2", api.body(kase.id));
    expect(res.statusCode, res.body).toBe(200);
  });
});
