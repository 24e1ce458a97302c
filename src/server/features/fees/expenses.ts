import { eq, getTableName, sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { FEE_ERRORS, parseCents } from "../../../shared/fees";
import { caseBills, caseExpenses, cases } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { ownersOfCase, type RowOwner } from "../../lib/row-owners";
import { inWorkspace } from "../../lib/tenant";
import type { BindingExtension } from "../../plugins/feature";
import type { ResourceBinding } from "../../schema-engine";
import type { RecordRow } from "../../schema-engine/types";
import { CASE_STATUS, syncRecordFiles } from "../cases";
import { failFeeErrors } from "./fee-errors";

/*
 * Expenses advanced on a case (代垫费用). A billable expense the firm paid goes onto the case's
 * next bill: the bill's total includes it and the expense points at the bill, after which it is
 * part of an issued document and no longer changes. Sums are PostgreSQL's, as numeric text.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** An expense is added only while its case is open, like the case's time, payments and bills. */
const assertCaseOpen = async (ctx: RequestCtx, caseId: unknown) => {
  const [row] = await ctx.db
    .select({ status: cases.status })
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, String(caseId))));
  if (!row) throw new AppError(404, "errors.notFound");
  if (row.status === CASE_STATUS.closed || row.status === CASE_STATUS.terminated)
    throw new AppError(409, "cases.errors.notEditable");
};

/** The schema's pattern lets "0" through; the table refuses it, so it is answered here first. */
const assertAmount = (ctx: RequestCtx, amount: unknown) => {
  const cents = parseCents(amount);
  if (cents === null || cents <= 0n)
    failFeeErrors(ctx, [{ code: FEE_ERRORS.amountInvalid, field: "amount" }]);
};

/** The bill an expense is on, unless that bill was voided (a voided bill gives its expenses back). */
const liveBillOf = async (ctx: RequestCtx, billId: unknown) => {
  if (typeof billId !== "string") return undefined;
  const [bill] = await ctx.db
    .select({ billNo: caseBills.billNo, status: caseBills.status })
    .from(caseBills)
    .where(inWorkspace(ctx, caseBills, eq(caseBills.id, billId)));
  return bill && bill.status !== "void" ? bill : undefined;
};

export const expenseBindings: Record<string, ResourceBinding> = {
  "case-expenses": {
    table: caseExpenses,
    beforeInsert: async (ctx, values) => {
      await assertCaseOpen(ctx, values.caseId);
      assertAmount(ctx, values.amount);
      return {};
    },
    // A billed expense is on a bill the client has (or will have): it is locked, like billed time.
    beforeChange: async (ctx, before) => {
      const bill = await liveBillOf(ctx, before.billId);
      if (bill)
        throw new AppError(409, "errors.fees.expenseBilled", { params: { billNo: bill.billNo } });
    },
    beforeUpdate: (ctx, before, values) => {
      if (values.caseId !== before.caseId) throw new AppError(409, "errors.fees.expenseMoved");
      assertAmount(ctx, values.amount);
      // Reached with a bill id only when that bill was voided: the expense is free again.
      return before.billId ? { billId: null } : {};
    },
    afterWrite: async (ctx, after, before) => {
      const row = after ?? before;
      if (!row) return;
      await syncRecordFiles(
        ctx,
        getTableName(caseExpenses),
        String(row.id),
        [row.spentOn, row.description].filter(Boolean).join(" "),
        after ? after.receiptFileIds : [],
      );
    },
  },
};

/** An expense belongs to the owners of its case, like the case's other rows. */
export const expenseRowOwners: Record<string, RowOwner> = {
  [getTableName(caseExpenses)]: {
    many: ownersOfCase(caseExpenses.workspaceId, caseExpenses.caseId),
  },
};

/** The case's expenses that go onto its next bill: billable, advanced by the firm, not billed. */
const unbilled = (ctx: RequestCtx, caseId: string) =>
  sql`workspace_id = ${ctx.workspaceId} and case_id = ${caseId} and billable and paid_by = 'firm' and bill_id is null`;

/** Expenses of the case's voided bills become unbilled again, to go onto the next one. */
const releaseVoided = (ctx: RequestCtx, caseId: string) =>
  ctx.db.execute(sql`
    update case_expenses set bill_id = null
     where workspace_id = ${ctx.workspaceId} and case_id = ${caseId}
       and bill_id in (select id from case_bills
                        where workspace_id = ${ctx.workspaceId} and case_id = ${caseId} and status = 'void')`);

/**
 * What fees adds to the cases feature's bills (plugins/feature.ts runs these after the cases
 * hooks, in the same transaction). The cases hook has locked the case row and computed the total
 * of fixed fees and time; an expense insert needs a key-share lock on that row for its foreign
 * key, so the sum taken here and the rows claimed after the insert are the same set.
 */
export const billExtension: BindingExtension = {
  beforeInsert: async (ctx, values) => {
    const caseId = String(values.caseId);
    await releaseVoided(ctx, caseId);
    const [row] = rowsOf<{ expenses: string; total: string }>(
      await ctx.db.execute(sql`
        select e.expenses::numeric(14, 2)::text as expenses,
               (${String(values.total ?? "0")}::numeric + e.expenses)::numeric(14, 2)::text as total
          from (select coalesce(sum(amount), 0) as expenses from case_expenses
                 where ${unbilled(ctx, caseId)}) e`),
    );
    return { expenseAmount: row.expenses, total: row.total };
  },
  // The cases hook recomputes a draft's total from its fixed fees and time; the expenses stay on it.
  beforeUpdate: async (ctx, before, values) => {
    if (before.status !== "draft" || typeof values.total !== "string") return {};
    const [row] = rowsOf<{ total: string }>(
      await ctx.db.execute(
        sql`select (${values.total}::numeric + ${String(before.expenseAmount ?? "0")}::numeric)::numeric(14, 2)::text as total`,
      ),
    );
    return { total: row.total };
  },
  afterWrite: async (ctx, after: RecordRow | undefined, before: RecordRow | undefined) => {
    if (after && !before) {
      const [claimed] = rowsOf<{ amount: string }>(
        await ctx.db.execute(sql`
          with taken as (
            update case_expenses set bill_id = ${String(after.id)}
             where ${unbilled(ctx, String(after.caseId))} returning amount)
          select coalesce(sum(amount), 0)::numeric(14, 2)::text as amount from taken`),
      );
      // The bill states what it took; anything else would bill the client a different sum.
      if (claimed.amount !== String(after.expenseAmount))
        throw new AppError(409, "errors.recordBusy");
    }
    // Deleting a draft (the cases hook refuses any other) gives its expenses back.
    if (!after && before)
      await ctx.db
        .update(caseExpenses)
        .set({ billId: null })
        .where(inWorkspace(ctx, caseExpenses, eq(caseExpenses.billId, String(before.id))));
  },
};
