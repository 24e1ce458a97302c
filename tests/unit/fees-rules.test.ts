import { describe, expect, it } from "vitest";

import {
  allocationInForce,
  applyFeeRules,
  countRepeats,
  validateAllocation,
  validateFeeRules,
  type CaseAllocation,
  type FeeRule,
} from "../../src/shared/fees";

const codes = (errors: { code: string; field?: string }[]) =>
  errors.map((e) => `${e.code}@${e.field}`);
const percents = (result: { lines: { memberId: string; role: string; percent: string }[] }) =>
  result.lines.map((l) => `${l.memberId}:${l.role}:${l.percent}`);

const working: CaseAllocation = {
  originatorId: "o",
  lines: [
    { memberId: "a", role: "lead", percent: "60" },
    { memberId: "b", role: "co-counsel", percent: "40" },
  ],
};
const share35: FeeRule = { kind: "originatorShare", when: "notWorking", percent: "35" };
const decay: FeeRule = { kind: "repeatDecay", withinYears: 2, pointsPerRepeat: "10", floor: "15" };
const firstCase = { caseDate: "2026-06-01", priorClientCaseDates: [] };

describe("validating an allocation", () => {
  it("accepts one that makes exactly 100.00", () => {
    expect(validateAllocation(working)).toEqual([]);
  });
  it("names each problem", () => {
    const line = (
      memberId: string,
      role: "lead" | "co-counsel" | "originator",
      percent: string,
    ) => ({ memberId, role, percent });
    expect(validateAllocation({ originatorId: null, lines: [] })).toEqual([
      { code: "errors.fees.allocationEmpty", field: "lines" },
    ]);
    expect(
      validateAllocation({
        originatorId: null,
        lines: [line("a", "lead", "60"), line("b", "co-counsel", "39.99")],
      }),
    ).toEqual([{ code: "errors.fees.allocationSum", field: "lines", params: { total: "99.99" } }]);
    expect(
      codes(
        validateAllocation({
          originatorId: null,
          lines: [line("a", "lead", "105"), line("b", "co-counsel", "-5")],
        }),
      ),
    ).toEqual([
      "errors.fees.percentInvalid@lines.0.percent",
      "errors.fees.percentNegative@lines.1.percent",
    ]);
    expect(
      codes(
        validateAllocation({
          originatorId: null,
          lines: [line("a", "lead", "50"), line("a", "co-counsel", "50")],
        }),
      ),
    ).toEqual(["errors.fees.memberDuplicate@lines.1.memberId"]);
    expect(
      validateAllocation({
        originatorId: null,
        lines: [line("a", "lead", "50"), line("b", "lead", "50")],
      }),
    ).toEqual([{ code: "errors.fees.leadCount", field: "lines", params: { count: 2 } }]);
    expect(
      codes(
        validateAllocation({
          originatorId: "o",
          lines: [line("x", "originator", "20"), line("a", "lead", "80")],
        }),
      ),
    ).toEqual(["errors.fees.originatorMismatch@lines.0.memberId"]);
    expect(
      codes(validateAllocation({ originatorId: null, lines: [line("a", "boss" as never, "100")] })),
    ).toEqual(["errors.fees.roleInvalid@lines.0.role", "errors.fees.leadCount@lines"]);
  });
});

describe("firm rules", () => {
  it("gives a non-working originator their share and rescales the working lawyers", () => {
    const result = applyFeeRules(working, [share35], firstCase);
    expect(percents(result)).toEqual(["o:originator:35.00", "a:lead:39.00", "b:co-counsel:26.00"]);
    expect(result.steps).toEqual([
      { rule: 0, kind: "originatorShare", before: "0.00", after: "35.00" },
    ]);
  });

  it("rescales to the hundredth, every hundredth landing somewhere", () => {
    const odd: CaseAllocation = {
      originatorId: "o",
      lines: [
        { memberId: "a", role: "lead", percent: "33.33" },
        { memberId: "b", role: "co-counsel", percent: "66.67" },
      ],
    };
    expect(percents(applyFeeRules(odd, [share35], firstCase))).toEqual([
      "o:originator:35.00",
      "a:lead:21.66",
      "b:co-counsel:43.34",
    ]);
  });

  it("decays the originator share per repeat within the window, down to the floor", () => {
    const priors = ["2025-01-10", "2024-06-01", "2024-05-31", "2020-01-01"];
    expect(countRepeats({ caseDate: "2026-06-01", priorClientCaseDates: priors }, 2)).toBe(2);
    const twice = applyFeeRules(working, [share35, decay], {
      caseDate: "2026-06-01",
      priorClientCaseDates: priors,
    });
    expect(percents(twice)).toEqual(["o:originator:15.00", "a:lead:51.00", "b:co-counsel:34.00"]);
    expect(twice.steps[1]).toEqual({
      rule: 1,
      kind: "repeatDecay",
      before: "35.00",
      after: "15.00",
      repeats: 2,
    });
    const once = applyFeeRules(working, [share35, decay], {
      caseDate: "2026-06-01",
      priorClientCaseDates: ["2025-01-10"],
    });
    expect(percents(once)).toEqual(["o:originator:25.00", "a:lead:45.00", "b:co-counsel:30.00"]);
    const thrice = applyFeeRules(working, [share35, decay], {
      caseDate: "2026-06-01",
      priorClientCaseDates: ["2025-01-10", "2025-02-10", "2025-03-10"],
    });
    expect(percents(thrice)[0]).toBe("o:originator:15.00");
  });

  it("reads 29 February's window from the 28th", () => {
    expect(
      countRepeats(
        { caseDate: "2028-02-29", priorClientCaseDates: ["2027-02-28", "2027-02-27"] },
        1,
      ),
    ).toBe(1);
  });

  it("decays an originator line entered by hand, ties in rescaling to the earlier line", () => {
    const entered: CaseAllocation = {
      originatorId: "o",
      lines: [
        { memberId: "o", role: "originator", percent: "20" },
        { memberId: "a", role: "lead", percent: "50" },
        { memberId: "b", role: "co-counsel", percent: "30" },
      ],
    };
    const result = applyFeeRules(entered, [decay], {
      caseDate: "2026-06-01",
      priorClientCaseDates: ["2026-01-01"],
    });
    expect(percents(result)).toEqual(["o:originator:15.00", "a:lead:53.13", "b:co-counsel:31.87"]);
  });

  it("does not let the floor raise a share already below it", () => {
    const low: CaseAllocation = {
      originatorId: "o",
      lines: [
        { memberId: "o", role: "originator", percent: "10" },
        { memberId: "a", role: "lead", percent: "90" },
      ],
    };
    const result = applyFeeRules(low, [decay], {
      caseDate: "2026-06-01",
      priorClientCaseDates: ["2026-01-01"],
    });
    expect(percents(result)).toEqual(["o:originator:10.00", "a:lead:90.00"]);
    expect(result.steps[0]).toMatchObject({ before: "10.00", after: "10.00", repeats: 1 });
  });

  it("leaves the allocation alone when the originator works on the case or there is none", () => {
    const works: CaseAllocation = {
      originatorId: "a",
      lines: [
        { memberId: "a", role: "lead", percent: "70" },
        { memberId: "b", role: "co-counsel", percent: "30" },
      ],
    };
    const kept = applyFeeRules(works, [share35, decay], firstCase);
    expect(percents(kept)).toEqual(["a:lead:70.00", "b:co-counsel:30.00"]);
    expect(kept.steps).toEqual([]);
    expect(
      percents(applyFeeRules({ ...working, originatorId: null }, [share35], firstCase)),
    ).toEqual(["a:lead:60.00", "b:co-counsel:40.00"]);
  });

  it("hands the rest to the lead when everyone working was entered at 0%", () => {
    const all: CaseAllocation = {
      originatorId: "o",
      lines: [
        { memberId: "o", role: "originator", percent: "100" },
        { memberId: "a", role: "lead", percent: "0" },
        { memberId: "b", role: "co-counsel", percent: "0" },
      ],
    };
    expect(percents(applyFeeRules(all, [share35], firstCase))).toEqual([
      "o:originator:35.00",
      "a:lead:65.00",
      "b:co-counsel:0.00",
    ]);
  });

  it("checks rules stored as JSON", () => {
    expect(validateFeeRules([share35, decay])).toEqual([]);
    expect(codes(validateFeeRules({}))).toEqual(["errors.fees.ruleInvalid@rules"]);
    expect(
      codes(
        validateFeeRules([
          { kind: "bonus" },
          { kind: "repeatDecay", withinYears: 0, pointsPerRepeat: "x", floor: "15" },
          3,
        ]),
      ),
    ).toEqual([
      "errors.fees.ruleInvalid@rules.0.kind",
      "errors.fees.ruleInvalid@rules.1.withinYears",
      "errors.fees.ruleInvalid@rules.1.pointsPerRepeat",
      "errors.fees.ruleInvalid@rules.2",
    ]);
    expect(() =>
      applyFeeRules(working, [share35], { caseDate: "2031-02-30", priorClientCaseDates: [] }),
    ).toThrowError("errors.fees.dateInvalid");
  });
});

describe("allocation in force", () => {
  const versions = [
    { effectiveFrom: "2026-04-01", allocation: { ...working, originatorId: "later" } },
    { effectiveFrom: "2026-01-01", allocation: working },
  ];
  it("picks the latest version on or before the day", () => {
    expect(allocationInForce(versions, "2026-03-31")).toBe(working);
    expect(allocationInForce(versions, "2026-04-01")?.originatorId).toBe("later");
    expect(allocationInForce(versions, "2025-12-31")).toBeNull();
    expect(allocationInForce(versions, "2026-02-30")).toBeNull();
  });
});
