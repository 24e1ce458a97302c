import { and, asc, eq, gte, ne } from "drizzle-orm";

import {
  adjustSplit,
  type AdjustingLine,
  periodForLine,
  type PostedLine,
  type Split,
  type SplitLine,
  splitPayment,
} from "../../../shared/fees";
import { casePayments, cases, feeShareLines } from "../../db/tables";
import { readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { computing } from "./errors";
import { lastClosedPeriod, lockPeriodsShared } from "./period-lock";
import { readFeeShareSettings } from "./settings";
import { invoiceTaxOf, leadOnly, ruleContextOf } from "./split-facts";
import { ensureVersion, readVersions, stateOfCase, stateOfVersion, versionOn } from "./versions";

/** Why lines were written (fee_share_lines.reason). */
export type ResplitReason = "payment" | "payment-change" | "refund" | "invoice" | "reallocation";

const NOTHING: Split = {
  payment: "0.00",
  tax: "0.00",
  managementFee: "0.00",
  distributable: "0.00",
  rounding: "0.00",
  lines: [],
};

type ShareRow = typeof feeShareLines.$inferSelect;

const postedOf = (row: ShareRow): PostedLine => ({
  id: row.id,
  refersTo: row.refersTo,
  key: row.key,
  kind: row.kind as SplitLine["kind"],
  memberId: row.memberId,
  role: row.role as SplitLine["role"],
  percent: row.percent,
  amount: row.amount,
});

/** The payment's split from what is true now: amount, invoice tax, allocation of its day, rules. */
const desiredSplit = async (ctx: RequestCtx, payment: typeof casePayments.$inferSelect) => {
  const [kase] = await ctx.db
    .select({ leadLawyerId: cases.leadLawyerId })
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, payment.caseId)));
  const zone = await readFirmTimeZone(ctx.db, ctx.workspaceId);
  const [settings, versions, context, invoiceTax] = [
    await readFeeShareSettings(ctx),
    await readVersions(ctx, payment.caseId),
    await ruleContextOf(ctx, payment.caseId, zone),
    await invoiceTaxOf(ctx, payment.id),
  ];
  const version = versionOn(versions, payment.paidOn);
  const state = version ? stateOfVersion(version) : undefined;
  const allocation = state?.allocation ?? (kase?.leadLawyerId ? leadOnly(kase.leadLawyerId) : null);
  // A case always has a lead lawyer (the schema requires one); without one nothing can be split.
  if (!allocation || !context) return NOTHING;
  return computing(ctx.lang, () =>
    splitPayment(settings, {
      payment: payment.amount,
      invoiceTax,
      allocation,
      managementFeeOverride: state?.managementFeePercent ?? null,
      context,
    }),
  ).split;
};

/**
 * Brings one payment's share lines to its split as it should be now, writing only differences:
 * posted lines never change, each difference is a new line (refersTo: the line it corrects) in
 * the month its day belongs to, or the first open month when that one is closed. Lines posted
 * under an earlier day of the payment (its date was changed) are reversed there and the split
 * posted under its new day. A payment that no longer exists is brought to nothing.
 */
const splitOne = async (ctx: RequestCtx, paymentId: string, reason: ResplitReason) => {
  await lockPeriodsShared(ctx);
  const [payment] = await ctx.db
    .select()
    .from(casePayments)
    .where(inWorkspace(ctx, casePayments, eq(casePayments.id, paymentId)))
    .for("update");
  const posted = await ctx.db
    .select()
    .from(feeShareLines)
    .where(inWorkspace(ctx, feeShareLines, eq(feeShareLines.paymentId, paymentId)))
    .orderBy(asc(feeShareLines.createdAt), asc(feeShareLines.id));
  if (!payment && posted.length === 0) return 0;
  const lastClosed = await lastClosedPeriod(ctx);
  // Lines are grouped by the payment's day and case when they were written: a payment moved to
  // another day (or case) has its old lines reversed where they were and is split anew.
  const groupOf = (day: string, caseId: string) => `${day}|${caseId}`;
  const current = payment ? groupOf(payment.paidOn, payment.caseId) : "";
  const groups = new Map<string, ShareRow[]>();
  for (const row of posted) {
    const group = groupOf(row.paidOn, row.caseId);
    groups.set(group, [...(groups.get(group) ?? []), row]);
  }
  const writes: { day: string; caseId: string; lines: AdjustingLine[]; reason: ResplitReason }[] =
    [];
  for (const [group, rows] of groups) {
    if (group === current) continue;
    writes.push({
      day: rows[0].paidOn,
      caseId: rows[0].caseId,
      lines: adjustSplit(rows.map(postedOf), NOTHING),
      reason: payment ? "payment-change" : reason,
    });
  }
  if (payment) {
    const desired = await desiredSplit(ctx, payment);
    const mine = (groups.get(current) ?? []).map(postedOf);
    writes.push({
      day: payment.paidOn,
      caseId: payment.caseId,
      lines: adjustSplit(mine, desired),
      reason: posted.length === 0 ? "payment" : reason,
    });
  }
  const values = writes.flatMap((w) =>
    w.lines.map((line) => ({
      workspaceId: ctx.workspaceId,
      paymentId,
      caseId: w.caseId,
      paidOn: w.day,
      period: periodForLine(w.day, lastClosed),
      key: line.key,
      kind: line.kind,
      memberId: line.memberId,
      role: line.role,
      percent: line.percent,
      amount: line.amount,
      refersTo: line.refersTo,
      reason: w.reason,
    })),
  );
  if (values.length > 0) await ctx.db.insert(feeShareLines).values(values);
  return values.length;
};

/**
 * The case's allocation as it stands made its latest version, if it is not yet (a case opened
 * from its approval, or changed by an accepted case-change approval, is written without the
 * record hooks): effective the firm's day of the case's last change. Payments from that day on
 * are split again. Answers the day a version was written, or null.
 */
export const syncCaseVersion = async (
  ctx: RequestCtx,
  caseId: string,
  exceptPaymentId?: string,
) => {
  const [kase] = await ctx.db
    .select()
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, caseId)));
  if (!kase) return null;
  const day = await ensureVersion(ctx, caseId, stateOfCase(kase), kase.updatedAt);
  if (day) await resplitCaseFrom(ctx, caseId, day, "reallocation", exceptPaymentId);
  return day;
};

/**
 * Splits again every payment of a case dated on or after `day`: a new allocation version takes
 * effect from its day on, and payments before it keep the split they had.
 */
export const resplitCaseFrom = async (
  ctx: RequestCtx,
  caseId: string,
  day: string,
  reason: ResplitReason,
  exceptPaymentId?: string,
) => {
  const payments = await ctx.db
    .select({ id: casePayments.id })
    .from(casePayments)
    .where(
      inWorkspace(
        ctx,
        casePayments,
        and(
          eq(casePayments.caseId, caseId),
          gte(casePayments.paidOn, day),
          exceptPaymentId ? ne(casePayments.id, exceptPaymentId) : undefined,
        ),
      ),
    )
    .orderBy(asc(casePayments.paidOn), asc(casePayments.id));
  for (const { id } of payments) await splitOne(ctx, id, reason);
};

/** Brings the lines of every payment a case had to nothing (the case and its payments are gone). */
export const reverseCasePayments = async (ctx: RequestCtx, caseId: string) => {
  const rows = await ctx.db
    .selectDistinct({ paymentId: feeShareLines.paymentId })
    .from(feeShareLines)
    .where(inWorkspace(ctx, feeShareLines, eq(feeShareLines.caseId, caseId)));
  for (const { paymentId } of rows) await splitOne(ctx, paymentId, "payment-change");
};

/**
 * Re-splits a payment after anything it depends on changed: its amount or date, its deletion (to
 * nothing), the invoices matched to it (a red reversal or void takes their tax back), or the
 * case's allocation. Call it inside the transaction that made the change; it is idempotent (a
 * second call with nothing changed writes nothing). Answers the number of lines written.
 */
export const resplitPayment = async (
  ctx: RequestCtx,
  paymentId: string,
  reason: ResplitReason,
): Promise<number> => {
  const [row] = await ctx.db
    .select({ caseId: casePayments.caseId })
    .from(casePayments)
    .where(inWorkspace(ctx, casePayments, eq(casePayments.id, paymentId)));
  if (row) await syncCaseVersion(ctx, row.caseId, paymentId);
  return splitOne(ctx, paymentId, reason);
};
