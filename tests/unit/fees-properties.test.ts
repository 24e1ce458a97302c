/**
 * Properties that must hold for every input, not only the worked examples: no cent is created or
 * lost by a split, a schedule, an adjustment or an ageing report.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  FULL_PERCENT,
  addDays,
  adjustSplit,
  ageReceivables,
  applyCorrection,
  applyFeeRules,
  computeSplit,
  expandSchedule,
  formatCents,
  formatPercentBp,
  parseCents,
  splitByWeights,
  validateAllocation,
  type AllocationLine,
  type CaseAllocation,
  type Correction,
  type FeeRule,
  type PostedLine,
  type Split,
  type SplitInput,
} from "../../src/shared/fees";

const cents = (value: string) => parseCents(value, { allowNegative: true })!;
const total = (lines: readonly { amount: string }[]) =>
  lines.reduce((sum, line) => sum + cents(line.amount), 0n);
const byKey = (lines: readonly { key: string; amount: string }[]) => {
  const sums = new Map<string, bigint>();
  for (const line of lines) sums.set(line.key, (sums.get(line.key) ?? 0n) + cents(line.amount));
  for (const [key, sum] of sums) if (sum === 0n) sums.delete(key);
  return sums;
};

const percent = fc.bigInt({ min: 0n, max: FULL_PERCENT }).map(formatPercentBp);

/** 1–7 members with percentages that make exactly 100.00 (first is the lead). */
const allocation: fc.Arbitrary<CaseAllocation> = fc
  .array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 7 })
  .map((weights) => {
    const bps = splitByWeights(
      FULL_PERCENT,
      weights.some((w) => w > 0) ? weights.map(BigInt) : weights.map(() => 1n),
    );
    const lines: AllocationLine[] = bps.map((bp, index) => ({
      memberId: `m${index}`,
      role: index === 0 ? "lead" : "co-counsel",
      percent: formatPercentBp(bp),
    }));
    return { originatorId: null, lines };
  });

const splitInput: fc.Arbitrary<SplitInput> = fc
  .record({
    payment: fc.bigInt({ min: 0n, max: 99_999_999_999_999n }),
    taxShare: fc.bigInt({ min: 0n, max: 10_000n }),
    deductInvoiceTax: fc.boolean(),
    managementFeePercent: percent,
    managementFeeBase: fc.constantFrom("afterTax" as const, "payment" as const),
    allocation,
  })
  .map(({ payment, taxShare, ...rest }) => ({
    ...rest,
    payment: formatCents(payment),
    invoiceTax: formatCents((payment * taxShare) / 10_000n),
  }));

const checkSplit = (input: SplitInput, split: Split) => {
  const members = split.lines.filter((line) => line.kind === "member");
  const rounding = cents(split.rounding);
  expect(total(members) + rounding).toBe(cents(split.distributable));
  expect(total(split.lines)).toBe(cents(input.payment));
  expect(rounding >= 0n && rounding < BigInt(input.allocation.lines.length)).toBe(true);
  expect(members.every((line) => cents(line.amount) > 0n)).toBe(true);
};

describe("fee properties", () => {
  it("shares + rounding line = distributable, and all lines = the payment, to the cent", () => {
    fc.assert(
      fc.property(splitInput, (input) => checkSplit(input, computeSplit(input))),
      { numRuns: 500 },
    );
  });

  it("the firm's rules always leave a valid allocation making exactly 100.00", () => {
    const rules = fc.array(
      fc.oneof(
        percent.map((value): FeeRule => ({
          kind: "originatorShare",
          when: "notWorking",
          percent: value,
        })),
        fc
          .record({
            withinYears: fc.integer({ min: 1, max: 50 }),
            pointsPerRepeat: percent,
            floor: percent,
          })
          .map((rule): FeeRule => ({ kind: "repeatDecay", ...rule })),
      ),
      { maxLength: 3 },
    );
    const priors = fc.array(fc.integer({ min: 0, max: 4000 }), { maxLength: 6 });
    fc.assert(
      fc.property(
        allocation,
        fc.boolean(),
        rules,
        priors,
        (entered, hasOriginatorLine, chosen, ages) => {
          // The originator either holds the lead's place as a non-working line, or no line at all.
          const withOriginator: CaseAllocation = hasOriginatorLine
            ? {
                originatorId: "o",
                lines: [
                  { ...entered.lines[0], memberId: "o", role: "originator" },
                  ...entered.lines.slice(1),
                ],
              }
            : { originatorId: "o", lines: entered.lines };
          if (!withOriginator.lines.some((line) => line.role === "lead"))
            withOriginator.lines.push({ memberId: "x", role: "lead", percent: "0" });
          const context = {
            caseDate: "2026-06-01",
            priorClientCaseDates: ages.map((age) => addDays("2026-06-01", -age)),
          };
          const effective = applyFeeRules(withOriginator, chosen, context);
          expect(validateAllocation(effective)).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("a percentage schedule summing to 100% expands to the fee exactly", () => {
    const schedule = fc.record({
      fee: fc.bigInt({ min: 0n, max: 99_999_999_999_999n }),
      weights: fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 12 }),
    });
    fc.assert(
      fc.property(schedule, ({ fee, weights }) => {
        // Every instalment gets at least 0.01%, the rest shared by weight.
        const spare = FULL_PERCENT - BigInt(weights.length);
        const rest = splitByWeights(
          spare,
          weights.some((w) => w > 0) ? weights.map(BigInt) : weights.map(() => 1n),
        );
        const plan = rest.map((bp, index) => ({
          percent: formatPercentBp(bp + 1n),
          dueDate: addDays("2026-01-01", index * 30),
        }));
        const amounts = expandSchedule(plan, formatCents(fee)).map((item) => cents(item.amount));
        expect(amounts.reduce((a, b) => a + b, 0n)).toBe(fee);
        expect(amounts.every((amount) => amount >= 0n)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("originals + adjustments net to the corrected split, and the originals never change", () => {
    const correction = (input: SplitInput): fc.Arbitrary<Correction> => {
      const payment = cents(input.payment);
      const tax = input.deductInvoiceTax ? cents(input.invoiceTax) : 0n;
      return fc.oneof(
        fc
          .bigInt({ min: 0n, max: payment - tax })
          .map((refund): Correction => ({ kind: "refund", amount: formatCents(refund) })),
        fc
          .bigInt({ min: 0n, max: payment })
          .map((newTax): Correction => ({ kind: "invoiceTax", invoiceTax: formatCents(newTax) })),
        allocation.map((next): Correction => ({ kind: "reallocation", allocation: next })),
        percent.map((next): Correction => ({ kind: "managementFee", percent: next })),
      );
    };
    // A chain of up to three corrections, each drawn against the inputs the previous one left.
    const chain = splitInput.chain((start) =>
      correction(start).chain((first) => {
        const afterFirst = applyCorrection(start, first);
        return correction(afterFirst).chain((second) =>
          correction(applyCorrection(afterFirst, second)).map((third) => ({
            start,
            corrections: [first, second, third],
          })),
        );
      }),
    );
    fc.assert(
      fc.property(chain, ({ start, corrections }) => {
        let input = start;
        const originals: PostedLine[] = computeSplit(start).lines.map((line, index) => ({
          ...line,
          id: `o${index}`,
          refersTo: null,
        }));
        const frozen = structuredClone(originals);
        let posted = [...originals];
        corrections.forEach((step, round) => {
          input = applyCorrection(input, step);
          const corrected = computeSplit(input);
          const adjustments = adjustSplit(posted, corrected);
          posted = [
            ...posted,
            ...adjustments.map((line, index) => ({ ...line, id: `a${round}-${index}` })),
          ];
          expect(byKey(posted)).toEqual(byKey(corrected.lines));
          expect(adjustSplit(posted, corrected)).toEqual([]);
          checkSplit(input, corrected);
        });
        expect(originals).toEqual(frozen);
      }),
      { numRuns: 300 },
    );
  });

  it("ageing buckets partition the total", () => {
    const item = fc.record({
      offset: fc.integer({ min: -400, max: 400 }),
      outstanding: fc.bigInt({ min: -1_000_000n, max: 99_999_999_999n }),
      group: fc.option(fc.constantFrom("acme", "zeta", "kilo"), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), (items) => {
        const today = "2026-06-30";
        const open = items.map((it, index) => ({
          id: `i${index}`,
          dueDate: addDays(today, -it.offset),
          outstanding: formatCents(it.outstanding),
          ...(it.group === undefined ? {} : { group: it.group }),
        }));
        const report = ageReceivables(open, today);
        const { total: reportTotal, ...buckets } = report.totals;
        const sum = Object.values(buckets).reduce((acc, value) => acc + cents(value), 0n);
        expect(sum).toBe(cents(reportTotal));
        expect(cents(reportTotal)).toBe(items.reduce((acc, it) => acc + it.outstanding, 0n));
        for (const [bucket, value] of Object.entries(buckets)) {
          const members = report.items.filter((aged) => aged.bucket === bucket);
          expect(total(members.map((aged) => ({ amount: aged.outstanding })))).toBe(cents(value));
        }
        const grouped = Object.values(report.groups).reduce(
          (acc, totals) => acc + cents(totals.total),
          0n,
        );
        const ungrouped = items
          .filter((it) => it.group === undefined)
          .reduce((acc, it) => acc + it.outstanding, 0n);
        expect(grouped + ungrouped).toBe(cents(reportTotal));
      }),
      { numRuns: 300 },
    );
  });

  it("every numeric(14,2) amount survives the trip through cents unchanged", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -99_999_999_999_999n, max: 99_999_999_999_999n }), (value) => {
        expect(parseCents(formatCents(value), { allowNegative: true })).toBe(value);
      }),
    );
  });
});
