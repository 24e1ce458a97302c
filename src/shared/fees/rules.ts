/**
 * A firm's fee-sharing rules as data (stored as JSON, edited by the firm, never code): each rule
 * moves the originator's share, and the working lawyers' shares are rescaled to fill the rest.
 * Applying them keeps a trace of every step so a statement can say why a share is what it is.
 */
import { FULL_PERCENT, formatPercentBp, parsePercent, splitByWeights } from "./cents";
import {
  originatorWorks,
  validateAllocation,
  type AllocationLine,
  type CaseAllocation,
} from "./allocation";
import { FEE_ERRORS, assertValid, type FeeError } from "./errors";
import { isCalendarDate, subtractYears } from "./fee-dates";

/**
 * originatorShare: the originator gets `percent` of the distributable amount when not working on
 * the case. repeatDecay: for each earlier case of the same client opened within `withinYears`,
 * the originator's share drops by `pointsPerRepeat` percentage points, never below `floor`
 * (a client who keeps coming back is the firm's relationship more than the originator's).
 */
export type FeeRule =
  | { kind: "originatorShare"; when: "notWorking"; percent: string }
  | { kind: "repeatDecay"; withinYears: number; pointsPerRepeat: string; floor: string };

export const FEE_RULE_KINDS: readonly FeeRule["kind"][] = ["originatorShare", "repeatDecay"];

/** What the rules need to know about the case: its date and the client's earlier cases' dates. */
export type RuleContext = { caseDate: string; priorClientCaseDates: readonly string[] };

export type RuleStep = {
  rule: number;
  kind: FeeRule["kind"];
  before: string;
  after: string;
  repeats?: number;
};

export type EffectiveAllocation = {
  originatorId: string | null;
  lines: AllocationLine[];
  steps: RuleStep[];
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Rules come from the database as JSON: check their shape and values before trusting them. */
export const validateFeeRules = (rules: unknown): FeeError[] => {
  if (!Array.isArray(rules)) return [{ code: FEE_ERRORS.ruleInvalid, field: "rules" }];
  const errors: FeeError[] = [];
  rules.forEach((rule: unknown, index) => {
    const bad = (field: string) =>
      errors.push({ code: FEE_ERRORS.ruleInvalid, field: `rules.${index}${field}` });
    if (!isRecord(rule)) return bad("");
    if (rule.kind === "originatorShare") {
      if (rule.when !== "notWorking") bad(".when");
      if (parsePercent(rule.percent) === null) bad(".percent");
    } else if (rule.kind === "repeatDecay") {
      const years = rule.withinYears;
      if (typeof years !== "number" || !Number.isInteger(years) || years < 1 || years > 50)
        bad(".withinYears");
      if (parsePercent(rule.pointsPerRepeat) === null) bad(".pointsPerRepeat");
      if (parsePercent(rule.floor) === null) bad(".floor");
    } else bad(".kind");
  });
  return errors;
};

/** Earlier cases of the same client opened in the `years` before the case (the case excluded). */
export const countRepeats = (context: RuleContext, years: number): number => {
  const from = subtractYears(context.caseDate, years);
  return context.priorClientCaseDates.filter((day) => day >= from && day <= context.caseDate)
    .length;
};

/**
 * The originator's target share after the rules, in hundredths of a percent, with the steps.
 * Rules run in the order the firm lists them, so "35%, then decay" reads as written.
 */
const originatorTarget = (start: bigint, rules: readonly FeeRule[], context: RuleContext) => {
  let share = start;
  const steps: RuleStep[] = [];
  rules.forEach((rule, index) => {
    const before = share;
    let repeats: number | undefined;
    if (rule.kind === "originatorShare") share = parsePercent(rule.percent)!;
    else {
      repeats = countRepeats(context, rule.withinYears);
      const floor = parsePercent(rule.floor)!;
      const decayed = share - parsePercent(rule.pointsPerRepeat)! * BigInt(repeats);
      // The floor stops the decay; it does not raise a share that was already below it.
      const lowest = share < floor ? share : floor;
      share = decayed > lowest ? decayed : lowest;
    }
    steps.push({
      rule: index,
      kind: rule.kind,
      before: formatPercentBp(before),
      after: formatPercentBp(share),
      ...(repeats === undefined ? {} : { repeats }),
    });
  });
  return { share, steps };
};

/**
 * The percentages a payment is actually split by. When the originator does not work on the case
 * the rules fix their share and the working lines are rescaled in proportion to what was entered
 * (to the hundredth of a percent, largest remainder, summing to exactly 100.00); when the
 * originator works on the case, or there is none, the entered allocation stands.
 */
export const applyFeeRules = (
  allocation: CaseAllocation,
  rules: readonly FeeRule[],
  context: RuleContext,
): EffectiveAllocation => {
  assertValid(validateAllocation(allocation));
  assertValid(validateFeeRules(rules));
  assertValid(
    [context.caseDate, ...context.priorClientCaseDates]
      .map((day, index): FeeError | null =>
        isCalendarDate(day)
          ? null
          : {
              code: FEE_ERRORS.dateInvalid,
              field: index === 0 ? "caseDate" : `priorClientCaseDates.${index - 1}`,
            },
      )
      .filter((error): error is FeeError => error !== null),
  );
  // Percentages come back in one form ("60" → "60.00"), rules or not, so stored lines compare.
  const unchanged = {
    originatorId: allocation.originatorId,
    lines: allocation.lines.map((line) => ({
      ...line,
      percent: formatPercentBp(parsePercent(line.percent)!),
    })),
    steps: [],
  };
  if (allocation.originatorId === null || originatorWorks(allocation) || rules.length === 0)
    return unchanged;

  const entered = allocation.lines.find((line) => line.role === "originator");
  const start = entered ? parsePercent(entered.percent)! : 0n;
  const { share, steps } = originatorTarget(start, rules, context);
  if (share === start) return { ...unchanged, steps };

  const working = allocation.lines.filter((line) => line.role !== "originator");
  let weights = working.map((line) => parsePercent(line.percent)!);
  // Everyone working was entered at 0% (the originator had it all): the lead takes the rest.
  if (weights.every((w) => w === 0n))
    weights = working.map((line) => (line.role === "lead" ? 1n : 0n));
  const rescaled = splitByWeights(FULL_PERCENT - share, weights);
  const originatorLine: AllocationLine = {
    memberId: allocation.originatorId,
    role: "originator",
    percent: formatPercentBp(share),
  };
  return {
    originatorId: allocation.originatorId,
    lines: [
      originatorLine,
      ...working.map((line, index) => ({ ...line, percent: formatPercentBp(rescaled[index]) })),
    ],
    steps,
  };
};
