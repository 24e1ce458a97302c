import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { caseBills, cases, invoices, receivableTotals } from "../../src/server/db/tables";
import {
  exactReceivables,
  findReceivables,
  type ReceivablesQuery,
} from "../../src/server/features/fees/receivables";
import { fastReceivables } from "../../src/server/features/fees/receivables-fast";
import { buildAbility } from "../../src/server/lib/ability";
import { firmTodayOf } from "../../src/server/lib/firm-time";
import type { RequestCtx } from "../../src/server/lib/request-ctx";
import { orgInput } from "../fixtures/accounts";
import type { TestApp } from "../fixtures/app";
import { casesApi, casesSuite } from "../fixtures/cases";
import { firmIds } from "../fixtures/org";

/** Days after today on the firm's clock, for clocks the tests inject. */
const later = (days: number) => new Date(Date.now() + days * 86_400_000);

/**
 * The running totals of migration 0028 (receivable_totals, receivable_ageing), kept by the
 * database in the transaction of every write, against the exact report computed from the bills:
 * after each kind of write, the fast path and the exact one give the same answer for the whole
 * firm (rows, paging, totals row and ageing buckets) on injected clocks; two payments at once on
 * one client lose nothing; the paged route and its hostile inputs.
 */
describe("receivable running totals", () => {
  const suite = casesSuite();
  let t: TestApp;
  let api: ReturnType<typeof casesApi>;
  let ctx: RequestCtx;
  const ids: Record<string, string> = {};

  const account = async (n: number, name: string) => {
    const res = await api.post("admin", "/api/accounts", orgInput(n, { name }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  const draft = async (caseId: string, total: string, dueOn?: string) => {
    const res = await api.post("lawyer", "/api/case-bills", { caseId, fixedAmount: total, dueOn });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; version: number };
  };
  const issue = async (bill: { id: string; version: number }) => {
    const res = await api.post("lawyer", `/api/case-bills/${bill.id}/issue`, {
      version: bill.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    return bill.id;
  };
  const pay = async (caseId: string, billId: string, amount: string, paidOn = "2026-01-15") => {
    const res = await api.post("lawyer", "/api/case-payments", { caseId, billId, paidOn, amount });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; version: number };
  };
  const totalsOf = async (accountId: string) =>
    (
      await t.database.db
        .select()
        .from(receivableTotals)
        .where(eq(receivableTotals.accountId, accountId))
    )[0];

  /**
   * The fast path and the exact report on the same data at `now`: the same answer, whole firm
   * and one client, unpaged and paged; the fast path really served (its totals are settled).
   */
  const agree = async (now = later(0), extra: ReceivablesQuery = {}) => {
    const today = await firmTodayOf(t.database.db, ctx.workspaceId, now);
    const fast = await fastReceivables(t.database.db, ctx.workspaceId, today, undefined, undefined);
    expect(fast.settled).toBe(true);
    for (const q of [extra, { ...extra, _start: 0, _end: 2 }, { ...extra, _start: 2, _end: 5 }]) {
      const served = await findReceivables(ctx, q, now);
      expect(served).toEqual(await exactReceivables(ctx, q, today));
    }
    return findReceivables(ctx, extra, now);
  };
  const rowOf = async (accountId: string, now = later(0)) =>
    (await agree(now, { accountId })).rows[0];

  beforeAll(async () => {
    ({ t, api } = suite);
    const { a } = await firmIds(t);
    const [finance] = (
      (await t.database.db.execute(
        sql`select id::text from users where username = 'finance'`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    ctx = {
      userId: finance.id,
      workspaceId: a,
      sessionId: "",
      db: t.database.db,
      ability: buildAbility([{ action: "manage", subject: "all" }]),
      rules: [],
      lang: "en",
      ip: "127.0.0.1",
      log: t.app.log,
      app: t.app,
    };
    ids.x = await account(811, "应收合计甲有限公司");
    ids.y = await account(812, "应收合计乙有限公司");
    ids.c1 = (await api.open("lawyer", { accountId: ids.x })).id;
    ids.c2 = (await api.open("lawyer", { accountId: ids.x })).id;
    ids.c3 = (await api.open("lawyer", { accountId: ids.y })).id;
  });

  it("the demo firm's report is the same by both paths (backfill and seed)", async () => {
    const report = await agree();
    expect(report.rows.length).toBeGreaterThan(0);
    await agree(later(200));
  });

  it("bills: a draft counts for nothing; issue, amount and void move the client's totals", async () => {
    const d = await draft(ids.c1, "1000", "2026-01-01");
    expect((await totalsOf(ids.x))?.bills ?? 0).toBe(0);
    // A draft's amount changes, then it is issued.
    const changed = await api.patch("lawyer", `/api/case-bills/${d.id}`, {
      fixedAmount: "1200",
      version: d.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    ids.b1 = await issue(changed.json().data);
    expect(await rowOf(ids.x)).toMatchObject({
      cases: 1,
      billed: "1200.00",
      received: "0.00",
      outstanding: "1200.00",
    });
    const b2 = await issue(await draft(ids.c2, "300", "2099-01-01"));
    ids.b2 = b2;
    const x = await rowOf(ids.x);
    expect(x).toMatchObject({ cases: 2, billed: "1500.00", outstanding: "1500.00" });
    expect(x.buckets.notDue).toBe("300.00");
    // Aged on a later clock: the bill due on 1 January 2026 is over 180 days old by then.
    expect((await rowOf(ids.x, later(400))).buckets.over180).toBe("1200.00");
    // An issued bill's amount changed by hand (SQL): the totals follow all the same.
    await t.database.db.update(caseBills).set({ total: "350.00" }).where(eq(caseBills.id, b2));
    expect(await rowOf(ids.x)).toMatchObject({ billed: "1550.00" });
    const [row] = await t.database.db.select().from(caseBills).where(eq(caseBills.id, b2));
    const voided = await api.post("lawyer", `/api/case-bills/${b2}/void`, {
      version: row.version,
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await rowOf(ids.x)).toMatchObject({ cases: 1, billed: "1200.00" });
    expect((await rowOf(ids.x)).buckets.notDue).toBe("0.00");
  });

  it("payments: added, changed, moved to another bill, deleted", async () => {
    const other = await issue(await draft(ids.c1, "800", "2026-02-01"));
    const p = await pay(ids.c1, ids.b1, "200");
    expect(await rowOf(ids.x)).toMatchObject({ received: "200.00", outstanding: "1800.00" });
    const more = await api.patch("lawyer", `/api/case-payments/${p.id}`, {
      amount: "500",
      version: p.version,
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(await rowOf(ids.x)).toMatchObject({ received: "500.00" });
    const moved = await api.patch("lawyer", `/api/case-payments/${p.id}`, {
      billId: other,
      version: more.json().data.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const x = await rowOf(ids.x, later(400));
    expect(x).toMatchObject({ received: "500.00", outstanding: "1500.00" });
    expect(x.buckets.over180).toBe("1500.00");
    // A payment dated after today is not received yet: both paths put it back on the debt.
    const { a } = await firmIds(t);
    const soon = await pay(ids.c1, other, "50", await firmTodayOf(t.database.db, a, later(10)));
    expect(await rowOf(ids.x)).toMatchObject({ received: "500.00", outstanding: "1500.00" });
    expect(await rowOf(ids.x, later(11))).toMatchObject({ received: "550.00" });
    expect((await api.del("admin", `/api/case-payments/${soon.id}`)).statusCode).toBe(200);
    expect((await api.del("admin", `/api/case-payments/${p.id}`)).statusCode).toBe(200);
    expect(await rowOf(ids.x)).toMatchObject({ received: "0.00", outstanding: "2000.00" });
  });

  it("invoices: issued, red-reversed, voided", async () => {
    const { a } = await firmIds(t);
    const today = await firmTodayOf(t.database.db, a);
    const [inv] = await t.database.db
      .insert(invoices)
      .values({
        workspaceId: a,
        requestNo: "FP-TOTALS-1",
        caseId: ids.c1,
        accountId: ids.x,
        invoiceType: "vatNormal",
        buyerTitle: "应收合计",
        amount: "700.00",
        taxRate: "6.00",
        taxAmount: "0.00",
        status: "pending",
      })
      .returning();
    expect((await rowOf(ids.x)).invoiced).toBe("0.00");
    await t.database.db
      .update(invoices)
      .set({ status: "issued", issuedOn: today, invoiceNo: "TT1" })
      .where(eq(invoices.id, inv.id));
    expect((await rowOf(ids.x)).invoiced).toBe("700.00");
    await t.database.db
      .update(invoices)
      .set({ status: "reversed", cancelledOn: today })
      .where(eq(invoices.id, inv.id));
    expect((await rowOf(ids.x)).invoiced).toBe("0.00");
    await t.database.db
      .update(invoices)
      .set({ status: "issued", cancelledOn: null })
      .where(eq(invoices.id, inv.id));
    expect((await rowOf(ids.x)).invoiced).toBe("700.00");
    await t.database.db
      .update(invoices)
      .set({ status: "voided", cancelledOn: today })
      .where(eq(invoices.id, inv.id));
    expect((await rowOf(ids.x)).invoiced).toBe("0.00");
  });

  it("a case moved to another client takes its bills along; a deleted case takes them away", async () => {
    const b = await issue(await draft(ids.c3, "900", "2026-03-01"));
    await pay(ids.c3, b, "100");
    expect(await rowOf(ids.y)).toMatchObject({ billed: "900.00", received: "100.00" });
    await t.database.db.update(cases).set({ accountId: ids.x }).where(eq(cases.id, ids.c3));
    expect((await agree()).rows.some((r) => r.accountId === ids.y)).toBe(false);
    expect(await rowOf(ids.x)).toMatchObject({ cases: 2, billed: "2900.00", received: "100.00" });
    await t.database.db.delete(cases).where(eq(cases.id, ids.c3));
    expect(await rowOf(ids.x)).toMatchObject({ cases: 1, billed: "2000.00", received: "0.00" });
    expect(await totalsOf(ids.y)).toMatchObject({ bills: 0, billed: "0.00" });
  });

  it("two payments at once on one client both count", async () => {
    const bills = [
      await issue(await draft(ids.c1, "1000", "2026-04-01")),
      await issue(await draft(ids.c2, "1000", "2026-04-01")),
    ];
    const before = await totalsOf(ids.x);
    for (let i = 0; i < 4; i++)
      await Promise.all([pay(ids.c1, bills[0], "10.00"), pay(ids.c2, bills[1], "20.00")]);
    const after = await totalsOf(ids.x);
    expect(Number(after.received) - Number(before.received)).toBe(120);
    expect(after.billed).toBe(before.billed);
    await agree();
  });

  it("a renamed client moves in the page order (debt, name, id) the same way on both paths", async () => {
    // Two clients owing the same, so their names decide; one also has a payment dated after today,
    // which puts it back on its debt (the fast path's page merges such clients into the index range).
    const [m, n] = [await account(813, "ZZ rank M"), await account(814, "ZZ rank N")];
    const [cm, cn] = [
      (await api.open("lawyer", { accountId: m })).id,
      (await api.open("lawyer", { accountId: n })).id,
    ];
    const bm = await issue(await draft(cm, "777", "2026-05-01"));
    await issue(await draft(cn, "777", "2026-05-01"));
    const { a } = await firmIds(t);
    const soon = await pay(cm, bm, "70", await firmTodayOf(t.database.db, a, later(5)));
    const window = async () => {
      const report = await agree();
      const at = report.rows.findIndex((r) => r.accountId === m || r.accountId === n);
      // The two and their neighbours, paged exactly there, by both paths.
      await agree(later(0), { _start: Math.max(0, at - 1), _end: at + 3 });
      return report.rows.slice(at, at + 2).map((r) => r.accountId);
    };
    expect(await window()).toEqual([m, n]);
    const [acct] = (
      (await t.database.db.execute(
        sql`select version from accounts where id = ${m}`,
      )) as unknown as { rows: { version: number }[] }
    ).rows;
    const renamed = await api.patch("admin", `/api/accounts/${m}`, {
      name: "ZZ rank O",
      version: acct.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await totalsOf(m)).name).toBe("ZZ rank O");
    expect(await window()).toEqual([n, m]);
    // Without the later payment, the two owe the same again: still by name.
    expect((await api.del("admin", `/api/case-payments/${soon.id}`)).statusCode).toBe(200);
    expect(await window()).toEqual([n, m]);
  });

  it("pages the screen: the count of all clients, the page's rows, the firm's totals", async () => {
    const all = await api.get("finance", "/api/fees/receivables");
    expect(all.statusCode, all.body).toBe(200);
    const { rows, totals } = all.json().data;
    const count = Number(all.headers["x-total-count"]);
    expect(count).toBe(rows.length);
    expect(count).toBeGreaterThanOrEqual(2);
    const page = await api.get("finance", "/api/fees/receivables?_start=1&_end=2");
    expect(page.statusCode, page.body).toBe(200);
    expect(Number(page.headers["x-total-count"])).toBe(count);
    expect(page.json().data.rows).toEqual(rows.slice(1, 2));
    expect(page.json().data.totals).toEqual(totals);
    const past = await api.get(
      "finance",
      `/api/fees/receivables?_start=${count}&_end=${count + 20}`,
    );
    expect(past.json().data.rows).toEqual([]);
    expect(Number(past.headers["x-total-count"])).toBe(count);
    expect(past.json().data.totals).toEqual(totals);
  });

  it("refuses hostile paging and keys, in the asker's language", async () => {
    for (const query of ["_start=-1", "_end=abc", "_start=1%00", "__proto__=1", "constructor=1"]) {
      for (const lang of ["en", "zh-CN"] as const) {
        const res = await api.get("finance", `/api/fees/receivables?${query}`, lang);
        expect(res.statusCode, query).toBe(400);
        const msg = res.json().msg as string;
        expect(typeof msg).toBe("string");
        expect(msg).not.toMatch(/^[a-z]+\.[a-zA-Z.]+$/);
      }
    }
  });
});
