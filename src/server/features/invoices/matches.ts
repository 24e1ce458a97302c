import { and, eq } from "drizzle-orm";

import type { InvoiceMatchInput } from "../../../shared/contracts/fees";
import { AppError } from "../../../shared/errors";
import { formatCents, moneyParam, parseCents } from "../../../shared/fees";
import { casePayments, invoicePayments } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { isUuid } from "../../lib/tenant-guard";
import { invoiceMatched, lockPayment, paymentMatched, refuse } from "./amounts";
import { resplitPayments } from "./resplit";
import { assertStatus, type InvoiceRow, lockInvoice } from "./status";
import { matchesOf } from "./views";

const ENTITY = "invoice_payments";

/** Sets the match of an invoice and a payment (in cents), audited, and splits the payment again. */
const putMatch = async (
  ctx: RequestCtx,
  invoice: InvoiceRow,
  paymentId: string,
  amount: bigint,
) => {
  const where = inWorkspace(
    ctx,
    invoicePayments,
    eq(invoicePayments.invoiceId, invoice.id),
    eq(invoicePayments.paymentId, paymentId),
  );
  const [before] = await ctx.db.select().from(invoicePayments).where(where);
  const value = formatCents(amount);
  if (before)
    await ctx.db.update(invoicePayments).set({ amount: value, createdBy: ctx.userId }).where(where);
  else
    await ctx.db.insert(invoicePayments).values({
      workspaceId: ctx.workspaceId,
      invoiceId: invoice.id,
      paymentId,
      amount: value,
      createdBy: ctx.userId,
    });
  await writeAudit(ctx.db, ctx, {
    action: before ? "update" : "create",
    entity: ENTITY,
    entityId: invoice.id,
    before: before ? { paymentId, amount: before.amount } : undefined,
    after: { paymentId, amount: value },
  });
  await resplitPayments(ctx, [paymentId]);
};

/**
 * A request made from a payment is matched to it when issued, for as much as both have left, so
 * the payment's tax follows its invoice without a separate step. Runs in the transaction.
 */
export const matchSourcePayment = async (ctx: RequestCtx, invoice: InvoiceRow) => {
  if (!invoice.paymentId) return;
  const [payment] = await ctx.db
    .select()
    .from(casePayments)
    .where(inWorkspace(ctx, casePayments, eq(casePayments.id, invoice.paymentId)))
    .for("update");
  if (!payment || payment.caseId !== invoice.caseId) return;
  const paymentLeft =
    (parseCents(payment.amount) ?? 0n) - (await paymentMatched(ctx, payment.id, invoice.id));
  const invoiceLeft = (parseCents(invoice.amount) ?? 0n) - (await invoiceMatched(ctx, invoice.id));
  const amount = paymentLeft < invoiceLeft ? paymentLeft : invoiceLeft;
  if (amount > 0n) await putMatch(ctx, invoice, payment.id, amount);
};

/**
 * Matches (part of) a payment of the invoice's case to an issued invoice, or changes the amount
 * of an existing match. What the invoice's matches add up to stays within its amount, and what a
 * payment is matched to within the payment.
 */
export const setMatch = (ctx: RequestCtx, invoiceId: string, input: InvoiceMatchInput) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const invoice = await lockInvoice(tctx, invoiceId);
    assertStatus(ctx, invoice, ["issued"]);
    const payment = await lockPayment(tctx, invoice.caseId, input.paymentId);
    const amount = parseCents(input.amount);
    if (amount === null || amount <= 0n) refuse(ctx, "amount", "errors.invoices.amountInvalid");
    const invoiceLeft =
      (parseCents(invoice.amount) ?? 0n) - (await invoiceMatched(tctx, invoice.id, payment.id));
    if ((amount as bigint) > invoiceLeft)
      refuse(ctx, "amount", "errors.invoices.overInvoice", { left: moneyParam(invoiceLeft) });
    const paymentLeft =
      (parseCents(payment.amount) ?? 0n) - (await paymentMatched(tctx, payment.id, invoice.id));
    if ((amount as bigint) > paymentLeft)
      refuse(ctx, "amount", "errors.invoices.overMatchPayment", { left: moneyParam(paymentLeft) });
    await putMatch(tctx, invoice, payment.id, amount as bigint);
    return matchesOf(tctx, invoice.id);
  });

/** Takes a payment off an issued invoice; the payment is split again without its tax. */
export const deleteMatch = (ctx: RequestCtx, invoiceId: string, paymentId: string) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const invoice = await lockInvoice(tctx, invoiceId);
    assertStatus(ctx, invoice, ["issued"]);
    if (!isUuid(paymentId)) throw new AppError(404, "errors.notFound");
    const [gone] = await tx
      .delete(invoicePayments)
      .where(
        inWorkspace(
          ctx,
          invoicePayments,
          and(eq(invoicePayments.invoiceId, invoice.id), eq(invoicePayments.paymentId, paymentId)),
        ),
      )
      .returning();
    if (!gone) throw new AppError(404, "errors.notFound");
    await writeAudit(tx, ctx, {
      action: "delete",
      entity: ENTITY,
      entityId: invoice.id,
      before: { paymentId, amount: gone.amount },
    });
    await resplitPayments(tctx, [paymentId]);
    return matchesOf(tctx, invoice.id);
  });

/**
 * A reversed or voided invoice covers no payment any more: its matches go (audited) and the
 * payments they named are split again without its tax.
 */
export const dropMatches = async (ctx: RequestCtx, invoice: InvoiceRow) => {
  const gone = await ctx.db
    .delete(invoicePayments)
    .where(inWorkspace(ctx, invoicePayments, eq(invoicePayments.invoiceId, invoice.id)))
    .returning();
  for (const match of gone)
    await writeAudit(ctx.db, ctx, {
      action: "delete",
      entity: ENTITY,
      entityId: invoice.id,
      before: { paymentId: match.paymentId, amount: match.amount },
    });
  await resplitPayments(
    ctx,
    gone.map((m) => m.paymentId),
  );
};
