import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createTestApp, type TestApp } from "../fixtures/app";
import { FAKE_NOW, type ReportFirm, seedReportFirm } from "./reports-fixture";

/**
 * Every report's rows on a firm of its own (reports-fixture.ts), worked out by hand in the
 * comments from the fixture's table of rows. Today is 2031-03-15 in Shanghai, so "quarter" is
 * 2031-01-01..2031-03-31; department A is C1, C2, C3, C6 and its members rhead and rlawyer;
 * department B is C4, C5 and rother; "me" for rlawyer is C1, C3, C6 (the cases they lead).
 */
describe("GET /api/reports/:key figures", () => {
  let t: TestApp;
  let firm: ReportFirm;
  const Q = "period=quarter";
  const FEB = "period=custom&from=2031-02-01&to=2031-02-28";

  beforeAll(async () => {
    // Only Date is faked: the app's timers and the database run as usual.
    vi.useFakeTimers({ toFake: ["Date"], now: FAKE_NOW });
    t = await createTestApp();
    firm = await seedReportFirm(t);
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  const get = async (who: string, key: string, query: string) => {
    const res = await t.app.inject({
      url: `/api/reports/${key}?${query}`,
      headers: await t.as(who, { lang: "en" }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      from: string;
      to: string;
      rows: Record<string, string | number>[];
    };
  };
  const rows = async (who: string, key: string, query: string, columns: string[]) =>
    (await get(who, key, query)).rows.map((r) => columns.map((c) => r[c]));
  const deptA = () => `scope=department&departmentId=${firm.dept.A}`;
  const deptB = () => `scope=department&departmentId=${firm.dept.B}`;

  it("reads the quarter holding the firm's today", async () => {
    const answer = await get("radmin", "new-cases", Q);
    expect([answer.from, answer.to]).toEqual(["2031-01-01", "2031-03-31"]);
  });

  it("new cases: per firm month and type, by scope and period", async () => {
    const cols = ["month", "caseType", "cases"];
    // C1 is 2031-01-01 00:30 in Shanghai (January); C2 2031-02-01 00:00 (February); C3 in
    // February; C4 at the quarter's last second; C5 (April) and C6 (2030-12-31 23:59) fall out.
    expect(await rows("radmin", "new-cases", Q, cols)).toEqual([
      ["2031-01", "Civil litigation", 1],
      ["2031-02", "Civil litigation", 1],
      ["2031-02", "Commercial arbitration", 1],
      ["2031-03", "Commercial arbitration", 1],
    ]);
    // A: C1, C2, C3. The head of A sees it by default; the admin names it.
    const a = [
      ["2031-01", "Civil litigation", 1],
      ["2031-02", "Civil litigation", 1],
      ["2031-02", "Commercial arbitration", 1],
    ];
    expect(await rows("rhead", "new-cases", `${Q}&scope=department`, cols)).toEqual(a);
    expect(await rows("radmin", "new-cases", `${Q}&${deptA()}`, cols)).toEqual(a);
    // B: C4 only (C5 is April's).
    expect(await rows("radmin", "new-cases", `${Q}&${deptB()}`, cols)).toEqual([
      ["2031-03", "Commercial arbitration", 1],
    ]);
    // rlawyer leads C1 (January) and C3 (February).
    expect(await rows("rlawyer", "new-cases", `${Q}&scope=me`, cols)).toEqual([
      ["2031-01", "Civil litigation", 1],
      ["2031-02", "Commercial arbitration", 1],
    ]);
    // February alone: C2 from its first instant, C3.
    expect(await rows("radmin", "new-cases", FEB, cols)).toEqual([
      ["2031-02", "Civil litigation", 1],
      ["2031-02", "Commercial arbitration", 1],
    ]);
  });

  it("open cases: the open ones now, by stage in the dictionary's order, none last", async () => {
    const cols = ["stage", "cases"];
    // Open: C1 (first instance), C2 (second), C3 (none), C5 (first); C4 closed, C6 terminated.
    expect(await rows("radmin", "open-cases", Q, cols)).toEqual([
      ["First instance", 2],
      ["Second instance (appeal)", 1],
      ["No stage", 1],
    ]);
    // A stock: the period does not change it.
    expect(await rows("radmin", "open-cases", FEB, cols)).toEqual(
      await rows("radmin", "open-cases", Q, cols),
    );
    expect(await rows("rhead", "open-cases", `${Q}&scope=department`, cols)).toEqual([
      ["First instance", 1],
      ["Second instance (appeal)", 1],
      ["No stage", 1],
    ]);
    expect(await rows("radmin", "open-cases", `${Q}&${deptB()}`, cols)).toEqual([
      ["First instance", 1],
    ]);
    expect(await rows("rlawyer", "open-cases", `${Q}&scope=me`, cols)).toEqual([
      ["First instance", 1],
      ["No stage", 1],
    ]);
  });

  it("money: billed, received and invoiced per month, to the cent", async () => {
    const cols = ["month", "billed", "received", "invoiced"];
    // Billed: B1 10000.50 (Jan); B2 2345.67 (Feb; B3 is void); B5 500.00 + B9 50.00 (Mar).
    // Received: 4000.25 (Jan); 1200.00 + 0.10 (Feb); 99.90 (Mar; 2030-12-31 and 04-01 fall out).
    // Invoiced (issued only): I1 3000.03 (Jan); I3 88.88 (Mar); I2 pending, I4 reversed.
    expect(await rows("radmin", "money", Q, cols)).toEqual([
      ["2031-01", "10000.50", "4000.25", "3000.03"],
      ["2031-02", "2345.67", "1200.10", "0.00"],
      ["2031-03", "550.00", "99.90", "88.88"],
    ]);
    // A (C1, C2, C3, C6): March is B9 on C2 alone.
    expect(await rows("rhead", "money", `${Q}&scope=department`, cols)).toEqual([
      ["2031-01", "10000.50", "4000.25", "3000.03"],
      ["2031-02", "2345.67", "1200.10", "0.00"],
      ["2031-03", "50.00", "0.00", "0.00"],
    ]);
    // B (C4, C5): B5, P5, I3.
    expect(await rows("radmin", "money", `${Q}&${deptB()}`, cols)).toEqual([
      ["2031-03", "500.00", "99.90", "88.88"],
    ]);
    // rlawyer (C1, C3, C6).
    expect(await rows("rlawyer", "money", `${Q}&scope=me`, cols)).toEqual([
      ["2031-01", "10000.50", "4000.25", "3000.03"],
      ["2031-02", "2345.67", "1200.10", "0.00"],
    ]);
    // February's first and last days both count (P3 on the 1st, P2 on the 28th).
    expect(await rows("radmin", "money", FEB, cols)).toEqual([
      ["2031-02", "2345.67", "1200.10", "0.00"],
    ]);
  });

  it("receivables ageing: what is owed today, aged as the fees feature ages it", async () => {
    const cols = ["id", "bills", "outstanding"];
    // Owed on 2031-03-15: B5 500.00 (due 04-14: not due); B2 2345.67 (15 days from its issue
    // day) and B9 50.00 (due today: 0 days); B1 6000.25 (34 days) and B8 700.00 (90 days);
    // B7 300.00 (181 days). B6 is paid, B3 void, B4 a draft.
    expect(await rows("radmin", "receivables-ageing", Q, cols)).toEqual([
      ["notDue", 1, "500.00"],
      ["days0to30", 2, "2395.67"],
      ["days31to90", 2, "6700.25"],
      ["days91to180", 0, "0.00"],
      ["over180", 1, "300.00"],
    ]);
    expect(await rows("rhead", "receivables-ageing", `${Q}&scope=department`, cols)).toEqual([
      ["notDue", 0, "0.00"],
      ["days0to30", 2, "2395.67"],
      ["days31to90", 2, "6700.25"],
      ["days91to180", 0, "0.00"],
      ["over180", 1, "300.00"],
    ]);
    // rlawyer: B1, B2, B7, B8 (B9 is C2's, led by rhead).
    expect(await rows("rlawyer", "receivables-ageing", `${Q}&scope=me`, cols)).toEqual([
      ["notDue", 0, "0.00"],
      ["days0to30", 1, "2345.67"],
      ["days31to90", 2, "6700.25"],
      ["days91to180", 0, "0.00"],
      ["over180", 1, "300.00"],
    ]);
  });

  it("top clients: payments in the period per client, largest first", async () => {
    const cols = ["client", "received"];
    // 甲 (C1, C2): 4000.25; 乙 (C3, C5): 1200.10 (C5's April payment falls out); 丙 (C4, C6):
    // 99.90 (C6's is 2030's).
    expect(await rows("radmin", "top-clients", Q, cols)).toEqual([
      ["甲公司", "4000.25"],
      ["乙公司", "1200.10"],
      ["丙公司", "99.90"],
    ]);
    expect(await rows("radmin", "top-clients", `${Q}&${deptB()}`, cols)).toEqual([
      ["丙公司", "99.90"],
    ]);
    expect(await rows("rlawyer", "top-clients", `${Q}&scope=me`, cols)).toEqual([
      ["甲公司", "4000.25"],
      ["乙公司", "1200.10"],
    ]);
  });

  it("workload: open cases led, hours in the period, key dates in the next 14 days", async () => {
    const cols = ["member", "openCases", "hours", "dueSoon"];
    // Open cases: rlawyer C1, C3; rhead C2; rother C5. Hours: rlawyer 90 + 45 = 135 min
    // (2.25), rhead 120 + 30 = 150 min (2.50), rother's both outside the quarter. Due
    // 2031-03-15..03-28 and open: rlawyer D1, D2 (D3 is the 15th day, D9 yesterday); rother D8.
    // The viewer is always listed; ties go by name.
    expect(await rows("radmin", "workload", Q, cols)).toEqual([
      ["R Lawyer", 2, "2.25", 2],
      ["R Head", 1, "2.50", 0],
      ["R Other", 1, "0.00", 1],
      ["R Admin", 0, "0.00", 0],
    ]);
    expect(await rows("rhead", "workload", `${Q}&scope=department`, cols)).toEqual([
      ["R Lawyer", 2, "2.25", 2],
      ["R Head", 1, "2.50", 0],
    ]);
    expect(await rows("rlawyer", "workload", `${Q}&scope=me`, cols)).toEqual([
      ["R Lawyer", 2, "2.25", 2],
    ]);
    // February: rlawyer entered no time then; the key dates still count from today.
    expect(await rows("rlawyer", "workload", `${FEB}&scope=me`, cols)).toEqual([
      ["R Lawyer", 2, "0.00", 2],
    ]);
  });

  it("deadlines: met, missed and to come, on the firm's clock", async () => {
    const cols = ["id", "keyDates"];
    // Due in the quarter, not void: D4 met (done 02-10 00:30 in Shanghai); D5 missed (done
    // 02-11 00:30 in Shanghai, though UTC still says 02-10); D6, D9 missed (open past their day);
    // D1 (due today), D2, D3, D8 to come. D7 is void, D10 April's.
    expect(await rows("radmin", "deadlines", Q, cols)).toEqual([
      ["met", 1],
      ["missed", 3],
      ["pending", 4],
    ]);
    // A answers for D1–D5, D9.
    expect(await rows("rhead", "deadlines", `${Q}&scope=department`, cols)).toEqual([
      ["met", 1],
      ["missed", 2],
      ["pending", 3],
    ]);
    expect(await rows("radmin", "deadlines", `${Q}&${deptB()}`, cols)).toEqual([
      ["met", 0],
      ["missed", 1],
      ["pending", 1],
    ]);
    expect(await rows("rlawyer", "deadlines", `${Q}&scope=me`, cols)).toEqual([
      ["met", 0],
      ["missed", 1],
      ["pending", 3],
    ]);
    expect(await rows("radmin", "deadlines", FEB, cols)).toEqual([
      ["met", 1],
      ["missed", 1],
      ["pending", 0],
    ]);
  });

  it("approvals: finished ones submitted in the period, mean and median hours", async () => {
    const cols = ["id", "finished", "avgHours", "p50Hours"];
    // Case: 2 h, 24 h, 6 h → mean 32 / 3 = 10.67, median 6. Contract: the one submitted
    // 2031-03-31 23:30 in Shanghai, 36 h; the one at 04-01 00:00 falls out, as does the case
    // submitted 2030-12-31 23:59; the running one has not finished.
    expect(await rows("radmin", "approvals", Q, cols)).toEqual([
      ["case", 3, "10.67", "6.00"],
      ["contract", 1, "36.00", "36.00"],
    ]);
    // A's members started the 2 h and 24 h cases and the contract.
    expect(await rows("rhead", "approvals", `${Q}&scope=department`, cols)).toEqual([
      ["case", 2, "13.00", "13.00"],
      ["contract", 1, "36.00", "36.00"],
    ]);
    expect(await rows("radmin", "approvals", `${Q}&${deptB()}`, cols)).toEqual([
      ["case", 1, "6.00", "6.00"],
    ]);
    expect(await rows("rlawyer", "approvals", `${Q}&scope=me`, cols)).toEqual([
      ["case", 1, "2.00", "2.00"],
      ["contract", 1, "36.00", "36.00"],
    ]);
  });

  it("intake: leads per source in the period, converted and the rate", async () => {
    const cols = ["source", "leads", "converted", "conversionRate"];
    // Referral: L1 (2031-01-01 00:00 in Shanghai, became C1) and L2; website: L3 (became C3;
    // L4 is April's); L5 has no source.
    expect(await rows("radmin", "intake", Q, cols)).toEqual([
      ["Referral", 2, 1, "50.00"],
      ["Website", 1, 1, "100.00"],
      ["No source", 1, 0, "0.00"],
    ]);
  });

  it("refuses a scope wider than the viewer's", async () => {
    const as = async (who: string, query: string) =>
      (
        await t.app.inject({
          url: `/api/reports/money?${Q}&${query}`,
          headers: await t.as(who, { lang: "en" }),
        })
      ).statusCode;
    expect(await as("rlawyer", "scope=firm")).toBe(403);
    expect(await as("rlawyer", "scope=department")).toBe(403);
    expect(await as("rhead", "scope=firm")).toBe(403);
    expect(await as("rhead", deptB())).toBe(403);
  });
});
