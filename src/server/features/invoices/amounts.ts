import { and, eq, inArray, ne, sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { formatPercentBp, parseCents, parsePercent } from "../../../shared/fees";
import {
  caseBills,
  casePayments,
  dictionaryItems,
  dictionaryTypes,
  invoicePayments,
  invoices,
} from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { fieldError } from "../../schema-engine/checks";
import { TAX_RATE_DICTIONARY } from "./defaults";

/*
 * Money is numeric(14,2) in the tables and BigInt cents here (src/shared/fees): sums come from
 * PostgreSQL as text and are compared as cents, never as JavaScript floats.
 */

/** Requested and not refused: what a bill or payment has already asked to be invoiced. */
export const OPEN_REQUEST = ["pending", "approved"] as const;
export const ACTIVE = ["pending", "approved", "issued"] as const;

const cents = (text: string | null | undefined) => parseCents(text ?? "0") ?? 0n;
const total = sql<string>`coalesce(sum(${invoices.amount}), 0)::text`;
const matchedSum = sql<string>`coalesce(sum(${invoicePayments.amount}), 0)::text`;

/** A 422 naming the field and its message, translated by the envelope; nothing is written. */
export const refuse = (
  ctx: Pick<RequestCtx, "lang">,
  field: string,
  key: string,
  params: Record<string, string | number> = {},
  status: 409 | 422 = 422,
): never => {
  throw new AppError(status, key, { params, fields: [fieldError(field, key, ctx.lang, params)] });
};

/** The bill, locked while the request is weighed against what it has left (two requests queue). */
export const lockBill = async (ctx: RequestCtx, caseId: string, billId: string) => {
  const [bill] = await ctx.db
    .select()
    .from(caseBills)
    .where(inWorkspace(ctx, caseBills, eq(caseBills.id, billId)))
    .for("update");
  if (!bill || bill.caseId !== caseId) throw new AppError(404, "errors.notFound");
  if (bill.status === "draft" || bill.status === "void")
    throw new AppError(409, "errors.invoices.billNotIssued");
  return bill;
};

/** The payment, locked while requests and matches against it are weighed. */
export const lockPayment = async (ctx: RequestCtx, caseId: string, paymentId: string) => {
  const [payment] = await ctx.db
    .select()
    .from(casePayments)
    .where(inWorkspace(ctx, casePayments, eq(casePayments.id, paymentId)))
    .for("update");
  if (!payment) throw new AppError(404, "errors.notFound");
  if (payment.caseId !== caseId) throw new AppError(409, "errors.invoices.otherCase");
  return payment;
};

/** A bill's total less every invoice requested or issued against it, in cents. */
export const billLeft = async (ctx: RequestCtx, bill: { id: string; total: string }) => {
  const [row] = await ctx.db
    .select({ total })
    .from(invoices)
    .where(
      inWorkspace(
        ctx,
        invoices,
        eq(invoices.billId, bill.id),
        inArray(invoices.status, [...ACTIVE]),
      ),
    );
  return cents(bill.total) - cents(row?.total);
};

/** What is matched to a payment, in cents (matches exist only on issued invoices). */
export const paymentMatched = async (
  ctx: RequestCtx,
  paymentId: string,
  exceptInvoice?: string,
) => {
  const [row] = await ctx.db
    .select({ total: matchedSum })
    .from(invoicePayments)
    .where(
      inWorkspace(
        ctx,
        invoicePayments,
        eq(invoicePayments.paymentId, paymentId),
        exceptInvoice ? ne(invoicePayments.invoiceId, exceptInvoice) : undefined,
      ),
    );
  return cents(row?.total);
};

/** What is matched on an invoice, in cents. */
export const invoiceMatched = async (
  ctx: RequestCtx,
  invoiceId: string,
  exceptPayment?: string,
) => {
  const [row] = await ctx.db
    .select({ total: matchedSum })
    .from(invoicePayments)
    .where(
      inWorkspace(
        ctx,
        invoicePayments,
        eq(invoicePayments.invoiceId, invoiceId),
        exceptPayment ? ne(invoicePayments.paymentId, exceptPayment) : undefined,
      ),
    );
  return cents(row?.total);
};

/**
 * A payment's amount less what is matched to issued invoices and what requests made from it
 * still ask for (an issued request is matched to it when issued, so it is not counted twice).
 */
export const paymentLeft = async (ctx: RequestCtx, payment: { id: string; amount: string }) => {
  const [open] = await ctx.db
    .select({ total })
    .from(invoices)
    .where(
      inWorkspace(
        ctx,
        invoices,
        eq(invoices.paymentId, payment.id),
        inArray(invoices.status, [...OPEN_REQUEST]),
      ),
    );
  return cents(payment.amount) - cents(open?.total) - (await paymentMatched(ctx, payment.id));
};

/**
 * The tax rate as the firm's dictionary has it: one of its enabled codes, compared as a
 * percentage ("6" is "6.00"), else a translated 422 on `taxRate`.
 */
export const firmTaxRate = async (ctx: RequestCtx, value: string) => {
  const bp = parsePercent(value);
  const rows = await ctx.db
    .select({ code: dictionaryItems.code })
    .from(dictionaryItems)
    .innerJoin(
      dictionaryTypes,
      and(
        eq(dictionaryTypes.workspaceId, dictionaryItems.workspaceId),
        eq(dictionaryTypes.id, dictionaryItems.typeId),
      ),
    )
    .where(
      inWorkspace(
        ctx,
        dictionaryItems,
        eq(dictionaryTypes.code, TAX_RATE_DICTIONARY.code),
        eq(dictionaryItems.isEnabled, true),
      ),
    );
  const hit = bp === null ? undefined : rows.find((r) => parsePercent(r.code) === bp)?.code;
  if (!hit)
    return refuse(ctx, "taxRate", "errors.invoices.taxRateUnknown", { rate: value.slice(0, 10) });
  return formatPercentBp(bp as bigint);
};
