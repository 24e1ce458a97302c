import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { auditLogs, caseFeeTerms } from "../../src/server/db/tables";
import { contractsSuite } from "../fixtures/contracts";

/**
 * A case's fee agreement and instalment schedule: each instalment due, received or overdue on an
 * injected day (?asOf=), trigger events moving due dates, the optimistic version, the copy from
 * the engagement contract, and bad input (impossible dates, malformed money, a schedule beyond
 * the fee) refused with a translated 4xx and nothing written.
 */
describe("fee terms and schedule", () => {
  const s = contractsSuite();
  let caseId: string;

  const terms = async (asOf?: string, who = "lawyer") => {
    const res = await s.api.get(
      who,
      `/api/cases/${caseId}/fee-terms${asOf ? `?asOf=${asOf}` : ""}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const put = (body: unknown, lang: "en" | "zh-CN" = "en", who = "lawyer") =>
    s.api.call("PUT", who, `/api/cases/${caseId}/fee-terms`, body, lang);
  const pay = async (paidOn: string, amount: string) => {
    const res = await s.api.post("lawyer", "/api/case-payments", { caseId, paidOn, amount });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The part of the view a form sends back. */
  const inputOf = (view: Record<string, unknown>) => ({
    arrangement: view.arrangement,
    schedule: view.schedule,
    triggerDates: view.triggerDates,
    version: view.version,
  });
  const rowCount = async () =>
    (await s.t.database.db.select().from(caseFeeTerms).where(eq(caseFeeTerms.caseId, caseId)))
      .length;
  const schedule = [
    { label: "签约首付", percent: "30", dueDate: "2026-01-10" },
    { label: "判决后", percent: "30", trigger: "onJudgment", graceDays: 10 },
    { label: "尾款", percent: "40", dueDate: "2026-06-30" },
  ];

  beforeAll(async () => {
    caseId = (await s.api.open("lawyer", { feeType: "fixed", feeFixed: "30000" })).id;
  });

  it("a case without terms answers version 0 and the fee from the case's own fields", async () => {
    expect(await terms("2026-01-01")).toMatchObject({
      caseId,
      arrangement: null,
      schedule: [],
      agreedFee: "30000.00",
      instalments: [],
      unallocated: "0.00",
      version: 0,
    });
  });

  it("saves the agreement and shows each instalment due, received or overdue on the day asked", async () => {
    const saved = await put({
      arrangement: { kind: "fixed", amount: "30000" },
      schedule,
      triggerDates: {},
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ version: 1, agreedFee: "30000.00" });
    expect(saved.json().data.arrangement).toEqual({ kind: "fixed", amount: "30000" });

    // Before anything was paid: the first is due, the judgment instalment waits for its event.
    const before = await terms("2026-01-05");
    expect(before.instalments.map((i: { status: string }) => i.status)).toEqual([
      "due",
      "pending",
      "due",
    ]);
    expect(before.instalments.map((i: { amount: string }) => i.amount)).toEqual([
      "9000.00",
      "9000.00",
      "12000.00",
    ]);

    await pay("2026-01-08", "9000.00");
    const paid = await terms("2026-01-20");
    expect(paid.instalments[0]).toMatchObject({ status: "received", received: "9000.00" });
    // A payment made after the day asked about is not counted on that day.
    expect((await terms("2026-01-07")).instalments[0].status).toBe("due");
    const late = await terms("2026-07-05");
    expect(late.instalments[2]).toMatchObject({
      status: "overdue",
      daysOverdue: 5,
      outstanding: "12000.00",
      effectiveDueDate: "2026-06-30",
    });
  });

  it("an event date moves the instalment waiting for it; money goes to the oldest due first", async () => {
    const current = await terms("2026-03-05");
    const res = await put({
      arrangement: current.arrangement,
      schedule: current.schedule,
      triggerDates: { onJudgment: "2026-03-01" },
      version: current.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await terms("2026-03-05")).instalments[1]).toMatchObject({
      status: "due",
      effectiveDueDate: "2026-03-11",
    });
    await pay("2026-03-15", "5000.00");
    expect((await terms("2026-03-20")).instalments[1]).toMatchObject({
      status: "overdue",
      daysOverdue: 9,
      received: "5000.00",
      outstanding: "4000.00",
    });
    expect((await terms("2026-03-13")).instalments[1].status).toBe("overdue");
  });

  it("a stale version is refused, not overwritten", async () => {
    const current = await terms();
    const stale = await put({ ...inputOf(current), version: current.version - 1, schedule: [] });
    expect(stale.statusCode).toBe(409);
    expect((await terms()).schedule).toHaveLength(3);
  });

  it("refuses impossible dates, malformed money and a schedule beyond the fee, writing nothing", async () => {
    const current = await terms();
    const audits = (
      await s.t.database.db.select().from(auditLogs).where(eq(auditLogs.entityId, caseId))
    ).length;
    const bodies = [
      { schedule: [{ amount: "100", dueDate: "2031-02-30" }] },
      { triggerDates: { onFiling: "2031-02-30" } },
      { schedule: [{ amount: "-1", dueDate: "2026-05-01" }] },
      { schedule: [{ amount: "1.234", dueDate: "2026-05-01" }] },
      { schedule: [{ amount: "abc", dueDate: "2026-05-01" }] },
      { schedule: [{ amount: "0", dueDate: "2026-05-01" }] },
      {
        schedule: [
          { percent: "60", dueDate: "2026-05-01" },
          { percent: "41", dueDate: "2026-06-01" },
        ],
      },
      { schedule: [{ amount: "30000.01", dueDate: "2026-05-01" }] },
      { schedule: [{ amount: "10", percent: "10", dueDate: "2026-05-01" }] },
      { arrangement: { kind: "fixed", amount: "1e5" } },
      { arrangement: { kind: "contingency", contingency: { base: "recovered", percent: "101" } } },
      { arrangement: { kind: "barter" } },
    ];
    for (const change of bodies) {
      const res = await put({ ...inputOf(current), ...change }, "zh-CN");
      expect(res.statusCode, JSON.stringify(change)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(change)).toBeLessThan(500);
      const body = res.json();
      expect(typeof body.msg).toBe("string");
      expect(body.msg).not.toMatch(/errors\.fees/);
    }
    const over = await put(
      { ...inputOf(current), schedule: [{ amount: "30000.01", dueDate: "2026-05-01" }] },
      "zh-CN",
    );
    expect(over.json().msg).toContain("¥30,000.01");
    expect(over.json().msg).toContain("¥30,000.00");
    expect(await terms()).toEqual(current);
    expect(
      (await s.t.database.db.select().from(auditLogs).where(eq(auditLogs.entityId, caseId))).length,
    ).toBe(audits);
  });

  it("percentages of a fee not known yet are refused; fixed amounts are taken", async () => {
    const kase = await s.api.open("lawyer", {
      feeType: "contingency",
      feeFixed: undefined,
      feePercent: "20",
    });
    const url = `/api/cases/${kase.id}/fee-terms`;
    const percentOfUnknown = await s.api.call("PUT", "lawyer", url, {
      arrangement: { kind: "contingency", contingency: { base: "recovered", percent: "20" } },
      schedule: [{ percent: "50", trigger: "onRecovery" }],
      triggerDates: {},
      version: 0,
    });
    expect(percentOfUnknown.statusCode).toBe(422);
    expect(JSON.stringify(percentOfUnknown.json())).toContain("agreed fee");
    const fixed = await s.api.call("PUT", "lawyer", url, {
      arrangement: { kind: "contingency", contingency: { base: "recovered", percent: "20" } },
      schedule: [{ amount: "5000", trigger: "onRecovery", graceDays: 5 }],
      triggerDates: {},
      version: 0,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ agreedFee: "", version: 1 });
    expect(fixed.json().data.instalments[0]).toMatchObject({
      status: "pending",
      amount: "5000.00",
    });
  });

  it("copies the engagement contract's fee terms, keeping the event dates entered", async () => {
    const kase = await s.api.open("lawyer", { feeType: "fixed", feeFixed: "1000" });
    const contract = await s.api.contract(kase.id, {
      feeType: "semi-contingency",
      feeFixed: "20000",
      feePercent: "8",
    });
    const url = `/api/cases/${kase.id}/fee-terms`;
    const first = await s.api.call("PUT", "lawyer", url, {
      arrangement: null,
      schedule: [{ amount: "500", dueDate: "2026-02-01" }],
      triggerDates: { onSigning: "2026-01-02" },
      version: 0,
    });
    expect(first.statusCode, first.body).toBe(200);
    const copy = await s.api.post("lawyer", `${url}/from-contract`, {
      contractId: contract.id,
      version: 1,
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data).toMatchObject({
      arrangement: {
        kind: "semiContingency",
        fixedAmount: "20000.00",
        contingency: { base: "recovered", percent: "8.00" },
      },
      sourceContractId: contract.id,
      triggerDates: { onSigning: "2026-01-02" },
      schedule: [{ amount: "500", dueDate: "2026-02-01" }],
      version: 2,
    });
    // Another case's contract is not this case's to copy.
    const other = await s.api.post("lawyer", `/api/cases/${caseId}/fee-terms/from-contract`, {
      contractId: contract.id,
      version: (await terms()).version,
    });
    expect(other.statusCode).toBe(404);
  });

  it("another firm's case is 404 to read, save and copy", async () => {
    const current = await terms();
    for (const res of [
      await s.api.get("lawyer2", `/api/cases/${caseId}/fee-terms`),
      await put(inputOf(current), "en", "lawyer2"),
      await s.api.post("lawyer2", `/api/cases/${caseId}/fee-terms/from-contract`, {
        contractId: caseId,
        version: current.version,
      }),
    ])
      expect(res.statusCode).toBe(404);
    expect(await terms()).toEqual(current);
  });

  it("refuses NUL, __proto__ and deeply nested JSON before anything is written", async () => {
    const current = await terms();
    const raw = async (payload: string) =>
      s.t.app.inject({
        method: "PUT",
        url: `/api/cases/${caseId}/fee-terms`,
        headers: {
          ...(await s.t.as("lawyer", { lang: "en" })),
          "content-type": "application/json",
        },
        payload,
      });
    const nul = await put({
      ...inputOf(current),
      schedule: [{ label: "a\u0000b", amount: "1", dueDate: "2026-05-01" }],
    });
    expect(nul.statusCode).toBe(400);
    const proto = await raw(
      `{"__proto__":{"isAdmin":true},"arrangement":null,"schedule":[],"triggerDates":{},"version":${current.version}}`,
    );
    expect(proto.statusCode).toBe(400);
    let deep = '"x"';
    for (let i = 0; i < 5000; i++) deep = `{"a":${deep}}`;
    const nested = await raw(
      `{"arrangement":${deep},"schedule":[],"triggerDates":{},"version":${current.version}}`,
    );
    expect(nested.statusCode).toBe(400);
    expect(await terms()).toEqual(current);
    expect(await rowCount()).toBe(1);
  });
});
