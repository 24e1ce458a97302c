import { and, eq, inArray, isNull, sql } from "drizzle-orm";

import type { CaseFinance } from "../../../shared/contracts/cases";
import { AppError } from "../../../shared/errors";
import { caseBills, casePayments, cases, caseTimeEntries, members } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { firmTodayOf } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import type { RecordRow } from "../../schema-engine/types";

/*
 * Money is numeric(14,2) from end to end: every sum and product below is computed by PostgreSQL
 * and travels as a string, so no amount ever passes through a JavaScript float.
 */

/** A time entry's rate is the member's at the time it is entered; its amount is rate × hours. */
export const timeEntryValues = async (
  ctx: RequestCtx,
  values: Record<string, unknown>,
  rate?: string,
) => {
  const [member] = rate
    ? [{ rate }]
    : await ctx.db
        .select({ rate: sql<string>`coalesce(${members.hourlyRate}, 0)::text` })
        .from(members)
        .where(inWorkspace(ctx, members, eq(members.userId, String(values.userId))));
  const useRate = member?.rate ?? "0";
  const [{ amount }] = await ctx.db
    .execute<{ amount: string }>(
      sql`select round(${useRate}::numeric * ${Number(values.minutes)} / 60, 2)::text as amount`,
    )
    .then((r) => (r as unknown as { rows: { amount: string }[] }).rows);
  return { rate: useRate, amount };
};

/** A billed entry is part of an issued document: changing it would change the bill behind the client's back. */
export const assertUnbilled = (row: RecordRow) => {
  if (row.billId) throw new AppError(409, "cases.errors.timeEntryBilled");
};

const nextBillNo = async (ctx: RequestCtx, caseNo: string) => {
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(caseBills)
    .where(inWorkspace(ctx, caseBills, sql`${caseBills.billNo} like ${`${caseNo}-B%`}`));
  return `${caseNo}-B${String(n + 1).padStart(3, "0")}`;
};

/**
 * A new bill takes the case's unbilled billable time entries (they now point at it) and the fixed
 * fees the user entered; its number is the case number plus a sequence. Runs inside the create's
 * transaction, with the case row locked so two bills cannot take the same entries.
 */
export const billInsertValues = async (ctx: RequestCtx, values: Record<string, unknown>) => {
  const [kase] = await ctx.db
    .select({ caseNo: cases.caseNo })
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, String(values.caseId))))
    .for("update");
  if (!kase) throw new AppError(404, "errors.notFound");
  const [{ time }] = await ctx.db
    .select({ time: sql<string>`coalesce(sum(${caseTimeEntries.amount}), 0)::text` })
    .from(caseTimeEntries)
    .where(
      inWorkspace(
        ctx,
        caseTimeEntries,
        eq(caseTimeEntries.caseId, String(values.caseId)),
        eq(caseTimeEntries.billable, true),
        isNull(caseTimeEntries.billId),
      ),
    );
  const fixed = String(values.fixedAmount ?? "0");
  const [{ total }] = await ctx.db
    .execute<{ total: string }>(sql`select (${fixed}::numeric + ${time}::numeric)::text as total`)
    .then((r) => (r as unknown as { rows: { total: string }[] }).rows);
  return { billNo: await nextBillNo(ctx, kase.caseNo), status: "draft", timeAmount: time, total };
};

/** After a bill is inserted: the entries it took now point at it. */
export const claimTimeEntries = async (ctx: RequestCtx, bill: RecordRow) => {
  await ctx.db
    .update(caseTimeEntries)
    .set({ billId: String(bill.id) })
    .where(
      inWorkspace(
        ctx,
        caseTimeEntries,
        eq(caseTimeEntries.caseId, String(bill.caseId)),
        eq(caseTimeEntries.billable, true),
        isNull(caseTimeEntries.billId),
      ),
    );
};

/** A bill's total follows its fixed fees; only a draft may change. */
export const billUpdateValues = async (
  ctx: RequestCtx,
  before: RecordRow,
  values: Record<string, unknown>,
) => {
  if (before.status !== "draft") {
    const onlyInvoice = Object.keys(values).every(
      (k) =>
        k === "invoiceStatus" ||
        k === "caseId" ||
        JSON.stringify(values[k]) === JSON.stringify(before[k]),
    );
    if (!onlyInvoice) throw new AppError(409, "cases.errors.billNotDraft");
    return {};
  }
  const fixed = String(values.fixedAmount ?? "0");
  const [{ total }] = await ctx.db
    .execute<{ total: string }>(
      sql`select (${fixed}::numeric + ${String(before.timeAmount)}::numeric)::text as total`,
    )
    .then((r) => (r as unknown as { rows: { total: string }[] }).rows);
  return { total };
};

/** Deleting a draft bill frees its time entries; an issued bill is voided, never deleted. */
export const releaseBill = async (ctx: RequestCtx, bill: RecordRow) => {
  if (bill.status !== "draft") throw new AppError(409, "cases.errors.billNotDraft");
  await ctx.db
    .update(caseTimeEntries)
    .set({ billId: null })
    .where(inWorkspace(ctx, caseTimeEntries, eq(caseTimeEntries.billId, String(bill.id))));
};

/** paid / partially paid / issued from what the payments against a bill add up to. */
export const refreshBillStatus = async (ctx: RequestCtx, billId: string) => {
  const [bill] = await ctx.db
    .select()
    .from(caseBills)
    .where(inWorkspace(ctx, caseBills, eq(caseBills.id, billId)))
    .for("update");
  if (!bill) return;
  const [{ paid }] = await ctx.db
    .select({ paid: sql<string>`coalesce(sum(${casePayments.amount}), 0)::numeric(14, 2)::text` })
    .from(casePayments)
    .where(inWorkspace(ctx, casePayments, eq(casePayments.billId, billId)));
  // A draft or void bill keeps its status; its paid amount is kept all the same.
  const settled = bill.status === "draft" || bill.status === "void";
  const [{ status }] = settled
    ? [{ status: bill.status }]
    : await ctx.db
        .execute<{ status: string }>(
          sql`select case when ${paid}::numeric >= ${bill.total}::numeric and ${bill.total}::numeric > 0 then 'paid'
      when ${paid}::numeric > 0 then 'partially-paid' else 'issued' end as status`,
        )
        .then((r) => (r as unknown as { rows: { status: string }[] }).rows);
  if (status !== bill.status)
    await ctx.db
      .update(caseBills)
      .set({ status, paidAmount: paid, version: bill.version + 1, updatedAt: new Date() })
      .where(inWorkspace(ctx, caseBills, eq(caseBills.id, billId)));
  else if (Number(paid) !== Number(bill.paidAmount))
    // Not a change a user made to the bill: its version (the edit lock) stays.
    await ctx.db
      .update(caseBills)
      .set({ paidAmount: paid })
      .where(inWorkspace(ctx, caseBills, eq(caseBills.id, billId)));
};

/** A payment must go against an issued bill of the same case, if it names one. */
export const assertPaymentBill = async (ctx: RequestCtx, values: Record<string, unknown>) => {
  if (!values.billId) return;
  const [bill] = await ctx.db
    .select()
    .from(caseBills)
    .where(inWorkspace(ctx, caseBills, eq(caseBills.id, String(values.billId))));
  if (!bill || bill.caseId !== values.caseId) throw new AppError(404, "errors.notFound");
  if (bill.status === "draft" || bill.status === "void")
    throw new AppError(409, "cases.errors.billNotIssued");
};

const transition =
  (from: string[], to: string) =>
  async (ctx: RequestCtx, id: string, version: number, now = new Date()) =>
    ctx.db.transaction(async (tx) => {
      const [bill] = await tx
        .select()
        .from(caseBills)
        .where(inWorkspace(ctx, caseBills, eq(caseBills.id, id)))
        .for("update");
      if (!bill) throw new AppError(404, "errors.notFound");
      if (!from.includes(bill.status))
        throw new AppError(409, "cases.errors.billTransition", {
          params: { from: bill.status, to },
        });
      if (bill.version !== version) throw new AppError(409, "errors.staleVersion");
      const [after] = await tx
        .update(caseBills)
        .set({
          status: to,
          ...(to === "issued" ? { issuedOn: await firmTodayOf(tx, ctx.workspaceId, now) } : {}),
          version: bill.version + 1,
          updatedBy: ctx.userId,
          updatedAt: now,
        })
        .where(inWorkspace(ctx, caseBills, eq(caseBills.id, id)))
        .returning();
      // A voided bill gives its time entries back, to be billed again.
      if (to === "void")
        await tx
          .update(caseTimeEntries)
          .set({ billId: null })
          .where(inWorkspace(ctx, caseTimeEntries, eq(caseTimeEntries.billId, id)));
      await writeAudit(tx, ctx, {
        action: "update",
        entity: "case_bills",
        entityId: id,
        before: bill,
        after,
      });
      if (to === "issued") await refreshBillStatus({ ...ctx, db: tx }, id);
      return after;
    });

export const issueBill = transition(["draft"], "issued");
export const voidBill = transition(["draft", "issued", "partially-paid"], "void");

/**
 * The case's money at a glance, computed by the server: the agreed fee by the arrangement (fixed;
 * hourly = billable time; contingency = recovered × %; semi-contingency = fixed + recovered × %;
 * hybrid = fixed + billable time + recovered × %), time recorded, billed, received and outstanding.
 */
export const caseFinance = async (ctx: RequestCtx, caseId: string): Promise<CaseFinance> => {
  const [kase] = await ctx.db
    .select()
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, caseId)));
  if (!kase) throw new AppError(404, "errors.notFound");
  const result = await ctx.db.execute<Record<string, string>>(sql`
    with t as (
      select coalesce(sum(amount) filter (where billable), 0) as billable,
             coalesce(sum(amount) filter (where billable and bill_id is null), 0) as unbilled,
             coalesce(sum(minutes), 0) as minutes
        from case_time_entries where workspace_id = ${ctx.workspaceId} and case_id = ${caseId}),
    b as (
      select coalesce(sum(total) filter (where status in ('issued', 'partially-paid', 'paid')), 0) as billed
        from case_bills where workspace_id = ${ctx.workspaceId} and case_id = ${caseId}),
    p as (
      select coalesce(sum(amount), 0) as paid from case_payments where workspace_id = ${ctx.workspaceId} and case_id = ${caseId}),
    f as (
      select coalesce(${kase.feeFixed}::numeric, 0) as fixed,
             round(coalesce(${kase.recoveredAmount}::numeric, 0) * coalesce(${kase.feePercent}::numeric, 0) / 100, 2) as contingent)
    select
      (case ${kase.feeType ?? ""}
        when 'fixed' then f.fixed
        when 'hourly' then t.billable
        when 'contingency' then f.contingent
        when 'semi-contingency' then f.fixed + f.contingent
        when 'hybrid' then f.fixed + t.billable + f.contingent
        else 0 end)::numeric(14, 2)::text as "agreedFee",
      f.fixed::numeric(14, 2)::text as "fixedFee", f.contingent::numeric(14, 2)::text as "contingentFee",
      t.billable::numeric(14, 2)::text as "timeBillable", t.unbilled::numeric(14, 2)::text as "timeUnbilled", t.minutes::text as "minutes",
      b.billed::numeric(14, 2)::text as "billed", p.paid::numeric(14, 2)::text as "paid", (b.billed - p.paid)::numeric(14, 2)::text as "outstanding"
    from t, b, p, f`);
  const [row] = (result as unknown as { rows: Omit<CaseFinance, "feeType">[] }).rows;
  return { feeType: kase.feeType, ...row };
};

/** Whether any of the ids is a bill of a case other than caseId (a payment cannot move bills). */
export const billsOfCase = (ctx: RequestCtx, caseId: string, ids: string[]) =>
  ctx.db
    .select({ id: caseBills.id })
    .from(caseBills)
    .where(
      and(inWorkspace(ctx, caseBills, eq(caseBills.caseId, caseId)), inArray(caseBills.id, ids)),
    );
