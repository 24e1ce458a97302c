import { eq } from "drizzle-orm";

import type { InvoiceRequestInput, InvoiceRequestResult } from "../../../shared/contracts/fees";
import { AppError } from "../../../shared/errors";
import { formatCents, moneyParam, parseCents, splitTaxInclusive } from "../../../shared/fees";
import { formatMoney } from "../../../shared/money";
import { accounts, cases, invoices } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";
import { fromStorage } from "../../schema-engine/records";
import { type ApprovalStart, assertNamedFlow, startApproval } from "../contracts";
import { approvalTitle } from "../workflow";
import { billLeft, firmTaxRate, lockBill, lockPayment, paymentLeft, refuse } from "./amounts";
import { nextRequestNumber } from "./numbering";
import { INVOICE_REF } from "./status";

export type InvoiceRequestBody = InvoiceRequestInput & ApprovalStart;

/** 统一社会信用代码: 18 characters, no I, O, S, V or Z outside the digits. */
export const TAX_ID = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The case the request names: one the requester may read, else 404 as if it did not exist. */
const readableCase = async (ctx: RequestCtx, caseId: string) => {
  const readable = rowScopeOf(ctx, "read", "LAWFIRM_CASE_VIEW", "cases");
  const [row] = await ctx.db
    .select()
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, caseId), readable));
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * Who the invoice is made out to: what the form says, else the client's invoicing details
 * (schemas/accounts.schema.json: invoice title and tax ID), else its name and, for an
 * organization, its credit code (which is its tax ID). A special VAT invoice needs a tax ID.
 */
const buyerOf = async (ctx: RequestCtx, accountId: string, input: InvoiceRequestBody) => {
  const [client] = await ctx.db
    .select()
    .from(accounts)
    .where(inWorkspace(ctx, accounts, eq(accounts.id, accountId)));
  const custom = (client?.custom ?? {}) as Record<string, unknown>;
  const typedTaxId = text(input.buyerTaxId);
  if (typedTaxId && !TAX_ID.test(typedTaxId))
    refuse(ctx, "buyerTaxId", "errors.invoices.taxIdInvalid");
  const buyerTitle = text(input.buyerTitle) || text(custom.invoiceTitle) || (client?.name ?? "");
  const buyerTaxId =
    typedTaxId ||
    text(custom.taxId) ||
    (client?.accountType === "organization" ? text(client.creditCode) : "") ||
    null;
  if (!buyerTitle) refuse(ctx, "buyerTitle", "errors.invoices.buyerRequired");
  if (input.invoiceType === "vatSpecial" && !buyerTaxId)
    refuse(ctx, "buyerTaxId", "errors.invoices.taxIdRequired");
  return { buyerTitle, buyerTaxId };
};

/** The amount and its lines: positive money, the lines adding up to the amount to the cent. */
const checkedAmounts = (ctx: RequestCtx, input: InvoiceRequestBody) => {
  const amount = parseCents(input.amount);
  if (amount === null || amount <= 0n) refuse(ctx, "amount", "errors.invoices.amountInvalid");
  let sum = 0n;
  const items = input.items.map((item, i) => {
    const cents = parseCents(item.amount);
    if (cents === null || cents <= 0n)
      refuse(ctx, `items.${i}.amount`, "errors.invoices.amountInvalid");
    sum += cents as bigint;
    return { name: item.name.trim(), amount: formatCents(cents as bigint) };
  });
  if (sum !== amount)
    refuse(ctx, "items", "errors.invoices.itemsSum", {
      items: moneyParam(sum),
      amount: moneyParam(amount as bigint),
    });
  return { amount: amount as bigint, items };
};

/** A bill or a payment may back the request (or neither), never both; it must have enough left. */
const checkSource = async (
  ctx: RequestCtx,
  caseId: string,
  input: InvoiceRequestBody,
  amount: bigint,
) => {
  if (input.billId && input.paymentId) refuse(ctx, "paymentId", "errors.invoices.billOrPayment");
  if (input.billId) {
    const left = await billLeft(ctx, await lockBill(ctx, caseId, input.billId));
    if (amount > left)
      refuse(ctx, "amount", "errors.invoices.overBill", { left: moneyParam(left) });
  }
  if (input.paymentId) {
    const left = await paymentLeft(ctx, await lockPayment(ctx, caseId, input.paymentId));
    if (amount > left)
      refuse(ctx, "amount", "errors.invoices.overPayment", { left: moneyParam(left) });
  }
};

/**
 * Files an invoice request: checked (case readable, amount and lines, the firm's tax rate, what
 * the bill or payment has left), numbered, stored as "pending" and its "invoice" approval
 * started, in one transaction. The approver reads the request in the approval's form.
 */
export const submitInvoiceRequest = (
  ctx: RequestCtx,
  input: InvoiceRequestBody,
): Promise<InvoiceRequestResult> =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    await assertNamedFlow(tctx, input);
    const kase = await readableCase(tctx, input.caseId);
    const { amount, items } = checkedAmounts(tctx, input);
    const taxRate = await firmTaxRate(tctx, input.taxRate);
    const buyer = await buyerOf(tctx, kase.accountId, input);
    await checkSource(tctx, kase.id, input, amount);
    const total = formatCents(amount);
    const requestNo = await nextRequestNumber(tctx);
    const [row] = await tx
      .insert(invoices)
      .values({
        workspaceId: ctx.workspaceId,
        requestNo,
        caseId: kase.id,
        accountId: kase.accountId,
        billId: input.billId ?? null,
        paymentId: input.paymentId ?? null,
        invoiceType: input.invoiceType,
        ...buyer,
        amount: total,
        taxRate,
        taxAmount: splitTaxInclusive(total, taxRate).tax,
        items,
        remark: text(input.remark) || null,
        status: "pending",
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    const titled = approvalTitle(ctx, "invoices.approval.title", {
      no: requestNo,
      amount: formatMoney(total),
      buyer: buyer.buyerTitle,
    });
    const instanceId = await startApproval(tctx, "invoice", {
      ...input,
      ...titled,
      businessRef: `${INVOICE_REF}:${row.id}`,
      form: {
        requestNo,
        caseRef: `${kase.caseNo} ${kase.name}`,
        buyerTitle: buyer.buyerTitle,
        invoiceType: row.invoiceType,
        amount: row.amount,
        taxRate: row.taxRate,
        taxAmount: row.taxAmount,
        remark: row.remark,
      },
    });
    const [after] = await tx
      .update(invoices)
      .set({ approvalId: instanceId })
      .where(inWorkspace(ctx, invoices, eq(invoices.id, row.id)))
      .returning();
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "invoices",
      entityId: row.id,
      after: fromStorage(after),
    });
    return { invoiceId: row.id, instanceId };
  });
