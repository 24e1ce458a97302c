/**
 * Money and percentages as integers. Amounts are numeric(14,2) and travel as strings; every
 * computation here runs on BigInt cents, because a float turns 0.1 + 0.2 into 0.30000000000000004
 * and cents times basis points (up to 10^18) is past what a double holds exactly.
 * Percentages are held as basis points of a percent's hundredths: "35.00" → 3500n, 100% → 10000n.
 */
import { formatMoney } from "../money";

/** numeric(14,2): twelve digits before the point. */
export const MONEY_MAX_CENTS = 99_999_999_999_999n;
/** 100.00% in hundredths of a percent. */
export const FULL_PERCENT = 10_000n;

const MONEY_RE = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/;
const PERCENT_RE = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/**
 * "1200000.5" → 120000050n; null when the text is not a numeric(14,2): more than two decimals is
 * refused rather than rounded, so a typo like 1200.505 is answered instead of silently changed.
 */
export const parseCents = (value: unknown, { allowNegative = false } = {}): bigint | null => {
  if (typeof value !== "string") return null;
  const match = MONEY_RE.exec(value.trim());
  if (!match) return null;
  const [, minus, whole, fraction = ""] = match;
  if (minus && !allowNegative) return null;
  const cents = BigInt(whole) * 100n + BigInt((fraction + "00").slice(0, 2));
  return minus ? -cents : cents;
};

/** 120000050n → "1200000.50", the form the API sends and numeric(14,2) stores. */
export const formatCents = (cents: bigint): string => {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/** An amount for an error message, in the one money format every screen uses (¥1,200,000.00). */
export const moneyParam = (cents: bigint): string => formatMoney(formatCents(cents));

/** "35.5" → 3550n; null for anything but 0.00–100.00 with at most two decimals. */
export const parsePercent = (value: unknown): bigint | null => {
  if (typeof value !== "string") return null;
  const match = PERCENT_RE.exec(value.trim());
  if (!match) return null;
  const bp = BigInt(match[1]) * 100n + BigInt(((match[2] ?? "") + "00").slice(0, 2));
  return bp <= FULL_PERCENT ? bp : null;
};

/** 3550n → "35.50". */
export const formatPercentBp = (bp: bigint): string => formatCents(bp);

/** Division rounding half away from zero, so a refund rounds like the payment it undoes. */
export const divRoundHalfUp = (numerator: bigint, denominator: bigint): bigint => {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
};

/** A percentage of an amount, rounded half up to the cent (a fee, a management fee). */
export const percentOfRounded = (cents: bigint, bp: bigint): bigint =>
  divRoundHalfUp(cents * bp, FULL_PERCENT);

/**
 * A percentage of an amount, cut towards zero: a share never exceeds its exact value, so what the
 * cuts leave over is a small non-negative remainder that one named line can take.
 */
export const percentOfTruncated = (cents: bigint, bp: bigint): bigint =>
  (cents * bp) / FULL_PERCENT;

export const sumCents = (values: Iterable<bigint>): bigint => {
  let total = 0n;
  for (const value of values) total += value;
  return total;
};

/**
 * Splits `total` by integer weights so the parts add up exactly to `total` (largest remainder;
 * ties go to the earlier weight, so the result does not depend on anything but the order given).
 * Used to rescale percentages, where every hundredth of a percent must land somewhere.
 */
export const splitByWeights = (total: bigint, weights: readonly bigint[]): bigint[] => {
  const weightSum = sumCents(weights);
  if (weightSum === 0n) return weights.map(() => 0n);
  const parts = weights.map((w) => (total * w) / weightSum);
  const rests = weights.map((w, index) => ({ index, rest: (total * w) % weightSum }));
  let left = total - sumCents(parts);
  rests.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of rests) {
    if (left <= 0n) break;
    parts[index] += 1n;
    left -= 1n;
  }
  return parts;
};
