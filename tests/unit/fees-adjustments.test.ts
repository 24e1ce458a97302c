import { describe, expect, it } from "vitest";

import {
  adjustSplit,
  computeSplit,
  correctSplit,
  periodForLine,
  type AdjustingLine,
  type PostedLine,
  type Split,
  type SplitInput,
} from "../../src/shared/fees";

const original: SplitInput = {
  payment: "106000.00",
  invoiceTax: "6000.00",
  deductInvoiceTax: true,
  managementFeePercent: "20",
  allocation: {
    originatorId: "o",
    lines: [
      { memberId: "o", role: "originator", percent: "35" },
      { memberId: "a", role: "lead", percent: "39" },
      { memberId: "b", role: "co-counsel", percent: "26" },
    ],
  },
};

/** Writes a split's lines as a month-close table would: ids, originals refer to nothing. */
const post = (split: Split, prefix = "L"): PostedLine[] =>
  split.lines.map((line, index) => ({ ...line, id: `${prefix}${index + 1}`, refersTo: null }));
const postAdjustments = (lines: AdjustingLine[], prefix: string): PostedLine[] =>
  lines.map((line, index) => ({ ...line, id: `${prefix}${index + 1}` }));
const brief = (lines: AdjustingLine[]) => lines.map((l) => `${l.key} ${l.amount} → ${l.refersTo}`);

const posted = post(computeSplit(original));
const frozen = structuredClone(posted);

describe("adjusting lines", () => {
  it("ids the originals in order", () => {
    expect(posted.map((l) => `${l.id} ${l.key} ${l.amount}`)).toEqual([
      "L1 firm:tax 6000.00",
      "L2 firm:management 20000.00",
      "L3 member:o 28000.00",
      "L4 member:a 31200.00",
      "L5 member:b 20800.00",
    ]);
  });

  it("a refund with its red-reversed half of the invoice: negative lines referring to the originals", () => {
    const { split, adjustments } = correctSplit(
      original,
      [
        { kind: "refund", amount: "53000" },
        { kind: "invoiceTax", invoiceTax: "3000" },
      ],
      posted,
    );
    expect(split.distributable).toBe("40000.00");
    expect(brief(adjustments)).toEqual([
      "firm:tax -3000.00 → L1",
      "firm:management -10000.00 → L2",
      "member:o -14000.00 → L3",
      "member:a -15600.00 → L4",
      "member:b -10400.00 → L5",
    ]);
    expect(posted).toEqual(frozen);
  });

  it("a refund alone keeps the invoice's tax", () => {
    const { adjustments } = correctSplit(original, [{ kind: "refund", amount: "53000" }], posted);
    expect(brief(adjustments)).toEqual([
      "firm:management -10600.00 → L2",
      "member:o -14840.00 → L3",
      "member:a -16536.00 → L4",
      "member:b -11024.00 → L5",
    ]);
  });

  it("a voided invoice gives the tax back to the split", () => {
    const { adjustments } = correctSplit(
      original,
      [{ kind: "invoiceTax", invoiceTax: "0" }],
      posted,
    );
    expect(brief(adjustments)).toEqual([
      "firm:tax -6000.00 → L1",
      "firm:management 1200.00 → L2",
      "member:o 1680.00 → L3",
      "member:a 1872.00 → L4",
      "member:b 1248.00 → L5",
    ]);
  });

  it("a reallocation moves money between lawyers, a new lawyer's line refers to nothing", () => {
    const allocation = {
      originatorId: "o",
      lines: [
        { memberId: "o", role: "originator" as const, percent: "35" },
        { memberId: "a", role: "lead" as const, percent: "45" },
        { memberId: "c", role: "co-counsel" as const, percent: "20" },
      ],
    };
    const { adjustments } = correctSplit(original, [{ kind: "reallocation", allocation }], posted);
    expect(brief(adjustments)).toEqual([
      "member:a 4800.00 → L4",
      "member:c 16000.00 → null",
      "member:b -20800.00 → L5",
    ]);
    expect(adjustments[2]).toMatchObject({ memberId: "b", role: "co-counsel", percent: null });
    expect(adjustments[1]).toMatchObject({ memberId: "c", role: "co-counsel", percent: "20.00" });
  });

  it("a management fee change by approval", () => {
    const { adjustments } = correctSplit(
      original,
      [{ kind: "managementFee", percent: "10" }],
      posted,
    );
    expect(brief(adjustments)).toEqual([
      "firm:management -10000.00 → L2",
      "member:o 3500.00 → L3",
      "member:a 3900.00 → L4",
      "member:b 2600.00 → L5",
    ]);
  });

  it("a second correction nets against the first and still refers to the originals", () => {
    const first = correctSplit(original, [{ kind: "invoiceTax", invoiceTax: "0" }], posted);
    const afterFirst = [...posted, ...postAdjustments(first.adjustments, "A")];
    const second = correctSplit(first.input, [{ kind: "refund", amount: "6000" }], afterFirst);
    expect(second.split.distributable).toBe("80000.00");
    expect(brief(second.adjustments)).toEqual([
      "firm:management -1200.00 → L2",
      "member:o -1680.00 → L3",
      "member:a -1872.00 → L4",
      "member:b -1248.00 → L5",
    ]);
    expect(
      adjustSplit([...afterFirst, ...postAdjustments(second.adjustments, "B")], second.split),
    ).toEqual([]);
  });

  it("refuses a refund beyond the payment, or one that leaves less than the tax", () => {
    expect(() =>
      correctSplit(original, [{ kind: "refund", amount: "106000.01" }], posted),
    ).toThrowError("errors.fees.refundExceedsPayment");
    expect(() =>
      correctSplit(original, [{ kind: "refund", amount: "101000" }], posted),
    ).toThrowError("errors.fees.taxExceedsPayment");
    expect(() => correctSplit(original, [{ kind: "refund", amount: "-5" }], posted)).toThrowError(
      "errors.fees.amountInvalid",
    );
  });
});

describe("the month a line is written to", () => {
  it("is its own month while open, else the first open month", () => {
    expect(periodForLine("2026-03-15", "2026-02")).toBe("2026-03");
    expect(periodForLine("2026-02-20", "2026-02")).toBe("2026-03");
    expect(periodForLine("2026-01-05", "2026-02")).toBe("2026-03");
    expect(periodForLine("2026-12-05", "2026-12")).toBe("2027-01");
    expect(periodForLine("2026-01-05", null)).toBe("2026-01");
    expect(() => periodForLine("2026-02-30", null)).toThrowError("errors.fees.dateInvalid");
  });
});
