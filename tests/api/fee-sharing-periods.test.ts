import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { feePeriods, roles } from "../../src/server/db/tables";
import { casesSuite } from "../fixtures/cases";
import { sharingApi } from "./fee-sharing-fixture";

/**
 * Months close in order and once; a closed month's lines never change, and a later refund or
 * deletion becomes adjusting lines in the first open month, each naming the line it corrects.
 */
describe("fee sharing: closing months", () => {
  const suite = casesSuite();
  let s: ReturnType<typeof sharingApi>;
  let firm = "";
  let lawyer = "";
  let caseId = "";
  beforeAll(async () => {
    s = sharingApi(suite.t, suite.api);
    firm = await s.firmId();
    lawyer = await suite.api.userId("lawyer");
    // Finance closes months in this firm (the role is given the fee-sharing right here).
    await suite.t.database.db
      .update(roles)
      .set({
        rules: sql`${roles.rules} || ${JSON.stringify([
          { action: ["read", "update", "export"], subject: "LAWFIRM_FEE_SHARE" },
        ])}::jsonb`,
      })
      .where(and(eq(roles.workspaceId, firm), eq(roles.code, "finance")));
    caseId = (await s.open({ accountId: await s.client("结账客户") })).id;
  });

  const close = (period: unknown, who = "admin", lang: "en" | "zh-CN" = "en") =>
    suite.api.call("POST", who, "/api/fees/periods", { period }, lang);
  const closeWithKey = async (period: string, key: string) =>
    suite.t.app.inject({
      method: "POST",
      url: "/api/fees/periods",
      headers: await suite.t.as("admin", { lang: "en", "idempotency-key": key }),
      payload: { period },
    });
  const closedCount = async () => {
    const [row] = await suite.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(feePeriods)
      .where(eq(feePeriods.workspaceId, firm));
    return row.n;
  };

  let refunded = "";

  it("a refund and a deletion after the month closed adjust the open month; the closed month is untouched", async () => {
    const periods = await suite.api.get("admin", "/api/fees/periods");
    expect(periods.statusCode, periods.body).toBe(200);
    expect(periods.json().data).toMatchObject({ closed: [] });

    const pay = await s.pay(caseId, "2026-09-15", "10000.00");
    refunded = pay.id;
    const closed = await close("2026-09");
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      period: "2026-09",
      closedBy: await suite.api.userId("admin"),
    });
    const september = await s.monthRows(firm, "2026-09");
    expect(september.map((r) => r.amount).sort()).toEqual(["1000.00", "9000.00"]);

    // The client gets 4000.00 back: the payment is lowered.
    const current = (await suite.api.get("lawyer", `/api/case-payments/${pay.id}`)).json().data;
    const lowered = await suite.api.patch("lawyer", `/api/case-payments/${pay.id}`, {
      ...current,
      amount: "6000.00",
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const lines = await s.lines(pay.id);
    const adjusting = lines.filter((l) => l.refersTo !== null);
    expect(
      adjusting.map(({ period, kind, amount, reason, paidOn }) => ({
        period,
        kind,
        amount,
        reason,
        paidOn,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          period: "2026-10",
          kind: "management",
          amount: "-400.00",
          reason: "refund",
          paidOn: "2026-09-15",
        },
        {
          period: "2026-10",
          kind: "member",
          amount: "-3600.00",
          reason: "refund",
          paidOn: "2026-09-15",
        },
      ]),
    );
    expect(adjusting).toHaveLength(2);
    const originals = new Set(september.map((r) => r.id));
    expect(adjusting.every((l) => originals.has(l.refersTo!))).toBe(true);
    expect(await s.net(pay.id)).toEqual({
      "firm:management": "600.00",
      [`member:${lawyer}`]: "5400.00",
    });
    expect(await s.monthRows(firm, "2026-09")).toEqual(september);

    // A payment dated in the closed month but recorded now lands in the open month.
    const late = await s.pay(caseId, "2026-09-20", "500.00");
    expect((await s.lines(late.id)).map((l) => [l.period, l.paidOn])).toEqual([
      ["2026-10", "2026-09-20"],
      ["2026-10", "2026-09-20"],
    ]);

    // Deleted altogether: its lines come to nothing, again in the open month.
    const removed = await suite.api.del("admin", `/api/case-payments/${pay.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await s.net(pay.id)).toEqual({
      "firm:management": "0.00",
      [`member:${lawyer}`]: "0.00",
    });
    expect((await s.lines(pay.id)).filter((l) => l.period === "2026-10")).toHaveLength(4);
    expect(await s.monthRows(firm, "2026-09")).toEqual(september);
  });

  it("months close in order, never twice and never ahead of the firm's calendar", async () => {
    const before = await closedCount();
    const cases = [
      {
        period: "2026-11",
        status: 409,
        msg: "Months close in order: the next month to close is 2026-10, not 2026-11",
      },
      { period: "2026-09", status: 409, msg: "2026-09 is already closed" },
      {
        period: "2026-08",
        status: 409,
        msg: "Months close in order: the next month to close is 2026-10, not 2026-08",
      },
      { period: "2099-01", status: 409, msg: "2099-01 has not begun yet and cannot be closed" },
    ];
    for (const c of cases) {
      const res = await close(c.period);
      expect(res.statusCode, `${c.period} ${res.body}`).toBe(c.status);
      expect(res.json().msg).toBe(c.msg);
    }
    const zh = await close("2026-09", "admin", "zh-CN");
    expect(zh.json().msg).toBe("2026-09 已结账");
    const periods = (await suite.api.get("admin", "/api/fees/periods")).json().data;
    expect(periods.nextToClose).toBe("2026-10");
    expect(await closedCount()).toBe(before);
  });

  it("bad months are refused with a translated 4xx and nothing is written", async () => {
    const before = await closedCount();
    const lines = await s.countLines(firm);
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i += 1) deep = { a: deep };
    for (const period of [
      "2026-13",
      "2026-00",
      "2026-1",
      "26-10",
      202610,
      null,
      "2026-10\u0000",
      deep,
    ]) {
      const res = await close(period);
      expect(
        res.statusCode,
        `${JSON.stringify(period)?.slice(0, 40)} ${res.body}`,
      ).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().msg).toBeTruthy();
    }
    const proto = await suite.api.call(
      "POST",
      "admin",
      "/api/fees/periods",
      JSON.parse('{"period": "2026-10", "__proto__": {"isAdmin": true}}'),
    );
    expect(proto.statusCode).toBeGreaterThanOrEqual(400);
    expect(proto.statusCode).toBeLessThan(500);
    const query = await suite.api.get("admin", "/api/fees/statements?period=2026-13", "zh-CN");
    expect(query.statusCode).toBe(400);
    expect(query.json().msg).toMatch(/period/);
    // An impossible payment day is refused before anything is split.
    const bad = await suite.api.post("lawyer", "/api/case-payments", {
      caseId,
      paidOn: "2031-02-30",
      amount: "100.00",
    });
    expect(bad.statusCode).toBe(422);
    for (const amount of ["-100.00", "12.345", "abc"]) {
      const res = await suite.api.post("lawyer", "/api/case-payments", {
        caseId,
        paidOn: "2026-10-01",
        amount,
      });
      expect(res.statusCode, amount).toBe(422);
    }
    expect(await closedCount()).toBe(before);
    expect(await s.countLines(firm)).toBe(lines);
  });

  it("two finance users closing the same month at once make one close", async () => {
    const [a, b] = await Promise.all([
      close("2026-10", "admin"),
      close("2026-10", "finance", "zh-CN"),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses, `${a.body} ${b.body}`).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().msg).toMatch(/2026-10/);
    const rows = await suite.t.database.db
      .select()
      .from(feePeriods)
      .where(and(eq(feePeriods.workspaceId, firm), eq(feePeriods.period, "2026-10")));
    expect(rows).toHaveLength(1);
    // Frozen at the close: the refund's adjustments and the late payment are October's.
    expect(rows[0].totals).toMatchObject({
      "firm:management": "-950.00",
      [`member:${lawyer}`]: "-8550.00",
      received: "-9500.00",
    });
    const statements = (await suite.api.get("admin", "/api/fees/statements?period=2026-10")).json()
      .data;
    expect(statements).toMatchObject({
      period: "2026-10",
      closed: true,
      received: "-9500.00",
      firm: { management: "-950.00", tax: "0.00", rounding: "0.00" },
      members: [{ memberId: lawyer, total: "-8550.00", lines: 3 }],
    });
    expect(refunded).not.toBe("");
  });

  it("the same Idempotency-Key closes once and answers the same; another month under it is refused", async () => {
    const key = "6f1d7c1e-0c2a-4a4e-9b8e-2d9b6f0a1c11";
    const first = await closeWithKey("2026-11", key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await closeWithKey("2026-11", key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const other = await closeWithKey("2026-12", key);
    expect(other.statusCode).toBe(422);
    const periods = (await suite.api.get("admin", "/api/fees/periods")).json().data;
    expect(periods.closed.map((p: { period: string }) => p.period)).toEqual([
      "2026-11",
      "2026-10",
      "2026-09",
    ]);
    // A member's twelve months read closed months from the totals frozen at their close.
    const mine = (await suite.api.get("lawyer", "/api/fees/my-earnings?period=2026-11")).json()
      .data;
    expect(mine.months.slice(-3)).toEqual([
      { period: "2026-09", total: "9000.00", closed: true },
      { period: "2026-10", total: "-8550.00", closed: true },
      { period: "2026-11", total: "0.00", closed: true },
    ]);
  });
});
