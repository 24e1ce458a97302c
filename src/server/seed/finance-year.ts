import dayjs from "dayjs";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";

import type { CaseAllocation, FeeArrangement, Instalment } from "../../shared/fees";
import {
  formatCents,
  nextPeriod,
  parseCents,
  periodOf,
  splitTaxInclusive,
} from "../../shared/fees";
import { refreshBillStatus } from "../features/cases";
import { closePeriod, resplitPayment } from "../features/fee-sharing";
import {
  nextRequestNumber,
  refreshBillInvoicing,
  reverseInvoice,
  setMatch,
} from "../features/invoices";
import type { Db } from "../db/client";
import {
  accounts,
  caseBills,
  caseExpenses,
  caseFeeTerms,
  casePayments,
  cases,
  invoices,
} from "../db/tables";
import { firmTodayOf } from "../lib/firm-time";
import type { RequestCtx } from "../lib/request-ctx";
import { DEMO_CONTRACT_PDF } from "./demo-bodies";
import { hashOf } from "./invoices";
import { seedFile } from "./documents";
import { seedCtx } from "./seed-ctx";

type People = { lead: string; partner: string; finance: string };
type Kase = typeof cases.$inferSelect;

const cents = (v: string) => parseCents(v) ?? 0n;
const day = (d: dayjs.Dayjs) => d.format("YYYY-MM-DD");

/** Four quarterly instalments of a quarter each, the last this month; shifted a little per case. */
const scheduleOf = (today: dayjs.Dayjs, n: number): Instalment[] =>
  [9, 6, 3, 0].map((monthsAgo, i) => ({
    label: `第${i + 1}期`,
    percent: "25.00",
    dueDate: day(today.subtract(monthsAgo, "month").date(Math.min(5 + n * 3, 20))),
  }));

/** What the demo agreement says: the case's own fixed fee, or its fixed part with the percentage. */
const arrangementOf = (kase: Kase): FeeArrangement => {
  const fixed = kase.feeFixed ?? "100000.00";
  if (kase.feePercent && kase.feeType !== "fixed")
    return {
      kind: "semiContingency",
      fixedAmount: fixed,
      contingency: { base: "recovered", percent: kase.feePercent },
    };
  return { kind: "fixed", amount: fixed };
};

/**
 * A year of a firm's money over its open and closed demo cases (issue 28): fee agreements with
 * quarterly instalments (some overdue by weeks or months, some not yet due), the allocation (lead 70%, the partner as
 * originator and co-counsel 30%), expenses (some onto bills), bills paid in full, in part or not
 * at all, an invoice for every payment matched to it, one red-reversed and issued again, and the
 * year's two oldest months closed. Written through the services a user's request would call, so
 * share lines and closes are exactly what the app makes.
 */
export const seedFinanceYear = async (tx: Db, workspaceId: string, people: People) => {
  const ctx = seedCtx(tx, workspaceId, people.finance);
  const today = dayjs(await firmTodayOf(tx, workspaceId));
  const chosen = await tx
    .select()
    .from(cases)
    .where(
      and(
        eq(cases.workspaceId, workspaceId),
        inArray(cases.status, ["formal", "closed"]),
        isNotNull(cases.feeFixed),
      ),
    )
    .orderBy(asc(cases.caseNo))
    .limit(4);
  const year = today.subtract(11, "month").startOf("month");
  const allocation: CaseAllocation = {
    originatorId: people.partner,
    lines: [
      { memberId: people.lead, role: "lead", percent: "70.00" },
      { memberId: people.partner, role: "co-counsel", percent: "30.00" },
    ],
  };
  const paymentIds: { id: string; paidOn: string }[] = [];
  for (const [n, kase] of chosen.entries()) {
    // The allocation was agreed when the case came in, before any of this year's money.
    await tx
      .update(cases)
      .set({ feeAllocation: allocation, updatedAt: year.subtract(1, "month").toDate() })
      .where(and(eq(cases.workspaceId, workspaceId), eq(cases.id, kase.id)));
    const schedule = scheduleOf(today, n);
    await tx.insert(caseFeeTerms).values({
      workspaceId,
      caseId: kase.id,
      arrangement: arrangementOf(kase),
      schedule,
      updatedBy: people.lead,
    });
    const fixed = cents(kase.feeFixed ?? "100000.00");
    const expenses = await seedCaseExpenses(tx, workspaceId, kase, people.lead, schedule);
    for (const [i, instalment] of schedule.entries()) {
      const due = dayjs(instalment.dueDate);
      const onBill = expenses.filter((e) => e.billIndex === i);
      const expenseCents = onBill.reduce((sum, e) => sum + cents(e.amount), 0n);
      const fixedPart = i === schedule.length - 1 ? fixed - (fixed / 4n) * 3n : fixed / 4n;
      const [bill] = await tx
        .insert(caseBills)
        .values({
          workspaceId,
          caseId: kase.id,
          billNo: `${kase.caseNo}-Y${String(i + 1).padStart(2, "0")}`,
          status: "issued",
          issuedOn: day(due.subtract(10, "day")),
          dueOn: day(due),
          fixedAmount: formatCents(fixedPart),
          expenseAmount: formatCents(expenseCents),
          total: formatCents(fixedPart + expenseCents),
          createdBy: people.lead,
          updatedBy: people.lead,
        })
        .returning();
      if (onBill.length)
        await tx
          .update(caseExpenses)
          .set({ billId: bill.id })
          .where(
            and(
              eq(caseExpenses.workspaceId, workspaceId),
              inArray(
                caseExpenses.id,
                onBill.map((e) => e.id),
              ),
            ),
          );
      const total = fixedPart + expenseCents;
      // Most instalments are paid in full; the last is unpaid on even cases (overdue or not yet
      // due) and 40% paid on odd ones; a few earlier ones age further: a case whose third
      // instalment was never paid, one whose second was half paid, one paid in two goes.
      const share = (tenths: bigint) => (total * tenths) / 10n;
      const parts =
        i === schedule.length - 1
          ? n % 2 === 1
            ? [{ after: 2, amount: share(4n) }]
            : []
          : n === 2 && i === 2
            ? []
            : n === 0 && i === 1
              ? [{ after: 9, amount: share(5n) }]
              : n === 1 && i === 1
                ? [
                    { after: 12, amount: share(6n) },
                    { after: 40, amount: total - share(6n) },
                  ]
                : [{ after: 4 + ((n * 7 + i * 5) % 20), amount: total }];
      for (const part of parts) {
        const paidOn = due.add(part.after, "day");
        if (paidOn.isAfter(today)) continue;
        const [payment] = await tx
          .insert(casePayments)
          .values({
            workspaceId,
            caseId: kase.id,
            billId: bill.id,
            paidOn: day(paidOn),
            amount: formatCents(part.amount),
            method: "bank-transfer",
            payer: "委托人",
            createdBy: people.finance,
            updatedBy: people.finance,
          })
          .returning();
        paymentIds.push({ id: payment.id, paidOn: payment.paidOn });
      }
      await refreshBillStatus(ctx, bill.id);
    }
  }
  // Split every payment of the firm in the order it came in (the demo's earlier ones too).
  const all = await tx
    .select({ id: casePayments.id, paidOn: casePayments.paidOn })
    .from(casePayments)
    .where(eq(casePayments.workspaceId, workspaceId))
    .orderBy(asc(casePayments.paidOn), asc(casePayments.createdAt));
  for (const p of all) await resplitPayment(ctx, p.id, "payment");
  await seedYearInvoices(ctx, people, paymentIds);
  // The two oldest months of the year are closed; the next close is the third.
  const first = paymentIds.map((p) => periodOf(p.paidOn)).sort()[0];
  if (first) for (const period of [first, nextPeriod(first)]) await closePeriod(ctx, period);
};

/** Court fee and travel onto the first and third bills; copying kept off the bills. */
const seedCaseExpenses = async (
  tx: Db,
  workspaceId: string,
  kase: Kase,
  lead: string,
  schedule: Instalment[],
) => {
  const before = (i: number, days: number) =>
    day(dayjs(schedule[i].dueDate).subtract(10 + days, "day"));
  const rows = [
    {
      billIndex: 0,
      spentOn: before(0, 5),
      category: "court-fee",
      amount: "2675.00",
      billable: true,
      description: "案件受理费（律所垫付）",
    },
    {
      billIndex: 2,
      spentOn: before(2, 8),
      category: "travel",
      amount: "1280.00",
      billable: true,
      description: "赴外地开庭差旅费",
    },
    {
      billIndex: -1,
      spentOn: before(1, 3),
      category: "copying",
      amount: "86.50",
      billable: false,
      description: "证据材料复印装订",
    },
  ];
  const inserted = await tx
    .insert(caseExpenses)
    .values(
      rows.map(({ billIndex: _i, ...r }) => ({
        workspaceId,
        caseId: kase.id,
        paidBy: "firm",
        createdBy: lead,
        updatedBy: lead,
        ...r,
      })),
    )
    .returning();
  return inserted.map((row, i) => ({
    id: row.id,
    amount: row.amount,
    billIndex: rows[i].billIndex,
  }));
};

/**
 * An electronic invoice for every payment, issued the day it came in and matched to it; the
 * first one red-reversed a few days later (the buyer's title was wrong) and issued again.
 */
const seedYearInvoices = async (
  ctx: RequestCtx,
  people: People,
  payments: { id: string; paidOn: string }[],
) => {
  const { db: tx, workspaceId } = ctx;
  const rows = await tx
    .select({ payment: casePayments, kase: cases, client: accounts.name })
    .from(casePayments)
    .innerJoin(
      cases,
      and(eq(cases.workspaceId, casePayments.workspaceId), eq(cases.id, casePayments.caseId)),
    )
    .innerJoin(
      accounts,
      and(eq(accounts.workspaceId, cases.workspaceId), eq(accounts.id, cases.accountId)),
    )
    .where(
      and(
        eq(casePayments.workspaceId, workspaceId),
        inArray(
          casePayments.id,
          payments.map((p) => p.id),
        ),
      ),
    )
    .orderBy(asc(casePayments.paidOn));
  const firm = Math.abs(hashOf(workspaceId)).toString().padStart(12, "0").slice(0, 12);
  let serial = 0;
  const issue = async (row: (typeof rows)[number], on: string, buyerTitle: string) => {
    serial += 1;
    const invoiceNo = `2611${firm}${String(serial).padStart(4, "0")}`;
    const file = await seedFile(tx, {
      workspaceId,
      ownerId: people.finance,
      folderId: row.kase.folderId,
      name: `发票-${invoiceNo}.pdf`,
      mime: "application/pdf",
      body: DEMO_CONTRACT_PDF,
    });
    const { amount } = row.payment;
    const [invoice] = await tx
      .insert(invoices)
      .values({
        workspaceId,
        requestNo: await nextRequestNumber(ctx),
        caseId: row.kase.id,
        accountId: row.kase.accountId,
        paymentId: row.payment.id,
        invoiceType: "electronic",
        buyerTitle,
        taxRate: "6.00",
        amount,
        taxAmount: splitTaxInclusive(amount, "6.00").tax,
        items: [{ name: "法律服务费", amount }],
        status: "issued",
        invoiceNo,
        issuedOn: on,
        invoiceFileIds: [file.id],
        issuedBy: people.finance,
        createdBy: people.lead,
        updatedBy: people.finance,
      })
      .returning();
    await setMatch(ctx, invoice.id, { paymentId: row.payment.id, amount });
    return invoice;
  };
  for (const [i, row] of rows.entries()) {
    if (i === 0) {
      // Issued to a misspelt title, red-reversed, issued again to the client's own name.
      const wrong = await issue(row, row.payment.paidOn, `${row.client}（抬头有误）`);
      const on = day(dayjs(row.payment.paidOn).add(5, "day"));
      await reverseInvoice(ctx, wrong.id, { reason: "购买方名称有误，红冲后重开", on });
      await issue(row, on, row.client);
    } else await issue(row, row.payment.paidOn, row.client);
    await refreshBillInvoicing(ctx, row.payment.billId);
  }
};
