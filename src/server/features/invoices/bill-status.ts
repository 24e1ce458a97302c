import { and, eq, sql } from "drizzle-orm";

import { parseCents } from "../../../shared/fees";
import { caseBills, invoices } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

/**
 * A bill's invoice status (未开票 / 部分开票 / 已开票) follows the invoices issued against it, so
 * the bill list says what finance actually issued: none, part of the total, or all of it.
 */
export const refreshBillInvoicing = async (ctx: RequestCtx, billId: string | null) => {
  if (!billId) return;
  const [bill] = await ctx.db
    .select()
    .from(caseBills)
    .where(inWorkspace(ctx, caseBills, eq(caseBills.id, billId)))
    .for("update");
  if (!bill) return;
  const [row] = await ctx.db
    .select({ total: sql<string>`coalesce(sum(${invoices.amount}), 0)::text` })
    .from(invoices)
    .where(
      inWorkspace(ctx, invoices, and(eq(invoices.billId, billId), eq(invoices.status, "issued"))),
    );
  const issued = parseCents(row?.total ?? "0") ?? 0n;
  const total = parseCents(bill.total) ?? 0n;
  const status = issued <= 0n ? "none" : issued >= total ? "full" : "partial";
  if (status === bill.invoiceStatus) return;
  await ctx.db
    .update(caseBills)
    .set({ invoiceStatus: status, version: bill.version + 1, updatedAt: new Date() })
    .where(inWorkspace(ctx, caseBills, eq(caseBills.id, billId)));
};
