import { describe, expect, it } from "vitest";

import {
  computeSplit,
  effectiveManagementPercent,
  splitPayment,
  type CaseAllocation,
  type FeeShareSettings,
  type SplitInput,
} from "../../src/shared/fees";

const amounts = (lines: { key: string; amount: string }[]) =>
  Object.fromEntries(lines.map((l) => [l.key, l.amount]));

const threeWay: CaseAllocation = {
  originatorId: "o",
  lines: [
    { memberId: "o", role: "originator", percent: "35" },
    { memberId: "a", role: "lead", percent: "39" },
    { memberId: "b", role: "co-counsel", percent: "26" },
  ],
};
const base: SplitInput = {
  payment: "106000.00",
  invoiceTax: "6000.00",
  deductInvoiceTax: true,
  managementFeePercent: "20",
  allocation: threeWay,
};

describe("splitting a payment", () => {
  it("takes tax, then the management fee, then shares the rest", () => {
    const split = computeSplit(base);
    expect(split).toMatchObject({
      payment: "106000.00",
      tax: "6000.00",
      managementFee: "20000.00",
      distributable: "80000.00",
      rounding: "0.00",
    });
    expect(amounts(split.lines)).toEqual({
      "firm:tax": "6000.00",
      "firm:management": "20000.00",
      "member:o": "28000.00",
      "member:a": "31200.00",
      "member:b": "20800.00",
    });
    expect(split.lines.find((l) => l.key === "firm:management")?.percent).toBe("20.00");
    expect(split.lines.find((l) => l.key === "member:a")).toEqual({
      key: "member:a",
      kind: "member",
      memberId: "a",
      role: "lead",
      percent: "39.00",
      amount: "31200.00",
    });
  });

  it("cuts shares to the cent and gives the firm the difference on a named line", () => {
    const split = computeSplit({
      payment: "12345.67",
      invoiceTax: "740.74",
      deductInvoiceTax: false,
      managementFeePercent: "15",
      allocation: {
        originatorId: "o",
        lines: [
          { memberId: "a", role: "lead", percent: "50" },
          { memberId: "b", role: "co-counsel", percent: "30" },
          { memberId: "o", role: "originator", percent: "20" },
        ],
      },
    });
    expect(split).toMatchObject({
      tax: "0.00",
      managementFee: "1851.85",
      distributable: "10493.82",
      rounding: "0.01",
    });
    expect(amounts(split.lines)).toEqual({
      "firm:management": "1851.85",
      "member:a": "5246.91",
      "member:b": "3148.14",
      "member:o": "2098.76",
      "firm:rounding": "0.01",
    });
  });

  it("takes the management fee on the gross when the firm says so", () => {
    const split = computeSplit({ ...base, managementFeeBase: "payment" });
    expect(split).toMatchObject({ managementFee: "21200.00", distributable: "78800.00" });
  });

  it("leaves out lines of zero", () => {
    const nothing = computeSplit({ ...base, payment: "0", invoiceTax: "0" });
    expect(nothing.lines).toEqual([]);
    expect(nothing.distributable).toBe("0.00");
    const dime = computeSplit({
      ...base,
      payment: "0.10",
      invoiceTax: "0",
      managementFeePercent: "0",
      allocation: {
        originatorId: null,
        lines: [
          { memberId: "a", role: "lead", percent: "33.33" },
          { memberId: "b", role: "co-counsel", percent: "33.33" },
          { memberId: "c", role: "co-counsel", percent: "33.34" },
        ],
      },
    });
    expect(amounts(dime.lines)).toEqual({
      "member:a": "0.03",
      "member:b": "0.03",
      "member:c": "0.03",
      "firm:rounding": "0.01",
    });
  });

  it("uses a case's management fee override", () => {
    expect(effectiveManagementPercent("20.00", "10.00")).toBe("10.00");
    expect(effectiveManagementPercent("20.00", null)).toBe("20.00");
    expect(effectiveManagementPercent("20.00", undefined)).toBe("20.00");
  });

  it("refuses what cannot be split", () => {
    expect(() => computeSplit({ ...base, invoiceTax: "106000.01" })).toThrowError(
      "errors.fees.taxExceedsPayment",
    );
    expect(() => computeSplit({ ...base, payment: "-1" })).toThrowError(
      "errors.fees.amountInvalid",
    );
    expect(() => computeSplit({ ...base, payment: "abc" })).toThrowError(
      "errors.fees.amountInvalid",
    );
    expect(() => computeSplit({ ...base, managementFeePercent: "120" })).toThrowError(
      "errors.fees.percentInvalid",
    );
    const short = { ...threeWay, lines: threeWay.lines.slice(0, 2) };
    expect(() => computeSplit({ ...base, allocation: short })).toThrowError(
      "errors.fees.allocationSum",
    );
  });
});

describe("the whole path: rules, override, split", () => {
  const settings: FeeShareSettings = {
    managementFeePercent: "20",
    deductInvoiceTax: true,
    rules: [
      { kind: "originatorShare", when: "notWorking", percent: "35" },
      { kind: "repeatDecay", withinYears: 2, pointsPerRepeat: "10", floor: "15" },
    ],
  };
  const entered: CaseAllocation = {
    originatorId: "o",
    lines: [
      { memberId: "a", role: "lead", percent: "60" },
      { memberId: "b", role: "co-counsel", percent: "40" },
    ],
  };

  it("splits a repeat client's payment with the decayed originator share and the case's fee", () => {
    const { split, effective } = splitPayment(settings, {
      payment: "53000.00",
      invoiceTax: "3000.00",
      allocation: entered,
      managementFeeOverride: "10",
      context: { caseDate: "2026-06-01", priorClientCaseDates: ["2025-09-01"] },
    });
    expect(effective.lines.map((l) => l.percent)).toEqual(["25.00", "45.00", "30.00"]);
    expect(amounts(split.lines)).toEqual({
      "firm:tax": "3000.00",
      "firm:management": "5000.00",
      "member:o": "11250.00",
      "member:a": "20250.00",
      "member:b": "13500.00",
    });
  });

  it("uses the firm's fee without an override and a first-time client's full originator share", () => {
    const { split } = splitPayment(settings, {
      payment: "53000.00",
      invoiceTax: "3000.00",
      allocation: entered,
      context: { caseDate: "2026-06-01", priorClientCaseDates: [] },
    });
    expect(amounts(split.lines)).toEqual({
      "firm:tax": "3000.00",
      "firm:management": "10000.00",
      "member:o": "14000.00",
      "member:a": "15600.00",
      "member:b": "10400.00",
    });
  });
});
