import { describe, expect, it } from "vitest";

import {
  divRoundHalfUp,
  formatCents,
  moneyParam,
  parseCents,
  parsePercent,
  splitByWeights,
  splitTaxInclusive,
  taxForMatchedAmount,
  taxOfNet,
} from "../../src/shared/fees";

describe("money in cents", () => {
  it("parses numeric(14,2) strings exactly", () => {
    expect(parseCents("1200000.5")).toBe(120000050n);
    expect(parseCents("0.01")).toBe(1n);
    expect(parseCents(" 12 ")).toBe(1200n);
    expect(parseCents("999999999999.99")).toBe(99999999999999n);
  });
  it("refuses what numeric(14,2) would not hold, rather than rounding it", () => {
    expect(parseCents("1.234")).toBeNull();
    expect(parseCents("1000000000000")).toBeNull();
    expect(parseCents("1e5")).toBeNull();
    expect(parseCents("abc")).toBeNull();
    expect(parseCents(12)).toBeNull();
    expect(parseCents("-1")).toBeNull();
    expect(parseCents("-1.5", { allowNegative: true })).toBe(-150n);
  });
  it("formats cents back", () => {
    expect(formatCents(0n)).toBe("0.00");
    expect(formatCents(-5n)).toBe("-0.05");
    expect(formatCents(120000050n)).toBe("1200000.50");
    expect(moneyParam(120000050n)).toBe("¥1,200,000.50");
  });
  it("parses percentages to hundredths, 0 to 100", () => {
    expect(parsePercent("100")).toBe(10000n);
    expect(parsePercent("35.5")).toBe(3550n);
    expect(parsePercent("0")).toBe(0n);
    expect(parsePercent("100.01")).toBeNull();
    expect(parsePercent("33.333")).toBeNull();
    expect(parsePercent("-1")).toBeNull();
  });
  it("rounds half away from zero", () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(divRoundHalfUp(4n, 3n)).toBe(1n);
    expect(divRoundHalfUp(5n, 3n)).toBe(2n);
  });
  it("splits by weights to the unit, remainders to the largest rest then the earliest", () => {
    expect(splitByWeights(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    expect(splitByWeights(6500n, [3333n, 6667n])).toEqual([2166n, 4334n]);
    expect(splitByWeights(5n, [0n, 0n])).toEqual([0n, 0n]);
  });
});

describe("invoice tax", () => {
  it("computes tax on a net amount", () => {
    expect(taxOfNet("10000.00", "6")).toBe("600.00");
    expect(taxOfNet("333.33", "3")).toBe("10.00");
  });
  it("backs tax out of a total so net + tax = total", () => {
    expect(splitTaxInclusive("106000.00", "6")).toEqual({ net: "100000.00", tax: "6000.00" });
    expect(splitTaxInclusive("100.00", "6")).toEqual({ net: "94.34", tax: "5.66" });
    expect(splitTaxInclusive("101.00", "1")).toEqual({ net: "100.00", tax: "1.00" });
  });
  it("gives a partial match its proportional tax", () => {
    expect(taxForMatchedAmount("53000.00", "106000.00", "6000.00")).toBe("3000.00");
    expect(taxForMatchedAmount("1.00", "3.00", "0.10")).toBe("0.03");
    expect(taxForMatchedAmount("1.00", "0.00", "0.00")).toBe("0.00");
  });
  it("refuses a bad rate", () => {
    expect(() => taxOfNet("1.00", "abc")).toThrowError("errors.fees.percentInvalid");
  });
});
