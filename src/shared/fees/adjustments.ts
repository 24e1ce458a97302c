/**
 * Corrections after the fact. Share lines in a closed month never change; a refund, a red-reversed
 * (红冲) invoice or a reallocation becomes new adjusting lines (negative or positive) in the open
 * month, each pointing at the original line it corrects. Adjusting lines are the difference
 * between what is posted and the corrected split, so posted + adjustments = the corrected split,
 * however many corrections came before.
 */
import { formatCents, moneyParam, parseCents, parsePercent } from "./cents";
import { validateAllocation, type CaseAllocation } from "./allocation";
import { FEE_ERRORS, FeeInputError, assertValid } from "./errors";
import { isCalendarDate, nextPeriod, periodOf } from "./fee-dates";
import {
  computeSplit,
  type Split,
  type SplitInput,
  type SplitLine,
  type SplitLineKind,
} from "./split";

/**
 * refund: part of the payment went back to the client. invoiceTax: the tax on the payment's
 * invoices changed (a red reversal, possibly reissued). reallocation: a new effective allocation
 * (after rules). managementFee: the case's management percentage changed by approval.
 */
export type Correction =
  | { kind: "refund"; amount: string }
  | { kind: "invoiceTax"; invoiceTax: string }
  | { kind: "reallocation"; allocation: CaseAllocation }
  | { kind: "managementFee"; percent: string };

const KIND_ORDER: readonly SplitLineKind[] = ["tax", "management", "member", "rounding"];

/** A line already written: an original (refersTo null) or an earlier adjustment. */
export type PostedLine = SplitLine & { id: string; refersTo: string | null };

/** A line to write; `refersTo` is the original line's id, null for a line with no original. */
export type AdjustingLine = SplitLine & { refersTo: string | null };

/** The split's inputs after one correction; refuses a refund larger than what was paid. */
export const applyCorrection = (input: SplitInput, correction: Correction): SplitInput => {
  switch (correction.kind) {
    case "refund": {
      const refund = parseCents(correction.amount);
      const payment = parseCents(input.payment);
      if (refund === null || payment === null)
        throw new FeeInputError([{ code: FEE_ERRORS.amountInvalid, field: "amount" }]);
      if (refund > payment) {
        throw new FeeInputError([
          {
            code: FEE_ERRORS.refundExceedsPayment,
            field: "amount",
            params: { refund: moneyParam(refund), payment: moneyParam(payment) },
          },
        ]);
      }
      return { ...input, payment: formatCents(payment - refund) };
    }
    case "invoiceTax":
      if (parseCents(correction.invoiceTax) === null)
        throw new FeeInputError([{ code: FEE_ERRORS.amountInvalid, field: "invoiceTax" }]);
      return { ...input, invoiceTax: correction.invoiceTax };
    case "reallocation":
      assertValid(validateAllocation(correction.allocation));
      return { ...input, allocation: correction.allocation };
    case "managementFee":
      if (parsePercent(correction.percent) === null)
        throw new FeeInputError([{ code: FEE_ERRORS.percentInvalid, field: "percent" }]);
      return { ...input, managementFeePercent: correction.percent };
  }
};

/**
 * The lines that bring what is posted for one payment to `corrected`: one per line key whose net
 * differs, never touching a posted line. Lines come in a split's own order (tax, management,
 * members, rounding); members in the corrected order, then any taken off the case, so the output
 * is stable and reads like the split it corrects.
 */
export const adjustSplit = (posted: readonly PostedLine[], corrected: Split): AdjustingLine[] => {
  const net = new Map<string, bigint>();
  const original = new Map<string, PostedLine>();
  for (const line of posted) {
    net.set(
      line.key,
      (net.get(line.key) ?? 0n) + parseCents(line.amount, { allowNegative: true })!,
    );
    // The line an adjustment refers to is the first original of its key; failing that, the
    // earliest posted line (an earlier adjustment that introduced the key).
    const known = original.get(line.key);
    if (!known || (known.refersTo !== null && line.refersTo === null)) original.set(line.key, line);
  }
  const target = new Map(corrected.lines.map((line) => [line.key, line]));
  const kindOf = (key: string) => (target.get(key) ?? original.get(key)!).kind;
  const keys = [...target.keys(), ...[...net.keys()].filter((key) => !target.has(key))].sort(
    (a, b) => KIND_ORDER.indexOf(kindOf(a)) - KIND_ORDER.indexOf(kindOf(b)),
  );
  const adjustments: AdjustingLine[] = [];
  for (const key of keys) {
    const want = target.get(key);
    const delta =
      (want ? parseCents(want.amount, { allowNegative: true })! : 0n) - (net.get(key) ?? 0n);
    if (delta === 0n) continue;
    const source = want ?? original.get(key)!;
    const refersTo = original.get(key);
    adjustments.push({
      key,
      kind: source.kind,
      memberId: source.memberId,
      role: source.role,
      percent: want ? want.percent : null,
      amount: formatCents(delta),
      refersTo: refersTo ? (refersTo.refersTo ?? refersTo.id) : null,
    });
  }
  return adjustments;
};

/** Corrections applied in order to a payment's split inputs, the corrected split and its lines. */
export const correctSplit = (
  input: SplitInput,
  corrections: readonly Correction[],
  posted: readonly PostedLine[],
): { input: SplitInput; split: Split; adjustments: AdjustingLine[] } => {
  const correctedInput = corrections.reduce(applyCorrection, input);
  const split = computeSplit(correctedInput);
  return { input: correctedInput, split, adjustments: adjustSplit(posted, split) };
};

/**
 * The month a line dated `day` is written to: its own month while open, else the first open
 * month after the last closed one (YYYY-MM, null when none is closed). A closed month is never
 * written to again.
 */
export const periodForLine = (day: string, lastClosedPeriod: string | null): string => {
  if (!isCalendarDate(day))
    throw new FeeInputError([{ code: FEE_ERRORS.dateInvalid, field: "day" }]);
  const own = periodOf(day);
  if (lastClosedPeriod === null || own > lastClosedPeriod) return own;
  return nextPeriod(lastClosedPeriod);
};
