import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { caseBills, cases, invoices } from "../../src/server/db/tables";
import { OWN_CONDITIONS } from "../../src/shared/permission-scopes";
import { ageReceivables } from "../../src/shared/fees";
import { orgInput, readXlsx } from "../fixtures/accounts";
import type { TestApp } from "../fixtures/app";
import { casesApi, casesSuite } from "../fixtures/cases";
import { departmentByName, firmIds, orgApi, roleByCode } from "../fixtures/org";

const AS_OF = "2026-06-30";

/**
 * Receivables on an injected day (?asOf=): each client's bills issued by then and not voided,
 * less the payments made against them by then, aged from their due dates into the shared
 * buckets; invoices issued and not yet reversed by then; filters, paging, the xlsx export, the
 * viewer's row scope on cases, and another firm seeing none of it.
 */
describe("receivables and ageing", () => {
  const suite = casesSuite();
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  const ids: Record<string, string> = {};

  const account = async (n: number, name: string) => {
    const res = await api.post("admin", "/api/accounts", orgInput(n, { name }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  /** A bill issued on `issuedOn` and due on `dueOn` (the issue route stamps today: set after). */
  const issuedBill = async (caseId: string, total: string, issuedOn: string, dueOn: string) => {
    const draft = await api.post("lawyer", "/api/case-bills", {
      caseId,
      fixedAmount: total,
      dueOn,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const { id, version } = draft.json().data;
    const issued = await api.post("lawyer", `/api/case-bills/${id}/issue`, { version });
    expect(issued.statusCode, issued.body).toBe(200);
    await t.database.db.update(caseBills).set({ issuedOn }).where(eq(caseBills.id, id));
    return id as string;
  };
  const pay = async (caseId: string, billId: string, paidOn: string, amount: string) => {
    const res = await api.post("lawyer", "/api/case-payments", { caseId, billId, paidOn, amount });
    expect(res.statusCode, res.body).toBe(200);
  };
  const invoice = async (
    caseId: string,
    accountId: string,
    n: number,
    amount: string,
    status: string,
    issuedOn: string,
    cancelledOn: string | null = null,
  ) => {
    const { a } = await firmIds(t);
    await t.database.db.insert(invoices).values({
      workspaceId: a,
      requestNo: `FP-TEST-${n}`,
      caseId,
      accountId,
      invoiceType: "vatNormal",
      buyerTitle: "应收测试",
      amount,
      taxRate: "6.00",
      taxAmount: "0.00",
      status,
      invoiceNo: `T${n}`,
      issuedOn,
      cancelledOn,
    });
  };
  const receivables = async (query: string, who = "finance") => {
    const res = await api.get(who, `/api/fees/receivables?asOf=${AS_OF}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const rowOf = async (accountId: string, who = "finance", extra = "") =>
    (await receivables(`&accountId=${accountId}${extra}`, who)).json().data.rows[0];

  beforeAll(async () => {
    ({ t, api } = suite);
    const { a } = await firmIds(t);
    ids.x = await account(801, "应收测试甲有限公司");
    ids.y = await account(802, "应收测试乙有限公司");
    ids.intern = await api.userId("intern");
    ids.partner = await api.userId("partner");
    const c1 = await api.open("lawyer", { accountId: ids.x, assistantIds: [ids.intern] });
    const c2 = await api.open("partner", { accountId: ids.x });
    const c3 = await api.open("lawyer", { accountId: ids.y });
    Object.assign(ids, { c1: c1.id, c2: c2.id, c3: c3.id });
    const civil = await departmentByName(t, a, "民商事组");
    await t.database.db.update(cases).set({ departmentId: civil.id }).where(eq(cases.id, c3.id));
    await t.database.db.update(cases).set({ departmentId: null }).where(eq(cases.id, c1.id));
    await t.database.db.update(cases).set({ departmentId: null }).where(eq(cases.id, c2.id));

    // Client 甲: 10 000 due 31 Jan with 4 000 paid (150 days: 91–180), 5 000 not yet due.
    const a1 = await issuedBill(c1.id, "10000", "2026-01-01", "2026-01-31");
    await pay(c1.id, a1, "2026-02-10", "4000");
    await issuedBill(c1.id, "5000", "2026-06-01", "2026-07-15");
    // 3 000 due 1 Dec 2025 (211 days: over 180), paid only after the day asked about.
    const c = await issuedBill(c2.id, "3000", "2025-10-01", "2025-12-01");
    await pay(c2.id, c, "2026-07-05", "3000");
    // A draft, and a bill issued after the day: neither is owed yet.
    expect(
      (await api.post("partner", "/api/case-bills", { caseId: c2.id, fixedAmount: "7000" }))
        .statusCode,
    ).toBe(200);
    await issuedBill(c2.id, "900", "2026-07-01", "2026-07-31");
    // Client 乙: 30 days past due is still 0–30, 31 is 31–90; a voided bill is owed by no one.
    await issuedBill(c3.id, "2000", "2026-06-10", "2026-06-20");
    await issuedBill(c3.id, "100", "2026-05-01", "2026-05-31");
    await issuedBill(c3.id, "200", "2026-05-01", "2026-05-30");
    const voided = await issuedBill(c3.id, "999", "2026-03-01", "2026-03-01");
    const [row] = await t.database.db.select().from(caseBills).where(eq(caseBills.id, voided));
    expect(
      (await api.post("lawyer", `/api/case-bills/${voided}/void`, { version: row.version }))
        .statusCode,
    ).toBe(200);
    // Invoices: issued; red-reversed before the day (not counted); reversed after it (counted).
    await invoice(c1.id, ids.x, 1, "5000.00", "issued", "2026-03-01");
    await invoice(c1.id, ids.x, 2, "800.00", "reversed", "2026-03-01", "2026-04-01");
    await invoice(c2.id, ids.x, 3, "300.00", "reversed", "2026-03-01", "2026-07-02");
    await invoice(c3.id, ids.y, 4, "400.00", "issued", "2026-07-01");
  });

  it("ages each client's open bills from their due dates, as the shared ageing does", async () => {
    expect(await rowOf(ids.x)).toEqual({
      accountId: ids.x,
      accountName: "应收测试甲有限公司",
      accountType: "organization",
      cases: 2,
      billed: "18000.00",
      received: "4000.00",
      invoiced: "5300.00",
      outstanding: "14000.00",
      buckets: {
        notDue: "5000.00",
        days0to30: "0.00",
        days31to90: "0.00",
        days91to180: "6000.00",
        over180: "3000.00",
      },
    });
    const y = await rowOf(ids.y);
    expect(y).toMatchObject({ cases: 1, billed: "2300.00", received: "0.00", invoiced: "0.00" });
    const shared = ageReceivables(
      [
        { id: "e", dueDate: "2026-06-20", outstanding: "2000.00" },
        { id: "g", dueDate: "2026-05-31", outstanding: "100.00" },
        { id: "h", dueDate: "2026-05-30", outstanding: "200.00" },
      ],
      AS_OF,
    ).totals;
    const { total, ...sharedBuckets } = shared;
    expect(y.buckets).toEqual(sharedBuckets);
    expect(y.outstanding).toBe(total);
    // A later day: the payment of 5 July counts, and everything has aged.
    expect((await receivables(`&accountId=${ids.x}`)).json().data.asOf).toBe(AS_OF);
    const july = (
      await api.get("finance", `/api/fees/receivables?asOf=2026-07-20&accountId=${ids.x}`)
    ).json().data.rows[0];
    expect(july).toMatchObject({
      billed: "18900.00",
      received: "7000.00",
      outstanding: "11900.00",
    });
    expect(july.buckets).toMatchObject({ notDue: "900.00", days0to30: "5000.00", over180: "0.00" });
  });

  it("totals add up the rows; filters by client, lead lawyer and department (with its sub-departments)", async () => {
    const both = (await receivables(`&leadLawyerId=${ids.partner}`)).json().data;
    expect(both.rows).toHaveLength(1);
    expect(both.rows[0]).toMatchObject({ accountId: ids.x, cases: 1, billed: "3000.00" });
    expect(both.totals).toMatchObject({ billed: "3000.00", outstanding: "3000.00" });
    expect(both.totals.buckets.over180).toBe("3000.00");
    const { a } = await firmIds(t);
    const litigation = await departmentByName(t, a, "诉讼部");
    const dept = (await receivables(`&departmentId=${litigation.id}`)).json().data;
    expect(dept.rows.map((r: { accountId: string }) => r.accountId)).toEqual([ids.y]);
    const all = await receivables("");
    const data = all.json().data;
    expect(Number(all.headers["x-total-count"])).toBe(data.rows.length);
    const sum = (key: string) =>
      data.rows.reduce(
        (n: bigint, r: Record<string, string>) => n + BigInt(r[key].replace(".", "")),
        0n,
      );
    expect(sum("outstanding")).toBe(BigInt(data.totals.outstanding.replace(".", "")));
    expect(sum("billed")).toBe(BigInt(data.totals.billed.replace(".", "")));
    // Largest debt first; a page keeps the count of all.
    const page = await receivables("&_start=0&_end=1");
    expect(page.json().data.rows).toHaveLength(1);
    expect(page.json().data.rows[0].accountId).toBe(data.rows[0].accountId);
    expect(Number(page.headers["x-total-count"])).toBe(data.rows.length);
  });

  it("exports the same figures as xlsx, money in the one format, for those who may export", async () => {
    const res = await api.get(
      "finance",
      `/api/fees/receivables/export.xlsx?asOf=${AS_OF}&accountId=${ids.x}`,
      "zh-CN",
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0].slice(0, 6)).toEqual([
      "客户",
      "案件数",
      "已开账单",
      "已收款",
      "已开票",
      "应收余额",
    ]);
    expect(rows[1]).toEqual([
      "应收测试甲有限公司",
      2,
      "¥18,000.00",
      "¥4,000.00",
      "¥5,300.00",
      "¥14,000.00",
      "¥5,000.00",
      "¥0.00",
      "¥0.00",
      "¥6,000.00",
      "¥3,000.00",
    ]);
    expect(rows[2][0]).toBe("合计");
    // The lawyer reads receivables but may not export them.
    expect(
      (await api.get("lawyer", `/api/fees/receivables/export.xlsx?asOf=${AS_OF}`)).statusCode,
    ).toBe(403);
  });

  it("a viewer sees only the receivables of cases they may read; without the right, none", async () => {
    const { a } = await firmIds(t);
    const role = await roleByCode(t, a, "intern");
    const setRules = async (rules: unknown[]) => {
      const fresh = await roleByCode(t, a, "intern");
      const res = await orgApi(t).put("admin", `/api/roles/${role.id}/rules`, {
        rules,
        version: fresh.version,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setRules([
      { action: "basic", subject: "BASIC_PERMISSION" },
      { action: "read", subject: "LAWFIRM_CASE_VIEW", conditions: OWN_CONDITIONS },
      { action: "read", subject: "LAWFIRM_RECEIVABLE_VIEW" },
    ]);
    // The intern assists on case 1 only: 甲's row holds that case alone; 乙 is not there.
    const mine = (await receivables("", "intern")).json().data;
    expect(mine.rows).toEqual([
      expect.objectContaining({
        accountId: ids.x,
        cases: 1,
        billed: "15000.00",
        received: "4000.00",
        invoiced: "5000.00",
        outstanding: "11000.00",
      }),
    ]);
    expect(mine.totals.outstanding).toBe("11000.00");
    await setRules([
      { action: "basic", subject: "BASIC_PERMISSION" },
      { action: "read", subject: "LAWFIRM_RECEIVABLE_VIEW" },
    ]);
    expect((await receivables("", "intern")).json().data.rows).toEqual([]);
    await setRules([
      { action: "basic", subject: "BASIC_PERMISSION" },
      { action: "read", subject: "LAWFIRM_CASE_VIEW" },
    ]);
    expect((await api.get("intern", `/api/fees/receivables?asOf=${AS_OF}`)).statusCode).toBe(403);
  });

  it("another firm sees none of these clients, even when it names them", async () => {
    const res = await api.get("lawyer2", `/api/fees/receivables?asOf=${AS_OF}&accountId=${ids.x}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rows).toEqual([]);
    expect(res.json().data.totals.billed).toBe("0.00");
    expect(res.body).not.toContain("应收测试");
  });

  it("refuses impossible days, NUL and prototype keys in the query", async () => {
    for (const query of [
      "asOf=2031-02-30",
      "asOf=yesterday",
      "accountId=a%00b",
      "__proto__=1",
      "_sort=__proto__",
      "departmentId=not-a-uuid",
    ]) {
      const res = await api.get("finance", `/api/fees/receivables?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().msg).toBe("string");
    }
  });

  it("each bill keeps what its payments add up to as they are added, changed, moved and deleted", async () => {
    const billOf = async (id: string) =>
      (await t.database.db.select().from(caseBills).where(eq(caseBills.id, id)))[0];
    const first = await issuedBill(ids.c3, "1000", "2026-06-01", "2026-06-30");
    const second = await issuedBill(ids.c3, "500", "2026-06-01", "2026-06-30");
    const paid = await api.post("lawyer", "/api/case-payments", {
      caseId: ids.c3,
      billId: first,
      paidOn: "2026-06-15",
      amount: "400",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await billOf(first)).toMatchObject({ paidAmount: "400.00", status: "partially-paid" });
    const before = await billOf(first);
    const { id, version } = paid.json().data;
    // More paid on the same status: the amount follows, the bill's edit lock (version) does not.
    const more = await api.patch("lawyer", `/api/case-payments/${id}`, { amount: "600", version });
    expect(more.statusCode, more.body).toBe(200);
    expect(await billOf(first)).toMatchObject({ paidAmount: "600.00", version: before.version });
    // Moved to the other bill, which it pays in full.
    const moved = await api.patch("lawyer", `/api/case-payments/${id}`, {
      billId: second,
      amount: "500",
      version: more.json().data.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await billOf(first)).toMatchObject({ paidAmount: "0.00", status: "issued" });
    expect(await billOf(second)).toMatchObject({ paidAmount: "500.00", status: "paid" });
    expect((await rowOf(ids.y)).received).toBe("500.00");
    expect((await api.del("admin", `/api/case-payments/${id}`)).statusCode).toBe(200);
    expect(await billOf(second)).toMatchObject({ paidAmount: "0.00", status: "issued" });
    expect((await rowOf(ids.y)).received).toBe("0.00");
  });
});
