import { desc, eq, getTableName, ne } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import {
  caseBills,
  caseCourtNumbers,
  casePayments,
  cases,
  caseTimeEntries,
  workflowInstances,
} from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { ownersOfCase, type RowOwner } from "../../lib/row-owners";
import { inWorkspace } from "../../lib/tenant";
import type { ResourceBinding } from "../../schema-engine";
import type { RecordRow } from "../../schema-engine/types";
import { readBusinessSettings } from "../workflow";
import { caseChangeRef, submitCaseChanges } from "./changes";
import { syncCaseDerived } from "./derived";
import { syncRecordFiles } from "./files";
import {
  assertPaymentBill,
  assertUnbilled,
  billInsertValues,
  billUpdateValues,
  claimTimeEntries,
  refreshBillStatus,
  releaseBill,
  timeEntryValues,
} from "./finance";
import { assertPartnerChoice } from "./partner-check";
import { CASE_STATUS } from "./status";

/** The open approval deciding a case's pending change. */
const pendingApprovalOf = async (ctx: RequestCtx, caseId: string) => {
  const [row] = await ctx.db
    .select({ id: workflowInstances.id })
    .from(workflowInstances)
    .where(
      inWorkspace(
        ctx,
        workflowInstances,
        eq(workflowInstances.businessRef, caseChangeRef(caseId)),
        eq(workflowInstances.status, "running"),
      ),
    )
    .orderBy(desc(workflowInstances.createdAt))
    .limit(1);
  return row?.id ?? null;
};

const isClosed = (status: unknown) =>
  status === CASE_STATUS.closed || status === CASE_STATUS.terminated;

/** A child row (time, payment, bill, court number) may change only while its case is open. */
const assertCaseOpen = async (ctx: RequestCtx, caseId: unknown) => {
  const [row] = await ctx.db
    .select({ status: cases.status })
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, String(caseId))));
  if (!row) throw new AppError(404, "errors.notFound");
  if (isClosed(row.status)) throw new AppError(409, "cases.errors.notEditable");
};

/** The tables behind schemas/cases.schema.json and its child schemas, with their rules. */
export const caseBindings: Record<string, ResourceBinding> = {
  cases: {
    table: cases,
    // A case exists only once its opening approval is accepted (open-case.ts).
    beforeInsert: () => {
      throw new AppError(409, "cases.errors.throughApproval");
    },
    beforeChange: (_ctx, before) => {
      if (before.pendingChanges) throw new AppError(409, "cases.errors.changePending");
      if (isClosed(before.status)) throw new AppError(409, "cases.errors.notEditable");
    },
    beforeUpdate: async (ctx, before, values) => {
      await assertPartnerChoice(ctx, values.leadPartnerId, before.leadPartnerId);
      return {};
    },
    redirectUpdate: async (ctx, registry, id, input) => {
      if (!(await readBusinessSettings(ctx)).caseChanges) return undefined;
      const [row] = await ctx.db
        .select({ status: cases.status })
        .from(cases)
        .where(inWorkspace(ctx, cases, eq(cases.id, id)));
      return row?.status === CASE_STATUS.formal
        ? submitCaseChanges(ctx, registry, id, input)
        : undefined;
    },
    afterWrite: async (ctx, after) => {
      if (after) await syncCaseDerived(ctx, after);
    },
    withDetail: async (ctx, record) => ({
      ...record,
      pendingApprovalId: record.pendingChanges
        ? await pendingApprovalOf(ctx, String(record.id))
        : null,
    }),
  },
  "case-court-numbers": {
    table: caseCourtNumbers,
    beforeInsert: async (ctx, values) => {
      await assertCaseOpen(ctx, values.caseId);
      return {};
    },
    // One current number per case: marking one current un-marks the others.
    afterWrite: async (ctx, after) => {
      if (!after?.isCurrent) return;
      await ctx.db
        .update(caseCourtNumbers)
        .set({ isCurrent: false })
        .where(
          inWorkspace(
            ctx,
            caseCourtNumbers,
            eq(caseCourtNumbers.caseId, String(after.caseId)),
            ne(caseCourtNumbers.id, String(after.id)),
          ),
        );
    },
  },
  "case-time-entries": {
    table: caseTimeEntries,
    beforeInsert: async (ctx, values) => {
      await assertCaseOpen(ctx, values.caseId);
      return timeEntryValues(ctx, values);
    },
    beforeChange: (_ctx, before) => assertUnbilled(before),
    beforeUpdate: (ctx, before, values) => timeEntryValues(ctx, values, String(before.rate)),
  },
  "case-payments": {
    table: casePayments,
    beforeInsert: async (ctx, values) => {
      await assertCaseOpen(ctx, values.caseId);
      await assertPaymentBill(ctx, values);
      return {};
    },
    beforeUpdate: async (ctx, _before, values) => {
      await assertPaymentBill(ctx, values);
      return {};
    },
    afterWrite: async (ctx, after, before) => {
      for (const billId of new Set([after?.billId, before?.billId]))
        if (typeof billId === "string") await refreshBillStatus(ctx, billId);
      const row = after ?? before;
      if (row)
        await syncRecordFiles(
          ctx,
          "case_payments",
          String(row.id),
          String(row.payer ?? row.paidOn),
          after ? after.receiptFileIds : [],
        );
    },
  },
  "case-bills": {
    table: caseBills,
    beforeInsert: async (ctx, values) => {
      await assertCaseOpen(ctx, values.caseId);
      return billInsertValues(ctx, values);
    },
    beforeUpdate: billUpdateValues,
    afterWrite: async (ctx, after: RecordRow | undefined, before: RecordRow | undefined) => {
      if (after && !before) await claimTimeEntries(ctx, after);
      if (!after && before) await releaseBill(ctx, before);
    },
  },
};

/**
 * Who "owns" a case for "only own" / "only my department" rules: its team and its creator. A
 * child row (time, payment, bill, court number) belongs to the owners of its case.
 */
export const caseRowOwners: Record<string, RowOwner> = {
  cases: { many: ownersOfCase(cases.workspaceId, cases.id) },
  ...Object.fromEntries(
    [caseCourtNumbers, caseTimeEntries, casePayments, caseBills].map((table) => [
      getTableName(table),
      { many: ownersOfCase(table.workspaceId, table.caseId) },
    ]),
  ),
};
