import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestApp, type TestApp } from "../fixtures/app";
import { openTestDatabase } from "../fixtures/database";

type Rows<T> = { rows: T[] };

/**
 * The demo's year of money (seed/finance-year.ts), written through the app's own services: every
 * payment split to the cent, two months closed in order, invoices matched and one red-reversed,
 * expenses on bills, and receivables with something in more than one ageing bucket.
 */
describe("demo data: a year of fees, invoices and fee sharing", () => {
  let t: TestApp;
  const get = async (who: string, url: string) => {
    const res = await t.app.inject({ url, headers: await t.as(who) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const query = async <T>(text: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(text)) as unknown as Rows<T>).rows;

  beforeAll(async () => {
    t = await createTestApp({}, await openTestDatabase({ history: true }));
  });
  afterAll(() => t.close());

  it("splits every payment of both firms into share lines that add up to it, to the cent", async () => {
    const payments = await query<{ n: number }>(sql`select count(*)::int as n from case_payments`);
    expect(payments[0].n).toBeGreaterThanOrEqual(20);
    const off = await query<{ id: string; amount: string; lines: string | null }>(sql`
      select p.id, p.amount::text, sum(l.amount)::text as lines
        from case_payments p left join fee_share_lines l
          on l.workspace_id = p.workspace_id and l.payment_id = p.id
       group by p.id, p.amount having coalesce(sum(l.amount), 0) <> p.amount`);
    expect(off).toEqual([]);
  });

  it("has the year's two oldest months closed, and the third is the next to close", async () => {
    const periods = await get("finance", "/api/fees/periods");
    const closed = (periods.closed as { period: string }[]).map((p) => p.period).sort();
    expect(closed).toHaveLength(2);
    const [first] = await query<{ period: string }>(sql`
      select min(period) as period from fee_share_lines l join workspaces w on w.id = l.workspace_id
       where w.name = '明德律师事务所' and l.reason = 'payment'`);
    expect(closed[0]).toBe(first.period);
    expect(periods.nextToClose > closed[1]).toBe(true);
    // The lawyer's earnings in a closed month are there to read.
    const mine = await get("lawyer", `/api/fees/my-earnings?period=${closed[0]}`);
    expect(JSON.stringify(mine)).toMatch(/"amount":"[1-9]/);
  });

  it("invoices every payment, matched to it, with one red-reversed for a wrong title and issued again", async () => {
    const rows = await query<{ status: string; n: number }>(sql`
      select status, count(*)::int as n from invoices group by status`);
    const by = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    expect(by.issued).toBeGreaterThanOrEqual(20);
    expect(by.reversed).toBe(2);
    const unmatched = await query<{ id: string }>(sql`
      select i.id from invoices i where i.status = 'issued' and i.payment_id is not null
         and not exists (select 1 from invoice_payments m where m.invoice_id = i.id)`);
    expect(unmatched).toEqual([]);
    const [reversed] = await query<{ cancel_reason: string }>(sql`
      select cancel_reason from invoices where status = 'reversed' limit 1`);
    expect(reversed.cancel_reason).toContain("红冲");
  });

  it("puts billable expenses the firm advanced onto bills, and shows receivables in more than one ageing bucket", async () => {
    const onBills = await query<{ n: number }>(sql`
      select count(*)::int as n from case_expenses e join case_bills b
        on b.workspace_id = e.workspace_id and b.id = e.bill_id
       where e.billable and b.expense_amount >= e.amount`);
    expect(onBills[0].n).toBeGreaterThanOrEqual(8);
    const receivables = await get("finance", "/api/fees/receivables");
    const buckets = Object.values(receivables.totals.buckets as Record<string, string>);
    expect(buckets.filter((v) => v !== "0.00").length).toBeGreaterThanOrEqual(2);
    expect(Number(receivables.totals.received)).toBeGreaterThan(0);
    expect(Number(receivables.totals.invoiced)).toBeGreaterThan(0);
  });
});
