import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { members } from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { casesApi, casesSuite } from "../fixtures/cases";
import { pdfBody, rawUpload } from "../fixtures/documents";

/** Time, payments and bills: amounts to the cent, computed by the server, for every fee arrangement. */
describe("case finance", () => {
  const suite = casesSuite();
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  beforeAll(async () => {
    ({ t, api } = suite);
    await t.database.db
      .update(members)
      .set({ hourlyRate: "1500.00" })
      .where(eq(members.userId, await api.userId("lawyer")));
  });

  const time = async (caseId: string, minutes: number, billable = true) => {
    const res = await api.post("lawyer", "/api/case-time-entries", {
      caseId,
      userId: await api.userId("lawyer"),
      workDate: "2026-11-20",
      minutes,
      description: "起草起诉状",
      billable,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const finance = async (caseId: string) =>
    (await api.get("lawyer", `/api/cases/${caseId}/finance`)).json().data;

  it("a time entry snapshots the member's rate and costs rate × hours to the cent", async () => {
    const kase = await api.open("lawyer", { feeType: "hourly", feeFixed: undefined });
    const entry = await time(kase.id, 50);
    expect(entry).toMatchObject({ rate: "1500.00", amount: "1250.00" });
    // A later rate change does not touch what was entered.
    await t.database.db
      .update(members)
      .set({ hourlyRate: "2000.00" })
      .where(eq(members.userId, await api.userId("lawyer")));
    const edited = await api.patch("lawyer", `/api/case-time-entries/${entry.id}`, {
      ...entry,
      minutes: 7,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ rate: "1500.00", amount: "175.00" });
    await t.database.db
      .update(members)
      .set({ hourlyRate: "1500.00" })
      .where(eq(members.userId, await api.userId("lawyer")));
    expect(await finance(kase.id)).toMatchObject({
      feeType: "hourly",
      agreedFee: "175.00",
      timeBillable: "175.00",
      outstanding: "0.00",
    });
  });

  it("bills take the unbilled time and fixed fees; issue, pay in part, pay in full; billed time is locked", async () => {
    const kase = await api.open("lawyer", {
      feeType: "hybrid",
      feeFixed: "10000.10",
      feePercent: "12.5",
      recoveredAmount: "80000.01",
    });
    const a = await time(kase.id, 20);
    await time(kase.id, 40, false);
    const bill = await api.post("lawyer", "/api/case-bills", {
      caseId: kase.id,
      fixedAmount: "10000.10",
    });
    expect(bill.statusCode, bill.body).toBe(200);
    expect(bill.json().data).toMatchObject({
      status: "draft",
      timeAmount: "500.00",
      total: "10500.10",
      billNo: `${kase.caseNo}-B001`,
    });
    const billId = bill.json().data.id as string;
    expect(
      (await api.patch("lawyer", `/api/case-time-entries/${a.id}`, { ...a, minutes: 99 }))
        .statusCode,
    ).toBe(409);
    // A payment cannot go against a draft.
    expect(
      (
        await api.post("lawyer", "/api/case-payments", {
          caseId: kase.id,
          paidOn: "2026-11-21",
          amount: "100",
          billId,
        })
      ).statusCode,
    ).toBe(409);
    const issued = await api.post("lawyer", `/api/case-bills/${billId}/issue`, {
      version: bill.json().data.version,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data.status).toBe("issued");
    const pay = (amount: string) =>
      api.post("lawyer", "/api/case-payments", {
        caseId: kase.id,
        paidOn: "2026-11-22",
        amount,
        method: "bank-transfer",
        payer: "张三",
        billId,
      });
    expect((await pay("5000.05")).statusCode).toBe(200);
    expect((await api.get("lawyer", `/api/case-bills/${billId}`)).json().data.status).toBe(
      "partially-paid",
    );
    expect((await pay("5500.05")).statusCode).toBe(200);
    expect((await api.get("lawyer", `/api/case-bills/${billId}`)).json().data.status).toBe("paid");
    expect(await finance(kase.id)).toMatchObject({
      agreedFee: "20500.10", // 10000.10 fixed + 500.00 billable time + 80000.01 × 12.5 % = 10000.00
      contingentFee: "10000.00",
      billed: "10500.10",
      paid: "10500.10",
      outstanding: "0.00",
    });
    // Issued bills are voided, not deleted.
    expect((await api.del("admin", `/api/case-bills/${billId}`)).statusCode).toBe(409);
  });

  it("each fee arrangement computes its agreed fee", async () => {
    const cases = [
      [{ feeType: "fixed", feeFixed: "30000" }, "30000.00"],
      [
        {
          feeType: "contingency",
          feePercent: "15",
          recoveredAmount: "333333.33",
          feeFixed: undefined,
        },
        "50000.00",
      ],
      [
        {
          feeType: "semi-contingency",
          feeFixed: "5000",
          feePercent: "10",
          recoveredAmount: "100000.05",
        },
        "15000.01",
      ],
    ] as const;
    for (const [fee, expected] of cases) {
      const kase = await api.open("lawyer", { ...fee });
      expect((await finance(kase.id)).agreedFee).toBe(expected);
    }
  });

  it("refuses negative or malformed money and changes nothing", async () => {
    const kase = await api.open("lawyer");
    for (const amount of ["-1", "1.234", "abc", "1e5"]) {
      const res = await api.post(
        "lawyer",
        "/api/case-payments",
        { caseId: kase.id, paidOn: "2026-11-22", amount },
        "zh-CN",
      );
      expect(res.statusCode, amount).toBe(422);
    }
    expect((await api.get("lawyer", `/api/case-payments?caseId=${kase.id}`)).json().data).toEqual(
      [],
    );
    const neg = await api.submit("lawyer", await api.values({ amount: "-5" }), {}, "en");
    expect(neg.statusCode).toBe(422);
    expect(JSON.stringify(neg.json())).toMatch(/amount/);
  });
});

describe("files a case names", () => {
  const suite = casesSuite();
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  beforeAll(async () => {
    ({ t, api } = suite);
  });

  it("are locked against deletion while the case or a payment names them, and released when dropped", async () => {
    const up = await rawUpload(t, "lawyer", pdfBody("委托合同"), { name: "委托合同.pdf" });
    expect(up.statusCode, up.body).toBe(200);
    const fileId = (up.json().data.id ?? up.json().data[0]?.id) as string;
    const kase = await api.open("lawyer", { attachments: [fileId] });
    const del = await api.del("admin", `/api/documents/files/${fileId}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toContain(kase.caseNo);
    const detail = (await api.get("lawyer", `/api/cases/${kase.id}`)).json().data;
    const edited = await api.patch("lawyer", `/api/cases/${kase.id}`, {
      ...detail,
      attachments: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await api.del("admin", `/api/documents/files/${fileId}`)).statusCode).toBe(200);
    // An unknown file is refused when the case is submitted (404), not when its last approver accepts.
    const missing = await api.submit(
      "lawyer",
      await api.values({ attachments: ["00000000-0000-4000-8000-000000000000"] }),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, msg: "The file does not exist" });
  });
});
