/**
 * Where each instalment stands on a given day: money received is applied to the oldest
 * instalment first (by due date), the way finance and clients read a statement, so a late payment
 * clears the overdue instalment before the one not yet due.
 */
import { formatCents, parseCents, sumCents } from "./cents";
import { FEE_ERRORS, assertValid, type FeeError } from "./errors";
import { addDays, daysBetween, isCalendarDate } from "./fee-dates";
import type { ExpandedInstalment, InstalmentTrigger } from "./schedule";

/**
 * pending: waits for an event that has not happened; due: payable, not yet late, nothing paid;
 * partlyReceived: some paid and not late; received: paid in full; overdue: late and not paid in
 * full (whatever part was paid shows in `received`).
 */
export type InstalmentStatus = "pending" | "due" | "partlyReceived" | "received" | "overdue";

/** A payment (negative for a refund) received on `date`. */
export type ReceivedPayment = { date: string; amount: string };

/** The day each case event happened, for instalments due on a trigger. */
export type TriggerDates = Partial<Record<InstalmentTrigger, string>>;

export type InstalmentState = ExpandedInstalment & {
  /** The date itself, or the trigger's day plus grace; null while the trigger has not happened. */
  effectiveDueDate: string | null;
  received: string;
  outstanding: string;
  status: InstalmentStatus;
  /** Days past the effective due date, 0 when not overdue. */
  daysOverdue: number;
};

export type ScheduleState = {
  instalments: InstalmentState[];
  /** Money received beyond the schedule (a credit), or negative when refunds exceed receipts. */
  unallocated: string;
};

const validateInputs = (
  payments: readonly ReceivedPayment[],
  today: string,
  triggers: TriggerDates,
): FeeError[] => {
  const errors: FeeError[] = [];
  if (!isCalendarDate(today)) errors.push({ code: FEE_ERRORS.dateInvalid, field: "today" });
  payments.forEach((payment, index) => {
    if (!isCalendarDate(payment.date))
      errors.push({ code: FEE_ERRORS.dateInvalid, field: `payments.${index}.date` });
    if (parseCents(payment.amount, { allowNegative: true }) === null)
      errors.push({ code: FEE_ERRORS.amountInvalid, field: `payments.${index}.amount` });
  });
  for (const [trigger, day] of Object.entries(triggers)) {
    if (day !== undefined && !isCalendarDate(day))
      errors.push({ code: FEE_ERRORS.dateInvalid, field: `triggerDates.${trigger}` });
  }
  return errors;
};

const dueDateOf = (item: ExpandedInstalment, triggers: TriggerDates) => {
  if (item.dueDate) return item.dueDate;
  const happened = item.trigger ? triggers[item.trigger] : undefined;
  return happened ? addDays(happened, item.graceDays) : null;
};

/**
 * Each instalment's received, outstanding and status on `today`. Payments dated after today are
 * not counted yet: a statement for a past day must read as it did that day.
 */
export const computeScheduleState = (
  instalments: readonly ExpandedInstalment[],
  payments: readonly ReceivedPayment[],
  today: string,
  triggerDates: TriggerDates = {},
): ScheduleState => {
  assertValid(validateInputs(payments, today, triggerDates));
  const counted = payments.filter((payment) => payment.date <= today);
  let pool = sumCents(
    counted.map((payment) => parseCents(payment.amount, { allowNegative: true })!),
  );
  const dues = instalments.map((item) => dueDateOf(item, triggerDates));
  // Oldest first; instalments still waiting for their event come last, in schedule order.
  const order = instalments
    .map((_, position) => position)
    .sort((a, b) => {
      const [da, db] = [dues[a], dues[b]];
      if (da === db) return a - b;
      if (da === null) return 1;
      if (db === null) return -1;
      return da < db ? -1 : 1;
    });
  const received = new Map<number, bigint>();
  for (const position of order) {
    const amount = parseCents(instalments[position].amount)!;
    const taken = pool <= 0n ? 0n : pool < amount ? pool : amount;
    received.set(position, taken);
    pool -= taken;
  }
  const states = instalments.map((item, position): InstalmentState => {
    const amount = parseCents(item.amount)!;
    const got = received.get(position)!;
    const due = dues[position];
    const late = due !== null && today > due;
    const status: InstalmentStatus =
      got >= amount
        ? "received"
        : late
          ? "overdue"
          : got > 0n
            ? "partlyReceived"
            : due === null
              ? "pending"
              : "due";
    return {
      ...item,
      effectiveDueDate: due,
      received: formatCents(got),
      outstanding: formatCents(amount - got),
      status,
      daysOverdue: status === "overdue" ? daysBetween(due!, today) : 0,
    };
  });
  return { instalments: states, unallocated: formatCents(pool) };
};
