import { parseCents } from "../../../shared/fees";
import type { BindingExtension } from "../../plugins/feature";
import { assertAllocationInput } from "./allocation-checks";
import {
  type ResplitReason,
  resplitCaseFrom,
  resplitPayment,
  reverseCasePayments,
} from "./resplit";
import { ensureVersion, stateOfCase } from "./versions";

const atOf = (value: unknown) =>
  value instanceof Date ? value : new Date(typeof value === "string" ? value : Date.now());

const earliest = (days: (string | null)[]) =>
  days.filter((d): d is string => d !== null).sort()[0] ?? null;

/**
 * On the cases record: an allocation or override is checked before it is written, and once
 * written it becomes the case's allocation version effective the firm's today (the same day's
 * version replaced), with the case's payments from that day on split again. A change the record
 * hooks never saw (the case opened from its approval, a case-change approval accepted) is
 * caught up first, effective the day of that change.
 */
export const casesExtension: BindingExtension = {
  beforeUpdate: async (ctx, before, values) => {
    await assertAllocationInput(ctx, values, before);
    return {};
  },
  afterWrite: async (ctx, after, before) => {
    // A deleted case took its payments with it (the foreign key cascades): their lines come to
    // nothing in the open month, as each payment's deletion would have done.
    if (!after) {
      if (before) await reverseCasePayments(ctx, String(before.id));
      return;
    }
    const id = String(after.id);
    const days = [
      before ? await ensureVersion(ctx, id, stateOfCase(before), atOf(before.updatedAt)) : null,
      await ensureVersion(ctx, id, stateOfCase(after), new Date()),
    ];
    const from = earliest(days);
    if (from) await resplitCaseFrom(ctx, id, from, "reallocation");
  },
};

const reasonOf = (
  after: Record<string, unknown> | undefined,
  before: Record<string, unknown> | undefined,
): ResplitReason => {
  if (!before) return "payment";
  if (!after) return "refund";
  const cents = (v: unknown) => parseCents(String(v)) ?? 0n;
  return cents(after.amount) < cents(before.amount) ? "refund" : "payment-change";
};

/**
 * On the payments record: every create, change and delete splits the payment again in the same
 * transaction (a delete to nothing), so share lines always add up to what was received.
 */
export const paymentsExtension: BindingExtension = {
  afterWrite: async (ctx, after, before) => {
    const row = after ?? before;
    if (!row) return;
    await resplitPayment(ctx, String(row.id), reasonOf(after, before));
  },
};
