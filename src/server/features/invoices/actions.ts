import { eq, inArray, isNull, ne, sql } from "drizzle-orm";

import type { InvoiceCancelInput, InvoiceIssueInput } from "../../../shared/contracts/fees";
import { AppError } from "../../../shared/errors";
import { isCalendarDate } from "../../../shared/calendar-dates";
import { periodOf } from "../../../shared/fees";
import { files, invoices } from "../../db/tables";
import { firmTodayOf } from "../../lib/firm-time";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { syncRecordFiles } from "../cases";
import { refuse } from "./amounts";
import { refreshBillInvoicing } from "./bill-status";
import { dropMatches, matchSourcePayment } from "./matches";
import { assertStatus, changeInvoice, type InvoiceRow, lockInvoice } from "./status";
import { invoiceDetail } from "./views";

/** An invoice is a PDF or OFD file (what the tax system hands out); a scan of paper as PDF. */
const INVOICE_FILE = /\.(pdf|ofd)$/i;
const INVOICE_MIME = new Set(["application/pdf", "application/ofd", "application/octet-stream"]);

/** A day of the action: a real calendar day, not after the firm's today, not before `from`. */
const checkedDay = async (ctx: RequestCtx, field: string, day: string, from?: string | null) => {
  if (!isCalendarDate(day)) refuse(ctx, field, "errors.invoices.dateInvalid");
  if (day > (await firmTodayOf(ctx.db, ctx.workspaceId)))
    refuse(ctx, field, "errors.invoices.dateInFuture");
  if (from && day < from) refuse(ctx, field, "errors.invoices.dateBeforeIssue", { issuedOn: from });
  return day;
};

/** The invoice files: live files of this firm (404 otherwise, as elsewhere), PDF or OFD. */
const checkedFiles = async (ctx: RequestCtx, ids: string[]) => {
  const rows = await ctx.db
    .select({ id: files.id, name: files.name, mime: files.mime })
    .from(files)
    .where(inWorkspace(ctx, files, inArray(files.id, ids), isNull(files.deletedAt)));
  if (rows.length !== new Set(ids).size) throw new AppError(404, "errors.documents.fileNotFound");
  const bad = rows.find((f) => !INVOICE_FILE.test(f.name) || !INVOICE_MIME.has(f.mime));
  if (bad) refuse(ctx, "invoiceFileIds", "errors.invoices.fileType", { name: bad.name });
  return ids;
};

/** Issue locks, per firm and number: two invoices issued with one number at once queue here. */
const NUMBER_LOCK = 727_028;

/**
 * No other invoice of the firm carries the same code and number (the unique index cannot see
 * two numbers without a code). The number's lock makes a concurrent second issue wait, then
 * find the first and answer 409.
 */
const assertNumberFree = async (
  ctx: RequestCtx,
  row: InvoiceRow,
  no: string,
  code: string | null,
) => {
  await ctx.db.execute(
    sql`select pg_advisory_xact_lock(${NUMBER_LOCK}, hashtext(${`${ctx.workspaceId}:${no}`}))`,
  );
  const [taken] = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      inWorkspace(
        ctx,
        invoices,
        eq(invoices.invoiceNo, no),
        sql`coalesce(${invoices.invoiceCode}, '') = ${code ?? ""}`,
        ne(invoices.id, row.id),
      ),
    );
  if (taken) refuse(ctx, "invoiceNo", "errors.invoices.numberTaken", { no }, 409);
};

/** Finance records the invoice as issued: its number, day and files. */
export const issueInvoice = (ctx: RequestCtx, id: string, input: InvoiceIssueInput) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const row = await lockInvoice(tctx, id);
    assertStatus(ctx, row, ["approved"]);
    const issuedOn = await checkedDay(tctx, "issuedOn", input.issuedOn);
    const invoiceNo = input.invoiceNo.trim();
    const invoiceCode = input.invoiceCode?.trim() || null;
    await assertNumberFree(tctx, row, invoiceNo, invoiceCode);
    const fileIds = await checkedFiles(tctx, input.invoiceFileIds);
    const after = await changeInvoice(tctx, row, {
      status: "issued",
      invoiceNo,
      invoiceCode,
      issuedOn,
      invoiceFileIds: fileIds,
      issuedBy: ctx.userId,
    });
    await syncRecordFiles(tctx, "invoices", row.id, `${row.requestNo} ${invoiceNo}`, fileIds);
    await matchSourcePayment(tctx, after);
    await refreshBillInvoicing(tctx, row.billId);
    return invoiceDetail(tctx, after);
  });

/**
 * Red-reverses (红冲) an issued invoice: a reversing invoice was issued in the tax system, so this
 * one no longer counts; its matches go and their payments are split again without its tax.
 */
export const reverseInvoice = (ctx: RequestCtx, id: string, input: InvoiceCancelInput) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const row = await lockInvoice(tctx, id);
    assertStatus(ctx, row, ["issued"]);
    const on = await checkedDay(tctx, "on", input.on, row.issuedOn);
    return cancel(tctx, row, "reversed", input.reason, on);
  });

/**
 * Voids an invoice: one approved but not issued yet, or one issued this month (the tax system
 * voids an invoice only in the month it was issued; after that it is red-reversed instead, 409).
 */
export const voidInvoice = (ctx: RequestCtx, id: string, input: InvoiceCancelInput) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const row = await lockInvoice(tctx, id);
    assertStatus(ctx, row, ["approved", "issued"]);
    const on = await checkedDay(tctx, "on", input.on, row.issuedOn);
    if (row.issuedOn) {
      const today = await firmTodayOf(tx, ctx.workspaceId);
      if (periodOf(today) !== periodOf(row.issuedOn) || periodOf(on) !== periodOf(row.issuedOn))
        throw new AppError(409, "errors.invoices.voidMonthEnded", {
          params: { month: periodOf(row.issuedOn) },
        });
    }
    return cancel(tctx, row, "voided", input.reason, on);
  });

const cancel = async (
  ctx: RequestCtx,
  row: InvoiceRow,
  status: "reversed" | "voided",
  reason: string,
  on: string,
) => {
  const after = await changeInvoice(ctx, row, {
    status,
    cancelReason: reason.trim(),
    cancelledOn: on,
    cancelledBy: ctx.userId,
  });
  await dropMatches(ctx, row);
  await refreshBillInvoicing(ctx, row.billId);
  return invoiceDetail(ctx, after);
};
