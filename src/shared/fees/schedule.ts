/**
 * A fee agreement's instalments (分期): each an amount or a percentage of the agreed fee, due on a
 * date or some days after an event in the case ("on filing", "on judgment"). Expanding turns
 * percentages into cents that add up exactly to the fee.
 */
import {
  FULL_PERCENT,
  formatCents,
  moneyParam,
  parseCents,
  parsePercent,
  percentOfRounded,
  percentOfTruncated,
  sumCents,
} from "./cents";
import { FEE_ERRORS, assertValid, type FeeError } from "./errors";
import { isCalendarDate } from "./fee-dates";

/** The events an instalment can wait for; the case records the day each happened. */
export const INSTALMENT_TRIGGERS = [
  "onSigning",
  "onFiling",
  "onHearing",
  "onJudgment",
  "onSettlement",
  "onRecovery",
  "onEnforcement",
  "onClosing",
] as const;
export type InstalmentTrigger = (typeof INSTALMENT_TRIGGERS)[number];

/** One line of a schedule as entered: `amount` or `percent`, and `dueDate` or `trigger`. */
export type Instalment = {
  label?: string;
  amount?: string;
  percent?: string;
  dueDate?: string;
  trigger?: InstalmentTrigger;
  /** Days the client has after the trigger (a contract's "within 10 days of judgment"). */
  graceDays?: number;
};

/** An instalment with its amount in money, in schedule order. */
export type ExpandedInstalment = {
  index: number;
  label: string | null;
  amount: string;
  dueDate: string | null;
  trigger: InstalmentTrigger | null;
  graceDays: number;
};

/** Ten years of grace is already more than any agreement gives; more is a typo. */
const GRACE_DAYS_MAX = 3650;

/**
 * Every problem with a schedule. `fee` is the agreed fee, or null while it is unknown (hourly,
 * contingency before the result): then only fixed amounts may be scheduled.
 */
export const validateSchedule = (
  instalments: readonly Instalment[],
  fee: string | null = null,
): FeeError[] => {
  const errors: FeeError[] = [];
  const feeCents = fee === null ? null : parseCents(fee);
  if (fee !== null && feeCents === null)
    errors.push({ code: FEE_ERRORS.amountInvalid, field: "fee" });
  let percentSum = 0n;
  let amountSum = 0n;
  instalments.forEach((item, index) => {
    const at = `instalments.${index}`;
    const hasAmount = item.amount !== undefined;
    if (hasAmount === (item.percent !== undefined))
      errors.push({ code: FEE_ERRORS.instalmentInvalid, field: at });
    else if (hasAmount) {
      const cents = parseCents(item.amount);
      if (cents === null || cents === 0n)
        errors.push({ code: FEE_ERRORS.amountInvalid, field: `${at}.amount` });
      else amountSum += cents;
    } else {
      const bp = parsePercent(item.percent);
      if (bp === null || bp === 0n)
        errors.push({ code: FEE_ERRORS.percentInvalid, field: `${at}.percent` });
      else percentSum += bp;
    }
    const hasDate = item.dueDate !== undefined;
    if (hasDate === (item.trigger !== undefined))
      errors.push({ code: FEE_ERRORS.instalmentInvalid, field: at });
    else if (hasDate && !isCalendarDate(item.dueDate))
      errors.push({ code: FEE_ERRORS.dateInvalid, field: `${at}.dueDate` });
    else if (!hasDate && !INSTALMENT_TRIGGERS.includes(item.trigger!))
      errors.push({ code: FEE_ERRORS.triggerInvalid, field: `${at}.trigger` });
    const grace = item.graceDays;
    if (
      grace !== undefined &&
      !(Number.isInteger(grace) && grace >= 0 && grace <= GRACE_DAYS_MAX)
    ) {
      errors.push({ code: FEE_ERRORS.instalmentInvalid, field: `${at}.graceDays` });
    }
  });
  if (percentSum > FULL_PERCENT)
    errors.push({ code: FEE_ERRORS.scheduleOver100, field: "instalments" });
  if (percentSum > 0n && fee === null) errors.push({ code: FEE_ERRORS.feeMissing, field: "fee" });
  if (feeCents !== null && percentSum <= FULL_PERCENT) {
    const total = amountSum + percentOfRounded(feeCents, percentSum);
    if (total > feeCents)
      errors.push({
        code: FEE_ERRORS.scheduleExceedsFee,
        field: "instalments",
        params: { fee: moneyParam(feeCents), total: moneyParam(total) },
      });
  }
  return errors;
};

/**
 * The schedule in money. Percentage instalments are cut to the cent except the last, which takes
 * what the cuts left, so percentages adding up to 100% add up to the fee exactly: a client is
 * never asked for a cent more or less than agreed.
 */
export const expandSchedule = (
  instalments: readonly Instalment[],
  fee: string | null = null,
): ExpandedInstalment[] => {
  assertValid(validateSchedule(instalments, fee));
  const feeCents = fee === null ? 0n : parseCents(fee)!;
  const percents = instalments.map((item) =>
    item.percent === undefined ? null : parsePercent(item.percent)!,
  );
  const target = percentOfRounded(feeCents, sumCents(percents.map((bp) => bp ?? 0n)));
  const lastPercent = percents.map((bp) => bp !== null).lastIndexOf(true);
  const amounts = instalments.map((item, index) => {
    const bp = percents[index];
    return bp === null
      ? parseCents(item.amount)!
      : index === lastPercent
        ? 0n
        : percentOfTruncated(feeCents, bp);
  });
  if (lastPercent >= 0) {
    const others = sumCents(amounts.filter((_, index) => percents[index] !== null));
    amounts[lastPercent] = target - others;
  }
  return instalments.map((item, index) => ({
    index,
    label: item.label ?? null,
    amount: formatCents(amounts[index]),
    dueDate: item.dueDate ?? null,
    trigger: item.trigger ?? null,
    graceDays: item.graceDays ?? 0,
  }));
};
