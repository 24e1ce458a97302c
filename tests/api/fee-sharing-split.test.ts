import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { cases, invoicePayments, invoices } from "../../src/server/db/tables";
import { casesSuite } from "../fixtures/cases";
import { sharingApi } from "./fee-sharing-fixture";

/**
 * Every payment is split into share lines as it is recorded: tax, management fee, each member's
 * share and the firm's rounding, to the cent, by the allocation after the firm's rules.
 */
describe("fee sharing: the split of a payment", () => {
  const suite = casesSuite();
  let s: ReturnType<typeof sharingApi>;
  let firm = "";
  const id = { lawyer: "", partner: "", assistant: "" };
  beforeAll(async () => {
    s = sharingApi(suite.t, suite.api);
    firm = await s.firmId();
    for (const who of ["lawyer", "partner", "assistant"] as const)
      id[who] = await suite.api.userId(who);
  });

  /** Originator (not working on the case) 20, lead 50, co-counsel 30, as entered. */
  const threeWay = () => ({
    originatorId: id.partner,
    lines: [
      { memberId: id.partner, role: "originator", percent: "20" },
      { memberId: id.lawyer, role: "lead", percent: "50" },
      { memberId: id.assistant, role: "co-counsel", percent: "30" },
    ],
  });
  const member = (who: keyof typeof id, role: string, percent: string, amount: string) => ({
    kind: "member",
    memberId: id[who],
    role,
    percent,
    amount,
  });
  const firmLine = (kind: string, amount: string, percent: string | null = null) => ({
    kind,
    memberId: null,
    role: null,
    percent,
    amount,
  });
  const shape = (lines: Awaited<ReturnType<typeof s.lines>>) =>
    lines.map(({ kind, memberId, role, percent, amount }) => ({
      kind,
      memberId,
      role,
      percent,
      amount,
    }));
  const sortLines = <T extends { kind: string; memberId: string | null }>(lines: T[]) =>
    [...lines].sort((a, b) =>
      `${a.kind}${a.memberId ?? ""}`.localeCompare(`${b.kind}${b.memberId ?? ""}`),
    );

  it("with no allocation entered, the lead lawyer takes the whole distributable amount", async () => {
    const kase = await s.open({ accountId: await s.client("无分配客户") });
    const pay = await s.pay(kase.id, "2026-11-02", "10000.00");
    const lines = await s.lines(pay.id);
    expect(sortLines(shape(lines))).toEqual(
      sortLines([
        firmLine("management", "1000.00", "10.00"),
        member("lawyer", "lead", "100.00", "9000.00"),
      ]),
    );
    expect(lines.every((l) => l.period === "2026-11" && l.reason === "payment")).toBe(true);
  });

  it("a deleted case takes its payments with it: their lines come to nothing", async () => {
    const kase = await s.open({ accountId: await s.client("删除案件客户") });
    const pay = await s.pay(kase.id, "2026-11-02", "800.00");
    const res = await suite.api.del("admin", `/api/cases/${kase.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await s.net(pay.id)).toEqual({
      "firm:management": "0.00",
      [`member:${id.lawyer}`]: "0.00",
    });
  });

  it("every fee arrangement is split the same way: originator 35% by rule, workers rescaled, rounding to the firm", async () => {
    const kinds: Record<string, Record<string, unknown>> = {
      fixed: { feeType: "fixed", feeFixed: "30000" },
      hourly: { feeType: "hourly", feeFixed: undefined },
      contingency: {
        feeType: "contingency",
        feeFixed: undefined,
        feePercent: "20",
        recoveredAmount: "500000",
      },
      "semi-contingency": { feeType: "semi-contingency", feeFixed: "10000", feePercent: "10" },
      hybrid: { feeType: "hybrid", feeFixed: "10000", feePercent: "12.5" },
      free: { feeType: "free", feeFixed: undefined },
    };
    for (const [kind, fees] of Object.entries(kinds)) {
      const kase = await s.open({
        ...fees,
        accountId: await s.client(`收费方式客户-${kind}`),
        feeAllocation: threeWay(),
      });
      const pay = await s.pay(kase.id, "2026-11-03", "12345.67");
      // 12345.67: management 10% = 1234.567 → 1234.57; distributable 11111.10. Originator 35%
      // (the rule, not the 20 entered) = 3888.885 → 3888.88; the workers' 50:30 fill 65.00 →
      // 40.63 (the tie's hundredth goes to the first) and 24.37: 4514.43 and 2707.77; the cuts
      // leave 0.02 for the firm's rounding line. 1234.57 + 3888.88 + 4514.43 + 2707.77 + 0.02.
      expect(sortLines(shape(await s.lines(pay.id))), kind).toEqual(
        sortLines([
          firmLine("management", "1234.57", "10.00"),
          member("partner", "originator", "35.00", "3888.88"),
          member("lawyer", "lead", "40.63", "4514.43"),
          member("assistant", "co-counsel", "24.37", "2707.77"),
          firmLine("rounding", "0.02"),
        ]),
      );
    }
  });

  it("repeat business within two years lowers the originator's share 10 points a matter, never below 15%", async () => {
    const client = await s.client("回头客户");
    const ago = async (caseId: string, months: number) =>
      suite.t.database.db
        .update(cases)
        .set({ createdAt: sql`now() - make_interval(months => ${months})` })
        .where(eq(cases.id, caseId));
    const earlier = await s.open({ accountId: client, name: "回头客户案一" });
    await ago(earlier.id, 13);
    const tooOld = await s.open({ accountId: client, name: "回头客户案二" });
    await ago(tooOld.id, 30);
    // An appeal continues the first matter: it is the same business, not a repeat.
    const appeal = await s.open({ accountId: client, name: "回头客户案一二审" });
    await suite.t.database.db
      .update(cases)
      .set({ parentCaseId: earlier.id, createdAt: sql`now() - make_interval(months => 12)` })
      .where(eq(cases.id, appeal.id));

    const once = await s.open({ accountId: client, feeAllocation: threeWay() });
    const first = await s.pay(once.id, "2026-11-04", "10000.00");
    // One repeat: 35 − 10 = 25; the workers fill 75: 46.88 and 28.12. Distributable 9000.00.
    expect(sortLines(shape(await s.lines(first.id)))).toEqual(
      sortLines([
        firmLine("management", "1000.00", "10.00"),
        member("partner", "originator", "25.00", "2250.00"),
        member("lawyer", "lead", "46.88", "4219.20"),
        member("assistant", "co-counsel", "28.12", "2530.80"),
      ]),
    );
    // The case just opened is now an earlier matter too (created before the next one).
    await ago(once.id, 6);
    const twice = await s.open({ accountId: client, feeAllocation: threeWay() });
    const second = await s.pay(twice.id, "2026-11-04", "10000.00");
    // Two repeats: 35 − 20 = 15, the floor; the workers fill 85: 53.13 and 31.87.
    expect(sortLines(shape(await s.lines(second.id)))).toEqual(
      sortLines([
        firmLine("management", "1000.00", "10.00"),
        member("partner", "originator", "15.00", "1350.00"),
        member("lawyer", "lead", "53.13", "4781.70"),
        member("assistant", "co-counsel", "31.87", "2868.30"),
      ]),
    );
    await ago(twice.id, 3);
    const thrice = await s.open({ accountId: client, feeAllocation: threeWay() });
    const third = await s.pay(thrice.id, "2026-11-04", "10000.00");
    // Three repeats would be 5%: the floor holds it at 15%.
    expect((await s.lines(third.id)).find((l) => l.role === "originator")).toMatchObject({
      percent: "15.00",
      amount: "1350.00",
    });
  });

  it("an originator who works on the case keeps the allocation as entered", async () => {
    const kase = await s.open({
      accountId: await s.client("案源自办客户"),
      feeAllocation: {
        originatorId: id.lawyer,
        lines: [
          { memberId: id.lawyer, role: "lead", percent: "70" },
          { memberId: id.assistant, role: "co-counsel", percent: "30" },
        ],
      },
    });
    const pay = await s.pay(kase.id, "2026-11-05", "1000.00");
    expect(sortLines(shape(await s.lines(pay.id)))).toEqual(
      sortLines([
        firmLine("management", "100.00", "10.00"),
        member("lawyer", "lead", "70.00", "630.00"),
        member("assistant", "co-counsel", "30.00", "270.00"),
      ]),
    );
  });

  it("the case's management-fee override replaces the firm's percentage", async () => {
    const kase = await s.open({
      accountId: await s.client("管理费优惠客户"),
      managementFeePercent: "5.5",
    });
    const pay = await s.pay(kase.id, "2026-11-06", "3333.33");
    // 3333.33 × 5.5% = 183.33315 → 183.33; the lead takes 3150.00.
    expect(sortLines(shape(await s.lines(pay.id)))).toEqual(
      sortLines([
        firmLine("management", "183.33", "5.50"),
        member("lawyer", "lead", "100.00", "3150.00"),
      ]),
    );
  });

  it("invoice tax comes off first when the firm deducts it; a red reversal gives it back; the firm's base and percentage apply", async () => {
    const kase = await s.open({ accountId: await s.client("开票客户") });
    const pay = await s.pay(kase.id, "2026-11-07", "10600.00");
    const [invoice] = await suite.t.database.db
      .insert(invoices)
      .values({
        workspaceId: firm,
        requestNo: `FP-TEST-${Date.now()}`,
        caseId: kase.id,
        accountId: String(kase.accountId),
        invoiceType: "vatSpecial",
        buyerTitle: "开票客户",
        amount: "10600.00",
        taxRate: "6.00",
        taxAmount: "600.00",
        status: "issued",
        invoiceNo: `NO-${Date.now()}`,
        issuedOn: "2026-11-07",
      })
      .returning();
    // Half of the invoice matched: half of its tax (300.00) rides on the payment.
    await suite.t.database.db.insert(invoicePayments).values({
      workspaceId: firm,
      invoiceId: invoice.id,
      paymentId: pay.id,
      amount: "5300.00",
    });
    const edit = async (payer: string) => {
      const current = (await suite.api.get("lawyer", `/api/case-payments/${pay.id}`)).json().data;
      const res = await suite.api.patch("lawyer", `/api/case-payments/${pay.id}`, {
        ...current,
        payer,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await edit("开票客户财务");
    // 10600.00 − 300.00 tax = 10300.00; management 10% = 1030.00; the lead 9270.00.
    expect(await s.net(pay.id)).toEqual({
      "firm:tax": "300.00",
      "firm:management": "1030.00",
      [`member:${id.lawyer}`]: "9270.00",
    });
    // The firm charges 12.5% of the whole payment and keeps no rules.
    await s.setFees(firm, {
      managementFeePercent: "12.50",
      managementFeeBase: "payment",
      deductInvoiceTax: true,
      rules: [],
    });
    try {
      await edit("开票客户出纳");
      // 12.5% × 10600.00 = 1325.00; 10600.00 − 300.00 − 1325.00 = 8975.00.
      expect(await s.net(pay.id)).toEqual({
        "firm:tax": "300.00",
        "firm:management": "1325.00",
        [`member:${id.lawyer}`]: "8975.00",
      });
      // Red-reversed: no tax rides on the payment any more.
      await suite.t.database.db
        .update(invoices)
        .set({ status: "reversed" })
        .where(eq(invoices.id, invoice.id));
      await edit("开票客户");
      expect(await s.net(pay.id)).toEqual({
        "firm:tax": "0.00",
        "firm:management": "1325.00",
        [`member:${id.lawyer}`]: "9275.00",
      });
      // Not deducting tax at all: the same payment with its invoice issued again.
      await suite.t.database.db
        .update(invoices)
        .set({ status: "issued" })
        .where(eq(invoices.id, invoice.id));
      await s.setFees(firm, {
        managementFeePercent: "12.50",
        managementFeeBase: "afterTax",
        deductInvoiceTax: false,
        rules: [],
      });
      await edit("开票客户财务部");
      expect(await s.net(pay.id)).toMatchObject({
        "firm:management": "1325.00",
        [`member:${id.lawyer}`]: "9275.00",
      });
    } finally {
      await s.setFees(firm, null);
    }
    // Every line after the first split is an adjustment naming what it corrects.
    const lines = await s.lines(pay.id);
    expect(lines.filter((l) => l.reason === "payment").every((l) => l.refersTo === null)).toBe(
      true,
    );
    expect(
      lines.filter((l) => l.reason !== "payment" && ["management", "member"].includes(l.kind)),
    ).toSatisfy((ls: typeof lines) => ls.every((l) => l.refersTo !== null));
  });
});
