/**
 * Receivables ageing (账龄): open amounts grouped by how many days they are past their due date on
 * a given day. The day is passed in, never read from the clock, so a report for a past day and a
 * test on an injected clock give the same answer.
 */
import { formatCents, parseCents } from "./cents";
import { FEE_ERRORS, assertValid, type FeeError } from "./errors";
import { daysBetween, isCalendarDate } from "./fee-dates";

/**
 * notDue: the due date is still ahead; then 0–30, 31–90, 91–180 and over 180 days past it (due
 * today counts as 0 days past). notDue is its own bucket so the buckets always add up to the total.
 */
export const AGEING_BUCKETS = [
  "notDue",
  "days0to30",
  "days31to90",
  "days91to180",
  "over180",
] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** One open amount: an outstanding instalment or bill; `group` is what the report totals by (a client). */
export type OpenAmount = { id: string; dueDate: string; outstanding: string; group?: string };

export type BucketTotals = Record<AgeingBucket, string> & { total: string };

export type AgedItem = {
  id: string;
  bucket: AgeingBucket;
  daysPastDue: number;
  outstanding: string;
  group: string | null;
};

export type AgeingReport = {
  items: AgedItem[];
  totals: BucketTotals;
  groups: Record<string, BucketTotals>;
};

/** The bucket for an amount due on `dueDate`, looked at on `today`. */
export const ageingBucketOf = (dueDate: string, today: string): AgeingBucket => {
  const days = daysBetween(dueDate, today);
  if (days < 0) return "notDue";
  if (days <= 30) return "days0to30";
  if (days <= 90) return "days31to90";
  if (days <= 180) return "days91to180";
  return "over180";
};

const validateAgeing = (items: readonly OpenAmount[], today: string): FeeError[] => {
  const errors: FeeError[] = [];
  if (!isCalendarDate(today)) errors.push({ code: FEE_ERRORS.dateInvalid, field: "today" });
  items.forEach((item, index) => {
    if (!isCalendarDate(item.dueDate))
      errors.push({ code: FEE_ERRORS.dateInvalid, field: `items.${index}.dueDate` });
    // A credit (negative) is kept: it nets against what the same client owes.
    if (parseCents(item.outstanding, { allowNegative: true }) === null)
      errors.push({ code: FEE_ERRORS.amountInvalid, field: `items.${index}.outstanding` });
  });
  return errors;
};

type Sums = Record<AgeingBucket | "total", bigint>;

const emptySums = (): Sums => ({
  notDue: 0n,
  days0to30: 0n,
  days31to90: 0n,
  days91to180: 0n,
  over180: 0n,
  total: 0n,
});

const toTotals = (sums: Sums): BucketTotals => ({
  notDue: formatCents(sums.notDue),
  days0to30: formatCents(sums.days0to30),
  days31to90: formatCents(sums.days31to90),
  days91to180: formatCents(sums.days91to180),
  over180: formatCents(sums.over180),
  total: formatCents(sums.total),
});

/** Each amount's bucket, the totals per bucket, and the same per group. */
export const ageReceivables = (items: readonly OpenAmount[], today: string): AgeingReport => {
  assertValid(validateAgeing(items, today));
  const totals = emptySums();
  const groups = new Map<string, Sums>();
  const groupSums = (group: string) => {
    if (!groups.has(group)) groups.set(group, emptySums());
    return groups.get(group)!;
  };
  const aged = items.map((item): AgedItem => {
    const cents = parseCents(item.outstanding, { allowNegative: true })!;
    const bucket = ageingBucketOf(item.dueDate, today);
    const targets = item.group === undefined ? [totals] : [totals, groupSums(item.group)];
    for (const sums of targets) {
      sums[bucket] += cents;
      sums.total += cents;
    }
    return {
      id: item.id,
      bucket,
      daysPastDue: Math.max(0, daysBetween(item.dueDate, today)),
      outstanding: formatCents(cents),
      group: item.group ?? null,
    };
  });
  return {
    items: aged,
    totals: toTotals(totals),
    groups: Object.fromEntries([...groups].map(([key, sums]) => [key, toTotals(sums)])),
  };
};
