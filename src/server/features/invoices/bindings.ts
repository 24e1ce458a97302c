import { eq, inArray, sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { moneyParam, parseCents } from "../../../shared/fees";
import { invoices } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { ownersOfCase, type RowOwner } from "../../lib/row-owners";
import { inWorkspace } from "../../lib/tenant";
import type { BindingExtension } from "../../plugins/feature";
import type { ResourceBinding } from "../../schema-engine";
import type { RecordRow } from "../../schema-engine/types";
import { OPEN_REQUEST, paymentMatched } from "./amounts";
import { withInvoiceDetail } from "./views";

/** The table behind schemas/invoices.schema.json: read, listed and exported; written by the routes. */
export const invoiceBindings: Record<string, ResourceBinding> = {
  invoices: {
    table: invoices,
    // An invoice exists from its request (request.ts), which starts its approval.
    beforeInsert: () => {
      throw new AppError(409, "errors.invoices.throughRequest");
    },
    // What was approved is what gets issued; finance's actions are the only changes.
    beforeChange: () => {
      throw new AppError(409, "errors.invoices.notEditable");
    },
    withDetail: withInvoiceDetail,
  },
};

/** An invoice belongs to the owners of its case (its team and creator) and to its requester. */
export const invoiceRowOwners: Record<string, RowOwner> = {
  invoices: {
    many: sql`${ownersOfCase(invoices.workspaceId, invoices.caseId)} union all select ${invoices.createdBy}`,
  },
};

/** What invoices hold of a payment: matched to issued ones, plus requests made from it still open. */
const heldOf = async (ctx: RequestCtx, paymentId: string) => {
  const [open] = await ctx.db
    .select({ total: sql<string>`coalesce(sum(${invoices.amount}), 0)::text` })
    .from(invoices)
    .where(
      inWorkspace(
        ctx,
        invoices,
        eq(invoices.paymentId, paymentId),
        inArray(invoices.status, [...OPEN_REQUEST]),
      ),
    );
  return (parseCents(open?.total ?? "0") ?? 0n) + (await paymentMatched(ctx, paymentId));
};

/**
 * Payments invoices rely on: one matched to an invoice (or an open request made from it) is not
 * deleted, nor lowered below what the invoices hold of it (the matches would add up to more than
 * was received); take the match off or void the invoice first.
 */
export const paymentGuard: BindingExtension = {
  beforeDelete: async (ctx, before: RecordRow) => {
    if ((await heldOf(ctx, String(before.id))) > 0n)
      throw new AppError(409, "errors.invoices.paymentInvoiced");
  },
  beforeUpdate: async (ctx, before, values) => {
    const held = await heldOf(ctx, String(before.id));
    const amount = parseCents(String(values.amount ?? before.amount)) ?? 0n;
    if (held > amount)
      throw new AppError(409, "errors.invoices.paymentBelowInvoiced", {
        params: { held: moneyParam(held) },
      });
    return {};
  },
};
