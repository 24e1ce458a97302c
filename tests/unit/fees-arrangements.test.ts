import { describe, expect, it } from "vitest";

import {
  FeeInputError,
  computeAgreedFee,
  validateArrangement,
  validateFeeFacts,
  type FeeArrangement,
} from "../../src/shared/fees";

const codes = (errors: { code: string; field?: string }[]) =>
  errors.map((e) => `${e.code}@${e.field}`);

describe("agreed fee for each arrangement", () => {
  it("fixed", () => {
    expect(computeAgreedFee({ kind: "fixed", amount: "50000" })).toEqual({
      fee: "50000.00",
      parts: [{ kind: "fixed", amount: "50000.00" }],
    });
  });

  it("hourly: rate × hours, half up to the cent, capped", () => {
    expect(computeAgreedFee({ kind: "hourly", rate: "1500.00" }, { hours: "12.25" }).fee).toBe(
      "18375.00",
    );
    expect(computeAgreedFee({ kind: "hourly", rate: "333.33" }, { hours: "0.05" }).fee).toBe(
      "16.67",
    );
    const capped: FeeArrangement = { kind: "hourly", rate: "1500.00", cap: "15000" };
    expect(computeAgreedFee(capped, { hours: "12.25" }).fee).toBe("15000.00");
    expect(computeAgreedFee(capped, { hours: "2" }).fee).toBe("3000.00");
  });

  it("contingency (风险代理): a flat rate of the base, capped", () => {
    const terms = { base: "recovered" as const, percent: "18" };
    expect(
      computeAgreedFee({ kind: "contingency", contingency: terms }, { baseAmount: "1000000" }).fee,
    ).toBe("180000.00");
    const capped = { kind: "contingency" as const, contingency: { ...terms, cap: "150000" } };
    expect(computeAgreedFee(capped, { baseAmount: "1000000" }).fee).toBe("150000.00");
    expect(computeAgreedFee(capped, { baseAmount: "0" }).fee).toBe("0.00");
  });

  it("contingency with marginal bands, rounded once on the total", () => {
    const banded: FeeArrangement = {
      kind: "contingency",
      contingency: {
        base: "awarded",
        tiers: [
          { upTo: "1000000", percent: "18" },
          { upTo: "5000000", percent: "15" },
          { upTo: null, percent: "12" },
        ],
      },
    };
    // 1,000,000 × 18% + 4,000,000 × 15% + 1,000,000 × 12%
    expect(computeAgreedFee(banded, { baseAmount: "6000000" }).fee).toBe("900000.00");
    expect(computeAgreedFee(banded, { baseAmount: "3000000" }).fee).toBe("480000.00");
    // 500,000.01 × 18% = 90,000.0018
    expect(computeAgreedFee(banded, { baseAmount: "500000.01" }).fee).toBe("90000.00");
  });

  it("semi-contingency (半风险): fixed plus a percentage of the result", () => {
    const semi: FeeArrangement = {
      kind: "semiContingency",
      fixedAmount: "30000",
      contingency: { base: "recovered", percent: "10" },
    };
    expect(computeAgreedFee(semi, { baseAmount: "800000" })).toEqual({
      fee: "110000.00",
      parts: [
        { kind: "fixed", amount: "30000.00" },
        { kind: "contingency", amount: "80000.00" },
      ],
    });
  });

  it("hybrid: fixed covering some hours, the rest hourly, an optional bonus", () => {
    const hybrid: FeeArrangement = {
      kind: "hybrid",
      fixedAmount: "20000",
      rate: "2000",
      includedHours: "10",
    };
    expect(computeAgreedFee(hybrid, { hours: "12.5" }).fee).toBe("25000.00");
    expect(computeAgreedFee(hybrid, { hours: "8" }).fee).toBe("20000.00");
    const withBonus: FeeArrangement = {
      ...hybrid,
      contingency: { base: "reducedLiability", percent: "5" },
    };
    expect(computeAgreedFee(withBonus, { hours: "12.5", baseAmount: "100000" }).fee).toBe(
      "30000.00",
    );
  });

  it("free and legal aid come to nothing", () => {
    expect(computeAgreedFee({ kind: "free", basis: "legalAid" })).toEqual({
      fee: "0.00",
      parts: [],
    });
  });
});

describe("refusals", () => {
  it("names bad terms", () => {
    expect(codes(validateArrangement({ kind: "fixed", amount: "-1" }))).toEqual([
      "errors.fees.amountInvalid@amount",
    ]);
    expect(codes(validateArrangement({ kind: "fixed", amount: "1.234" }))).toEqual([
      "errors.fees.amountInvalid@amount",
    ]);
    expect(codes(validateArrangement({ kind: "barter" } as unknown as FeeArrangement))).toEqual([
      "errors.fees.arrangementInvalid@kind",
    ]);
    const both = {
      base: "recovered" as const,
      percent: "10",
      tiers: [{ upTo: null, percent: "10" }],
    };
    expect(codes(validateArrangement({ kind: "contingency", contingency: both }))).toEqual([
      "errors.fees.tiersInvalid@contingency",
    ]);
    const openMiddle = {
      base: "recovered" as const,
      tiers: [
        { upTo: null, percent: "18" },
        { upTo: "100", percent: "10" },
      ],
    };
    expect(codes(validateArrangement({ kind: "contingency", contingency: openMiddle }))).toEqual([
      "errors.fees.tiersInvalid@contingency.tiers.0.upTo",
      "errors.fees.tiersInvalid@contingency.tiers.1.upTo",
    ]);
    expect(
      codes(
        validateArrangement({
          kind: "contingency",
          contingency: { base: "recovered", percent: "101" },
        }),
      ),
    ).toEqual(["errors.fees.percentInvalid@contingency.percent"]);
  });

  it("names missing facts", () => {
    const semi: FeeArrangement = {
      kind: "semiContingency",
      fixedAmount: "1",
      contingency: { base: "claimed", percent: "5" },
    };
    expect(codes(validateFeeFacts(semi, {}))).toEqual(["errors.fees.baseAmountMissing@baseAmount"]);
    expect(codes(validateFeeFacts({ kind: "hourly", rate: "1" }, { hours: "1.234" }))).toEqual([
      "errors.fees.hoursInvalid@hours",
    ]);
    expect(() => computeAgreedFee({ kind: "hourly", rate: "100" })).toThrowError(FeeInputError);
    expect(() => computeAgreedFee({ kind: "hourly", rate: "100" })).toThrowError(
      "errors.fees.hoursMissing",
    );
  });

  it("refuses a fee past numeric(14,2)", () => {
    expect(() =>
      computeAgreedFee({ kind: "hourly", rate: "999999999999.99" }, { hours: "99999" }),
    ).toThrowError("errors.fees.amountInvalid");
  });
});
