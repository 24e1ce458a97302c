import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestApp, type TestApp } from "../fixtures/app";
import { invoicesApi } from "./invoices-fixture";

type Item = { key: string; count: number; resolved: boolean };

/**
 * The closing checklist's money and contract items, counted from what the case really holds:
 * an issued bill paid in part, a billable expense the firm advanced (one the client paid is not
 * counted), a contract approved and not archived.
 */
describe("GET /api/cases/:id/closing-checklist (money and contracts)", () => {
  let t: TestApp;
  let api: ReturnType<typeof invoicesApi>;

  beforeAll(async () => {
    t = await createTestApp();
    api = invoicesApi(t);
  });
  afterAll(() => t.close());

  const itemsOf = async (caseId: string) => {
    const res = await api.get("lawyer", `/api/cases/${caseId}/closing-checklist`);
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries(
      (res.json().data.items as Item[]).map((i) => [i.key, i.count]),
    ) as Record<string, number>;
  };

  it("counts unpaid bills, expenses the firm advanced and contracts not archived", async () => {
    const { kase } = await api.caseWithMoney("lawyer", "20000.00", "15000.00");
    for (const paidBy of ["firm", "client"]) {
      const res = await api.post("lawyer", "/api/case-expenses", {
        caseId: kase.id,
        spentOn: "2026-03-02",
        category: "court-fee",
        amount: "100",
        paidBy,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await api.contract(kase.id);
    expect(await itemsOf(kase.id)).toMatchObject({
      unpaidBills: 1,
      uninvoicedBills: 0,
      unbilledExpenses: 1,
      contracts: 1,
      signingRequests: 0,
      sealRequests: 0,
    });
  });

  it("counts a bill paid in full and not invoiced as uninvoiced, not unpaid", async () => {
    const { kase } = await api.caseWithMoney("lawyer", "10000.00", "10000.00");
    expect(await itemsOf(kase.id)).toMatchObject({ unpaidBills: 0, uninvoicedBills: 1 });
  });
});
