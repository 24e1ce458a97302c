import { and, asc, eq, ne, sql } from "drizzle-orm";

import type {
  CaseInvoicing,
  InvoiceDetail,
  InvoiceMatch,
  InvoiceStatus,
} from "../../../shared/contracts/fees";
import { AppError } from "../../../shared/errors";
import { formatCents, parseCents } from "../../../shared/fees";
import {
  accounts,
  caseBills,
  casePayments,
  cases,
  invoicePayments,
  invoices,
  workflowInstances,
} from "../../db/tables";
import type { Answer } from "../../lib/answers";
import type { RequestCtx } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";
import type { RecordRow } from "../../schema-engine/types";
import { fileNamesOf } from "../contracts";
import type { InvoiceRow } from "./status";

const cents = (text: string | null | undefined) => parseCents(text ?? "0") ?? 0n;

/** An invoice's matches, oldest first, with the payment's day and amount. */
export const matchesOf = async (ctx: RequestCtx, invoiceId: string): Promise<InvoiceMatch[]> =>
  ctx.db
    .select({
      invoiceId: invoicePayments.invoiceId,
      paymentId: invoicePayments.paymentId,
      amount: invoicePayments.amount,
      paidOn: casePayments.paidOn,
      paymentAmount: casePayments.amount,
    })
    .from(invoicePayments)
    .innerJoin(
      casePayments,
      and(
        eq(casePayments.workspaceId, invoicePayments.workspaceId),
        eq(casePayments.id, invoicePayments.paymentId),
      ),
    )
    .where(inWorkspace(ctx, invoicePayments, eq(invoicePayments.invoiceId, invoiceId)))
    .orderBy(asc(casePayments.paidOn), asc(invoicePayments.createdAt));

/** What the invoice's screens name besides the row: case, client, bill, payment, matches, files. */
const extrasOf = async (ctx: RequestCtx, row: Pick<InvoiceRow, keyof InvoiceRow>) => {
  const [names] = await ctx.db
    .select({
      caseNo: cases.caseNo,
      caseName: cases.name,
      accountName: sql<string>`(select a.name from ${accounts} a where a.workspace_id = ${cases.workspaceId} and a.id = ${row.accountId})`,
      billNo: sql<
        string | null
      >`(select b.bill_no from ${caseBills} b where b.workspace_id = ${cases.workspaceId} and b.id = ${row.billId})`,
      paymentPaidOn: sql<
        string | null
      >`(select p.paid_on::text from ${casePayments} p where p.workspace_id = ${cases.workspaceId} and p.id = ${row.paymentId})`,
      approvalStatus: sql<
        string | null
      >`(select i.status from ${workflowInstances} i where i.workspace_id = ${cases.workspaceId} and i.id = ${row.approvalId})`,
    })
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, row.caseId)));
  const matches = await matchesOf(ctx, row.id);
  const matched = matches.reduce((sum, m) => sum + cents(m.amount), 0n);
  return {
    caseNo: names?.caseNo ?? "",
    caseName: names?.caseName ?? "",
    accountName: names?.accountName ?? "",
    billNo: names?.billNo ?? null,
    paymentPaidOn: names?.paymentPaidOn ?? null,
    approvalStatus: names?.approvalStatus ?? null,
    fileNames: await fileNamesOf(ctx, row.invoiceFileIds),
    matched: formatCents(matched),
    unmatched: formatCents(cents(row.amount) - matched),
    matches,
  };
};

/** The generic detail (GET /api/invoices/:id) carries the names and matches too. */
export const withInvoiceDetail = async (ctx: RequestCtx, record: RecordRow) => ({
  ...record,
  ...(await extrasOf(ctx, record as unknown as InvoiceRow)),
});

/** One invoice as its screens read it. */
export const invoiceDetail = async (
  ctx: RequestCtx,
  row: InvoiceRow,
): Promise<Answer<InvoiceDetail>> => ({
  id: row.id,
  requestNo: row.requestNo,
  caseId: row.caseId,
  accountId: row.accountId,
  billId: row.billId,
  paymentId: row.paymentId,
  invoiceType: row.invoiceType as InvoiceDetail["invoiceType"],
  buyerTitle: row.buyerTitle,
  buyerTaxId: row.buyerTaxId,
  amount: row.amount,
  taxRate: row.taxRate,
  taxAmount: row.taxAmount,
  items: row.items,
  remark: row.remark,
  status: row.status as InvoiceStatus,
  approvalId: row.approvalId,
  invoiceNo: row.invoiceNo,
  invoiceCode: row.invoiceCode,
  issuedOn: row.issuedOn,
  invoiceFileIds: row.invoiceFileIds,
  issuedBy: row.issuedBy,
  cancelReason: row.cancelReason,
  cancelledOn: row.cancelledOn,
  cancelledBy: row.cancelledBy,
  version: row.version,
  createdBy: row.createdBy,
  createdAt: row.createdAt,
  ...(await extrasOf(ctx, row)),
});

/** The invoice an approval is about, for whoever may open that approval. */
export const invoiceOfApproval = async (ctx: RequestCtx, instanceId: string) => {
  const [row] = await ctx.db
    .select()
    .from(invoices)
    .where(inWorkspace(ctx, invoices, eq(invoices.approvalId, instanceId)));
  if (!row) throw new AppError(404, "errors.notFound");
  return invoiceDetail(ctx, row);
};

/**
 * A case's invoicing against its money: what was billed (issued bills), received (payments) and
 * invoiced (issued invoices), and each side's part the other does not cover (through matches).
 * The case must be one the reader may read.
 */
export const caseInvoicing = async (ctx: RequestCtx, caseId: string): Promise<CaseInvoicing> => {
  const readable = rowScopeOf(ctx, "read", "LAWFIRM_CASE_VIEW", "cases");
  const [kase] = await ctx.db
    .select({ id: cases.id })
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, caseId), readable));
  if (!kase) throw new AppError(404, "errors.notFound");
  const [bills] = await ctx.db
    .select({ total: sql<string>`coalesce(sum(${caseBills.total}), 0)::text` })
    .from(caseBills)
    .where(
      inWorkspace(
        ctx,
        caseBills,
        eq(caseBills.caseId, caseId),
        ne(caseBills.status, "draft"),
        ne(caseBills.status, "void"),
      ),
    );
  const matchesOfCase = ctx.db
    .select({
      invoiceId: invoicePayments.invoiceId,
      paymentId: invoicePayments.paymentId,
      amount: invoicePayments.amount,
    })
    .from(invoicePayments)
    .innerJoin(
      invoices,
      and(
        eq(invoices.workspaceId, invoicePayments.workspaceId),
        eq(invoices.id, invoicePayments.invoiceId),
      ),
    )
    .where(inWorkspace(ctx, invoicePayments, eq(invoices.caseId, caseId)));
  const [payments, invoiceRows, matches] = await Promise.all([
    ctx.db
      .select({ id: casePayments.id, paidOn: casePayments.paidOn, amount: casePayments.amount })
      .from(casePayments)
      .where(inWorkspace(ctx, casePayments, eq(casePayments.caseId, caseId)))
      .orderBy(asc(casePayments.paidOn), asc(casePayments.createdAt)),
    ctx.db
      .select({
        id: invoices.id,
        requestNo: invoices.requestNo,
        status: invoices.status,
        invoiceNo: invoices.invoiceNo,
        amount: invoices.amount,
      })
      .from(invoices)
      .where(inWorkspace(ctx, invoices, eq(invoices.caseId, caseId)))
      .orderBy(asc(invoices.createdAt), asc(invoices.id)),
    matchesOfCase,
  ]);
  const matchedBy = (key: "invoiceId" | "paymentId", id: string) =>
    matches.filter((m) => m[key] === id).reduce((sum, m) => sum + cents(m.amount), 0n);
  const issued = invoiceRows.filter((i) => i.status === "issued");
  const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
  const received = sum(payments.map((p) => cents(p.amount)));
  const invoiced = sum(issued.map((i) => cents(i.amount)));
  return {
    billed: formatCents(cents(bills?.total)),
    received: formatCents(received),
    invoiced: formatCents(invoiced),
    invoicedNotReceived: formatCents(
      sum(issued.map((i) => cents(i.amount) - matchedBy("invoiceId", i.id))),
    ),
    receivedNotInvoiced: formatCents(
      sum(payments.map((p) => cents(p.amount) - matchedBy("paymentId", p.id))),
    ),
    payments: payments.map((p) => ({
      id: p.id,
      paidOn: p.paidOn,
      amount: p.amount,
      matched: formatCents(matchedBy("paymentId", p.id)),
    })),
    invoices: invoiceRows.map((i) => ({
      id: i.id,
      requestNo: i.requestNo,
      status: i.status as InvoiceStatus,
      invoiceNo: i.invoiceNo,
      amount: i.amount,
      matched: formatCents(matchedBy("invoiceId", i.id)),
    })),
  };
};
