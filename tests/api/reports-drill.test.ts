import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { ReportAnswer, ReportDrill } from "../../src/shared/contracts/reports";
import { createTestApp, type TestApp } from "../fixtures/app";
import { FAKE_NOW, type ReportFirm, seedReportFirm } from "./reports-fixture";

/**
 * Drill-down: every figure of every report opens a list whose x-total-count is that figure, or
 * whose rows add up to it (money; minutes for hours), for each scope and two periods, on the
 * fixture firm (reports-fixture.ts) and on the demo firm. Means, medians and rates are no
 * records' count and have no list.
 */
const NO_LIST = new Set(["avgHours", "p50Hours", "conversionRate"]);
const KEYS = [
  "new-cases",
  "open-cases",
  "money",
  "receivables-ageing",
  "top-clients",
  "workload",
  "deadlines",
  "approvals",
  "intake",
];
const CLIENT_PATHS =
  /^\/(case\/list|case-bills|case-payments|case-time-entries|key-dates|finance\/invoices|workflow\/center\/all|intake)\?/;

/** "1234.50" as cents, so sums are exact. */
const cents = (v: unknown) => Math.round(Number(v) * 100);

describe("GET /api/reports/:key drill-downs", () => {
  let t: TestApp;
  let firm: ReportFirm;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: FAKE_NOW });
    t = await createTestApp();
    firm = await seedReportFirm(t);
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  const get = async (who: string, url: string) =>
    t.app.inject({ url, headers: await t.as(who, { lang: "en" }) });

  /** The list behind a figure, every page of it: its total and the rows' `sum` field added up. */
  const listed = async (who: string, drill: ReportDrill) => {
    let total = 0;
    let sum = 0;
    for (let start = 0; ; start += 1000) {
      const res = await get(who, `${drill.api}&_start=${start}&_end=${start + 1000}`);
      expect(res.statusCode, `${drill.api}: ${res.body}`).toBe(200);
      const rows = res.json().data as Record<string, unknown>[];
      total = Number(res.headers["x-total-count"]);
      if (drill.sum)
        for (const r of rows)
          sum += drill.sum === "minutes" ? Number(r.minutes) : cents(r[drill.sum]);
      if (start + 1000 >= total) break;
    }
    return { total, sum };
  };

  /** Each figure against its list; answers how many figures were checked. */
  const checkAll = async (who: string, query: string) => {
    let checked = 0;
    for (const key of KEYS) {
      const res = await get(who, `/api/reports/${key}?${query}`);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
      const answer = res.json().data as ReportAnswer;
      for (const row of answer.rows)
        for (const column of answer.columns) {
          if (column.kind === "text" || NO_LIST.has(column.key)) continue;
          const where = `${key} ${query} ${row.id}.${column.key}`;
          const drill = answer.drill[row.id]?.[column.key];
          expect(drill, `${where} has no drill-down`).toBeTruthy();
          expect(drill.to, where).toMatch(CLIENT_PATHS);
          const { total, sum } = await listed(who, drill);
          const figure = row[column.key];
          if (!drill.sum) expect(total, where).toBe(Number(figure));
          else if (column.kind === "hours") expect((sum / 60).toFixed(2), where).toBe(figure);
          else expect(sum, where).toBe(cents(figure));
          checked += 1;
        }
    }
    return checked;
  };

  for (const period of ["period=quarter", "period=custom&from=2031-02-01&to=2031-02-28"])
    it(`matches every figure of the fixture firm at each scope (${period})`, async () => {
      expect(await checkAll("radmin", `${period}&scope=firm`)).toBeGreaterThan(30);
      expect(
        await checkAll("radmin", `${period}&scope=department&departmentId=${firm.dept.A}`),
      ).toBeGreaterThan(20);
      expect(
        await checkAll("radmin", `${period}&scope=department&departmentId=${firm.dept.B}`),
      ).toBeGreaterThan(10);
      expect(await checkAll("rlawyer", `${period}&scope=me`)).toBeGreaterThan(15);
    });

  it("matches every figure of the demo firm this year", async () => {
    expect(await checkAll("admin", "period=year&scope=firm")).toBeGreaterThan(20);
  });
});
