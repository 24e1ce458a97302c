import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { casePayments, invoices, workflowInstances } from "../../src/server/db/tables";
import { OWN_CONDITIONS } from "../../src/shared/permission-scopes";
import type { TestApp } from "../fixtures/app";
import { contractsSuite } from "../fixtures/contracts";
import { PNG_BODY, upload } from "../fixtures/documents";
import { invoicesApi, today } from "./invoices-fixture";

/**
 * What invoice routes refuse: bad money, a tax rate the firm does not use, lines that do not add
 * up, impossible days, more than a bill has left, replays under one Idempotency-Key, another
 * firm's rows, rows outside an "only own" scope, and hostile JSON; each with a translated 4xx and
 * nothing written.
 */
describe("invoice input, replays and isolation", () => {
  const suite = contractsSuite();
  let t: TestApp;
  let api: ReturnType<typeof invoicesApi>;
  let money: Awaited<ReturnType<ReturnType<typeof invoicesApi>["caseWithMoney"]>>;
  beforeAll(async () => {
    t = suite.t;
    api = invoicesApi(t);
    await api.grant("lawyer", ["read", "create"]);
    await api.grant("finance", ["read", "create", "update", "export"]);
    await api.grant("finance", ["read", "create"], undefined, "LAWFIRM_DOCUMENT_VIEW");
    money = await api.caseWithMoney("lawyer", "20000.00", "15000.00");
  });

  it("bad money, rates, lines and sources are refused with a translated 4xx and nothing written", async () => {
    const other = await api.caseWithMoney("lawyer", "1000.00", "500.00");
    const before = await api.counts();
    const base = api.body(money.kase.id, { billId: money.billId });
    const cases: [string, Record<string, unknown>, string | undefined][] = [
      [
        "negative",
        { amount: "-100.00" },
        "The amount must be above 0 with at most two decimals, up to 999,999,999,999.99",
      ],
      ["zero", { amount: "0" }, undefined],
      ["not a number", { amount: "abc" }, undefined],
      ["exponent", { amount: "1e5" }, undefined],
      ["three decimals", { amount: "10600.001" }, undefined],
      ["a JSON number with three decimals", { amount: 10600.005 }, undefined],
      ["no items", { items: [] }, undefined],
      ["a negative item", { items: [{ name: "律师费", amount: "-1.00" }] }, undefined],
      [
        "items not summing",
        {
          items: [
            { name: "律师费", amount: "10000.00" },
            { name: "差旅费", amount: "500.00" },
          ],
        },
        "The items add up to ¥10,500.00, not the invoice amount of ¥10,600.00",
      ],
      [
        "a rate not in the dictionary",
        { taxRate: "13.00" },
        "The tax rate 13.00 is not one of the firm's invoice tax rates",
      ],
      ["a rate that is no number", { taxRate: "six" }, undefined],
      ["an unknown type", { invoiceType: "fapiao" }, undefined],
      [
        "a bad tax ID",
        { buyerTaxId: "12345" },
        "The taxpayer ID must be an 18-character unified social credit code",
      ],
      [
        "bill and payment",
        { paymentId: money.paymentId },
        "An invoice request is for one bill or one payment, not both",
      ],
      [
        "over-invoicing the bill",
        { amount: "20000.01", items: [{ name: "律师费", amount: "20000.01" }] },
        "More than the bill has left to invoice (¥20,000.00 left)",
      ],
      ["an unknown field", { discount: "10" }, undefined],
    ];
    for (const [name, change, msg] of cases) {
      const res = await api.request("lawyer", { ...base, ...change }, "en");
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(res.json().msg, name).toBeTruthy();
      if (msg) expect(res.json().msg, name).toBe(msg);
    }
    const zh = await api.request("lawyer", { ...base, taxRate: "13.00" }, "zh-CN");
    expect(zh.json()).toMatchObject({
      code: 422,
      msg: "税率 13.00 不在本所的发票税率字典中",
      data: { fields: [{ field: "taxRate", message: "税率 13.00 不在本所的发票税率字典中" }] },
    });
    // Another case's bill, or a payment of another case, is not this case's.
    expect((await api.request("lawyer", { ...base, billId: other.billId })).statusCode).toBe(404);
    expect(
      (await api.request("lawyer", { ...api.body(money.kase.id), paymentId: other.paymentId }))
        .statusCode,
    ).toBe(409);
    expect(await api.counts()).toEqual(before);
    // "6" is the dictionary's 6.00.
    const six = await api.request("lawyer", { ...base, taxRate: "6" });
    expect(six.statusCode, six.body).toBe(200);
    expect((await api.row(six.json().data.invoiceId)).taxRate).toBe("6.00");
  });

  it("finance's days and files: 2031-02-30, tomorrow, a picture, another firm's file", async () => {
    const { invoiceId } = await api.approved("lawyer", api.body(money.kase.id));
    const [pdf] = await api.files("finance", ["发票.pdf"]);
    const issue = (extra: Record<string, unknown>, lang: "en" | "zh-CN" = "en") =>
      api.post(
        "finance",
        `/api/invoices/${invoiceId}/issue`,
        { invoiceNo: "26440000000000000101", issuedOn: today(), invoiceFileIds: [pdf], ...extra },
        lang,
      );
    expect((await issue({ issuedOn: "2031-02-30" })).statusCode).toBe(422);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await issue({ issuedOn: tomorrow });
    expect(future.statusCode).toBe(422);
    expect(future.json().msg).toBe("The date cannot be after today");
    expect((await issue({ invoiceNo: "FP-1" })).statusCode).toBe(422);
    expect((await issue({ invoiceFileIds: [] })).statusCode).toBe(422);
    const png = await upload(t, "finance", [
      { field: "file", filename: "发票截图.png", body: PNG_BODY },
    ]);
    const picture = await issue({ invoiceFileIds: [png.json().data[0].id] }, "zh-CN");
    expect(picture.statusCode).toBe(422);
    expect(picture.json().msg).toBe("“发票截图.png”不是 PDF 或 OFD 发票文件");
    const [foreign] = await api.files("admin2", ["别所发票.pdf"]);
    expect((await issue({ invoiceFileIds: [foreign] })).statusCode).toBe(404);
    expect((await api.row(invoiceId)).status).toBe("approved");
    expect((await issue({})).statusCode).toBe(200);
    // Matching: bad amounts and more than the payment has left.
    const match = (amount: unknown) =>
      api.post(
        "finance",
        `/api/invoices/${invoiceId}/matches`,
        { paymentId: money.paymentId, amount },
        "en",
      );
    for (const bad of ["-5.00", "0", "x", 5.001])
      expect((await match(bad)).statusCode, String(bad)).toBe(422);
    expect((await match("10600.00")).statusCode).toBe(200);
    const second = await api.approved("lawyer", api.body(money.kase.id));
    expect((await api.issue(second.invoiceId, "26440000000000000102")).statusCode).toBe(200);
    const overPayment = await api.post(
      "finance",
      `/api/invoices/${second.invoiceId}/matches`,
      { paymentId: money.paymentId, amount: "5000.00" },
      "en",
    );
    expect(overPayment.statusCode).toBe(422);
    expect(overPayment.json().msg).toBe("More than the payment has left to match (¥4,400.00 left)");
    // A payment cannot be lowered below what is matched to it.
    const [payment] = await t.database.db
      .select()
      .from(casePayments)
      .where(eq(casePayments.id, money.paymentId));
    const lowered = await api.patch("lawyer", `/api/case-payments/${money.paymentId}`, {
      caseId: money.kase.id,
      paidOn: payment.paidOn,
      amount: "10000.00",
      version: payment.version,
    });
    expect(lowered.statusCode).toBe(409);
    expect(
      (await api.del("finance", `/api/invoices/${second.invoiceId}/matches/${money.paymentId}`))
        .statusCode,
    ).toBe(404);
  });

  it("two invoices issued with one number at the same time: one is issued, the other answers 409", async () => {
    const a = await api.approved("lawyer", api.body(money.kase.id));
    const b = await api.approved("lawyer", api.body(money.kase.id));
    const results = await Promise.all([
      api.issue(a.invoiceId, "26440000000000000777"),
      api.issue(b.invoiceId, "26440000000000000777"),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = [await api.row(a.invoiceId), await api.row(b.invoiceId)];
    expect(rows.filter((r) => r.status === "issued")).toHaveLength(1);
  });

  it("the same request twice under one Idempotency-Key files one approval", async () => {
    const body = api.body(money.kase.id);
    const key = randomUUID();
    const before = await api.counts();
    const post = async () =>
      t.app.inject({
        method: "POST",
        url: "/api/invoice-requests",
        headers: await t.as("lawyer", { lang: "en", "idempotency-key": key }),
        payload: body,
      });
    const results = await Promise.all([post(), post(), post()]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect((await post()).body).toBe(results[0].body);
    expect(await api.counts()).toEqual({
      invoices: before.invoices + 1,
      approvals: before.approvals + 1,
    });
    const other = await t.app.inject({
      method: "POST",
      url: "/api/invoice-requests",
      headers: await t.as("lawyer", { lang: "en", "idempotency-key": key }),
      payload: { ...body, amount: "1.00", items: [{ name: "律师费", amount: "1.00" }] },
    });
    expect(other.statusCode).toBe(422);
  });

  it("another firm's invoices, cases and approvals answer 404", async () => {
    const { invoiceId, instanceId } = await api.approved("lawyer", api.body(money.kase.id));
    const [fileB] = await api.files("admin2", ["发票.pdf"]);
    const probes: [string, string, unknown][] = [
      ["GET", `/api/invoices/${invoiceId}`, undefined],
      ["GET", `/api/invoices/${invoiceId}/matches`, undefined],
      ["GET", `/api/invoice-requests/${instanceId}`, undefined],
      ["GET", `/api/cases/${money.kase.id}/invoicing`, undefined],
      [
        "POST",
        `/api/invoices/${invoiceId}/issue`,
        { invoiceNo: "26440000000000000201", issuedOn: today(), invoiceFileIds: [fileB] },
      ],
      ["POST", `/api/invoices/${invoiceId}/void`, { reason: "x", on: today() }],
      ["POST", `/api/invoices/${invoiceId}/reverse`, { reason: "x", on: today() }],
      [
        "POST",
        `/api/invoices/${invoiceId}/matches`,
        { paymentId: money.paymentId, amount: "1.00" },
      ],
      ["DELETE", `/api/invoices/${invoiceId}/matches/${money.paymentId}`, undefined],
      ["POST", "/api/invoice-requests", api.body(money.kase.id)],
    ];
    const before = await api.counts();
    for (const [method, url, body] of probes) {
      const res = await api.call(method as "GET", "admin2", url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    expect(await api.counts()).toEqual(before);
    expect((await api.row(invoiceId)).status).toBe("approved");
    // Firm B's payment cannot be matched to firm A's invoice either.
    const [paymentB] = await t.database.db
      .select()
      .from(casePayments)
      .where(eq(casePayments.workspaceId, await api.firm("Zhengheng Law Firm")))
      .limit(1);
    expect((await api.issue(invoiceId, "26440000000000000202")).statusCode).toBe(200);
    expect(
      (
        await api.post("finance", `/api/invoices/${invoiceId}/matches`, {
          paymentId: paymentB.id,
          amount: "1.00",
        })
      ).statusCode,
    ).toBe(404);
  });

  it("an 'only own' invoice role sees the invoices of its own cases only", async () => {
    const { invoiceId } = await api.approved("lawyer", api.body(money.kase.id));
    await api.grant("intern", ["read"], undefined);
    await api.grant("intern", ["read"], undefined, "LAWFIRM_CASE_VIEW");
    const all = await api.get("intern", `/api/invoices?_end=200`);
    expect((all.json().data as { id: string }[]).map((r) => r.id)).toContain(invoiceId);
    await api.grant("intern", ["read"], OWN_CONDITIONS);
    const own = await api.get("intern", `/api/invoices?_end=200`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual([]);
    expect((await api.get("intern", `/api/invoices/${invoiceId}`)).statusCode).toBe(404);
    expect((await api.get("intern", `/api/invoices/${invoiceId}/matches`)).statusCode).toBe(404);
    // The lawyer leads the case: an own-scoped lawyer still sees it.
    await api.grant("lawyer", ["read", "create"], OWN_CONDITIONS);
    expect((await api.get("lawyer", `/api/invoices/${invoiceId}`)).statusCode).toBe(200);
    // A case the requester may not read is as good as missing.
    await api.grant("intern", ["read", "create"]);
    await api.grant("intern", ["read"], OWN_CONDITIONS, "LAWFIRM_CASE_VIEW");
    expect((await api.request("intern", api.body(money.kase.id))).statusCode).toBe(404);
  });

  it("hostile JSON (NUL, __proto__, deep nesting) never answers 5xx and writes nothing", async () => {
    const { invoiceId } = await api.approved("lawyer", api.body(money.kase.id));
    const before = await api.counts();
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i += 1) deep = { a: deep };
    const body = api.body(money.kase.id);
    const bodies: [string, string, unknown][] = [
      ["lawyer", "/api/invoice-requests", { ...body, buyerTitle: "a\u0000b" }],
      [
        "lawyer",
        "/api/invoice-requests",
        { ...body, items: [{ name: "律\u0000师费", amount: "10600.00" }] },
      ],
      [
        "lawyer",
        "/api/invoice-requests",
        JSON.parse(`{"__proto__": {"isAdmin": true}, ${JSON.stringify(body).slice(1)}`),
      ],
      [
        "lawyer",
        "/api/invoice-requests",
        JSON.parse(`{"constructor": {"prototype": {"x": 1}}, ${JSON.stringify(body).slice(1)}`),
      ],
      ["lawyer", "/api/invoice-requests", { ...body, items: deep }],
      ["lawyer", "/api/invoice-requests", deep],
      [
        "finance",
        `/api/invoices/${invoiceId}/issue`,
        { invoiceNo: "2644\u000000000000000000", issuedOn: today(), invoiceFileIds: [] },
      ],
      [
        "finance",
        `/api/invoices/${invoiceId}/issue`,
        JSON.parse(`{"__proto__": {"a": 1}, "invoiceNo": "26440000000000000301"}`),
      ],
      ["finance", `/api/invoices/${invoiceId}/void`, { reason: "a\u0000b", on: today() }],
      ["finance", `/api/invoices/${invoiceId}/reverse`, { reason: deep, on: today() }],
      [
        "finance",
        `/api/invoices/${invoiceId}/matches`,
        { paymentId: money.paymentId, amount: deep },
      ],
    ];
    for (const [who, url, payload] of bodies) {
      const res = await api.post(who, url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json()).toHaveProperty("code");
    }
    expect((await api.get("finance", "/api/invoices?_sort=__proto__")).statusCode).toBeLessThan(
      500,
    );
    expect(await api.counts()).toEqual(before);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row.status).toBe("approved");
    const [instance] = await t.database.db
      .select({ status: workflowInstances.status })
      .from(workflowInstances)
      .where(eq(workflowInstances.id, row.approvalId as string));
    expect(instance.status).toBe("approved");
  });
});
