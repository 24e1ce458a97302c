import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { caseExpenses } from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { casesApi, casesSuite } from "../fixtures/cases";
import { pdfBody, rawUpload } from "../fixtures/documents";

type Row = Record<string, unknown> & { id: string; version: number };

/**
 * Expenses advanced on a case (代垫费用): billable ones the firm paid go onto the next bill (its
 * total includes them), a billed expense is locked, deleting a draft bill or voiding one gives
 * them back; receipts are locked in Documents; bad amounts and dates are refused, nothing written.
 */
describe("case expenses", () => {
  const suite = casesSuite();
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  let caseId: string;

  const expense = async (values: Record<string, unknown>, who = "lawyer") => {
    const res = await api.post(who, "/api/case-expenses", {
      caseId,
      spentOn: "2026-03-02",
      category: "court-fee",
      amount: "100",
      ...values,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row;
  };
  const read = async (id: string) =>
    (await api.get("lawyer", `/api/case-expenses/${id}`)).json().data as Row;
  const bill = async (fixedAmount = "10000") => {
    const res = await api.post("lawyer", "/api/case-bills", { caseId, fixedAmount });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row;
  };

  beforeAll(async () => {
    ({ t, api } = suite);
    caseId = (await api.open("lawyer")).id;
  });

  it("billable expenses the firm advanced go onto the next bill; the others stay off it", async () => {
    const court = await expense({ category: "court-fee", amount: "2675.00", paidBy: "firm" });
    const travel = await expense({ category: "travel", amount: "300.5", billable: true });
    const byClient = await expense({
      category: "appraisal-fee",
      amount: "8000",
      paidBy: "client",
      billable: false,
    });
    const absorbed = await expense({ category: "copying", amount: "20", billable: false });
    expect(court).toMatchObject({ paidBy: "firm", billable: true, billId: null });

    const draft = await bill("10000");
    expect(draft).toMatchObject({
      status: "draft",
      timeAmount: "0.00",
      expenseAmount: "2975.50",
      total: "12975.50",
    });
    for (const e of [court, travel]) expect((await read(e.id)).billId).toBe(draft.id);
    for (const e of [byClient, absorbed]) expect((await read(e.id)).billId).toBeNull();

    // A draft's total follows its fixed fees and keeps the expenses.
    const edited = await api.patch("lawyer", `/api/case-bills/${draft.id}`, {
      fixedAmount: "20000",
      version: draft.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ expenseAmount: "2975.50", total: "22975.50" });

    // A billed expense is locked, with the bill named.
    const locked = await api.patch(
      "lawyer",
      `/api/case-expenses/${court.id}`,
      { amount: "1", version: court.version },
      "zh-CN",
    );
    expect(locked.statusCode).toBe(409);
    expect(locked.json().msg).toContain(String(draft.billNo));
    expect((await api.del("admin", `/api/case-expenses/${travel.id}`)).statusCode).toBe(409);
    // Expenses not on a bill change freely.
    const fixed = await api.patch("lawyer", `/api/case-expenses/${absorbed.id}`, {
      amount: "25",
      version: absorbed.version,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);

    // Deleting the draft gives its expenses back; the next bill takes them again.
    expect((await api.del("admin", `/api/case-bills/${draft.id}`)).statusCode).toBe(200);
    expect((await read(court.id)).billId).toBeNull();
    const second = await bill("0");
    expect(second).toMatchObject({ expenseAmount: "2975.50", total: "2975.50" });

    // A voided bill gives them back too: they may change again and go onto the next bill.
    const issued = await api.post("lawyer", `/api/case-bills/${second.id}/issue`, {
      version: second.version,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const voided = await api.post("lawyer", `/api/case-bills/${second.id}/void`, {
      version: issued.json().data.version,
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const corrected = await api.patch("lawyer", `/api/case-expenses/${travel.id}`, {
      amount: "310.00",
      version: (await read(travel.id)).version,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data.billId).toBeNull();
    const third = await bill("1000");
    expect(third).toMatchObject({ expenseAmount: "2985.00", total: "3985.00" });
    expect((await read(court.id)).billId).toBe(third.id);
  });

  it("refuses zero, negative and malformed amounts and impossible dates, writing nothing", async () => {
    const before = await t.database.db
      .select()
      .from(caseExpenses)
      .where(eq(caseExpenses.caseId, caseId));
    const bad: Record<string, unknown>[] = [
      { amount: "0" },
      { amount: "0.00" },
      { amount: "-5" },
      { amount: "1.234" },
      { amount: "abc" },
      { amount: "1234567890123" },
      { spentOn: "2031-02-30" },
      { category: "bribe" },
      { paidBy: "nobody" },
    ];
    for (const values of bad) {
      const res = await api.post(
        "lawyer",
        "/api/case-expenses",
        { caseId, spentOn: "2026-03-02", category: "travel", amount: "10", ...values },
        "zh-CN",
      );
      expect(res.statusCode, JSON.stringify(values)).toBe(422);
      expect(res.json().msg).not.toMatch(/errors\.|fees\./);
    }
    const zero = await api.post("lawyer", "/api/case-expenses", {
      caseId,
      spentOn: "2026-03-02",
      category: "travel",
      amount: "0",
    });
    expect(zero.json().msg).toContain("amount");
    const after = await t.database.db
      .select()
      .from(caseExpenses)
      .where(eq(caseExpenses.caseId, caseId));
    expect(after).toEqual(before);
  });

  it("a receipt is locked in Documents while the expense names it", async () => {
    const up = await rawUpload(t, "lawyer", pdfBody("诉讼费收据"), { name: "诉讼费收据.pdf" });
    expect(up.statusCode, up.body).toBe(200);
    const fileId = (up.json().data.id ?? up.json().data[0]?.id) as string;
    const e = await expense({ category: "court-fee", amount: "50", receiptFileIds: [fileId] });
    expect((await api.del("admin", `/api/documents/files/${fileId}`)).statusCode).toBe(409);
    const dropped = await api.patch("lawyer", `/api/case-expenses/${e.id}`, {
      receiptFileIds: [],
      version: e.version,
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect((await api.del("admin", `/api/documents/files/${fileId}`)).statusCode).toBe(200);
  });

  it("an expense cannot move to another case, nor be added to a closed one", async () => {
    const e = await expense({ category: "postage", amount: "12" });
    const other = await api.open("lawyer");
    const moved = await api.patch("lawyer", `/api/case-expenses/${e.id}`, {
      caseId: other.id,
      version: e.version,
    });
    expect(moved.statusCode).toBe(409);
    const closed = await api.post("admin", `/api/cases/${other.id}/close`, {
      version: other.version,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const late = await api.post("lawyer", "/api/case-expenses", {
      caseId: other.id,
      spentOn: "2026-03-02",
      category: "travel",
      amount: "10",
    });
    expect(late.statusCode).toBe(409);
  });

  it("another firm's expense is 404 to read, change and delete, and its list is empty", async () => {
    const e = await expense({ category: "travel", amount: "88" });
    expect((await api.get("lawyer2", `/api/case-expenses/${e.id}`)).statusCode).toBe(404);
    expect(
      (await api.patch("lawyer2", `/api/case-expenses/${e.id}`, { amount: "1", version: 1 }))
        .statusCode,
    ).toBe(404);
    expect([403, 404]).toContain(
      (await api.del("lawyer2", `/api/case-expenses/${e.id}`)).statusCode,
    );
    const list = await api.get("lawyer2", `/api/case-expenses?caseId=${caseId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([]);
    expect((await read(e.id)).amount).toBe("88.00");
  });
});
