import { eq } from "drizzle-orm";

import type { InvoiceStatus } from "../../../shared/contracts/fees";
import { AppError } from "../../../shared/errors";
import { invoices } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { translatorFor } from "../../lib/i18n";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { fromStorage } from "../../schema-engine/records";

/** businessRef of an invoice approval: "invoices:<id>". */
export const INVOICE_REF = "invoices";

export type InvoiceRow = typeof invoices.$inferSelect;

/** The invoice's id in an approval's businessRef; "" for a flow started by hand. */
export const refId = (ref: string) =>
  ref.startsWith(`${INVOICE_REF}:`) ? ref.slice(INVOICE_REF.length + 1) : "";

/** The invoice, locked for the rest of the transaction (404 when it is not this firm's). */
export const lockInvoice = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(invoices)
    .where(inWorkspace(ctx, invoices, eq(invoices.id, id)))
    .for("update");
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

/** A 409 naming the invoice's state, when it is not one the action starts from. */
export const assertStatus = (
  ctx: Pick<RequestCtx, "lang">,
  row: InvoiceRow,
  from: InvoiceStatus[],
) => {
  if (!from.includes(row.status as InvoiceStatus))
    throw new AppError(409, "errors.invoices.wrongStatus", {
      params: { status: translatorFor(ctx.lang)(`invoices.status.${row.status}`) },
    });
};

/** Writes the change with the next version and its audit entry (before/after). */
export const changeInvoice = async (
  ctx: RequestCtx,
  before: InvoiceRow,
  set: Partial<typeof invoices.$inferInsert>,
) => {
  const [after] = await ctx.db
    .update(invoices)
    .set({ ...set, version: before.version + 1, updatedBy: ctx.userId, updatedAt: new Date() })
    .where(inWorkspace(ctx, invoices, eq(invoices.id, before.id)))
    .returning();
  await writeAudit(ctx.db, ctx, {
    action: "update",
    entity: "invoices",
    entityId: before.id,
    before: fromStorage(before),
    after: fromStorage(after),
  });
  return after;
};
