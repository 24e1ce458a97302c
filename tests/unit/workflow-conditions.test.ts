import { describe, expect, it } from "vitest";

import {
  compareDecimal,
  type ConditionContext,
  evaluateCondition,
  evaluateRule,
  formFields,
  pickBranch,
  type Rule,
} from "../../src/shared/workflow";
import { branch, FORM } from "../fixtures/workflow-defs";

const fields = formFields(FORM);
const ctx = (form: Record<string, unknown>): ConditionContext => ({
  form,
  initiatorDeptChain: ["civil", "lit"],
  initiatorRoleIds: ["lawyer"],
});
const holds = (rule: Rule, form: Record<string, unknown>) => evaluateRule(fields, rule, ctx(form));

describe("formFields", () => {
  it("classifies each field for conditions", () => {
    expect(fields.map((f) => `${f.key}:${f.type}`)).toEqual([
      "title:string",
      "amount:money",
      "days:number",
      "type:enum",
      "tags:multi",
      "fee:number",
      "reviewer:user",
      "startDate:date",
      "urgent:boolean",
    ]);
  });
});

describe("compareDecimal", () => {
  it("compares money exactly, never as floats", () => {
    expect(compareDecimal("0.30", "0.3")).toBe(0);
    expect(compareDecimal("100000.00", "99999.999")).toBe(1);
    expect(compareDecimal("-1.5", "1")).toBe(-1);
    expect(compareDecimal("12345678901234567.01", "12345678901234567.02")).toBe(-1);
    expect(compareDecimal("abc", "1")).toBeUndefined();
  });
});

describe("evaluateRule", () => {
  it("numbers and money", () => {
    expect(holds({ left: "amount", op: "gte", value: "100000" }, { amount: "100000.00" })).toBe(
      true,
    );
    expect(holds({ left: "amount", op: "gt", value: "100000" }, { amount: "100000.00" })).toBe(
      false,
    );
    expect(holds({ left: "amount", op: "lt", value: "0.3" }, { amount: "0.29" })).toBe(true);
    expect(holds({ left: "days", op: "between", value: [1, 3] }, { days: 3 })).toBe(true);
    expect(holds({ left: "days", op: "between", value: [1, 3] }, { days: 4 })).toBe(false);
    expect(holds({ left: "days", op: "ne", value: 2 }, { days: 3 })).toBe(true);
    expect(holds({ left: "days", op: "lte", value: 2 }, { days: 2 })).toBe(true);
    expect(holds({ left: "fee", op: "eq", value: 0.3 }, { fee: 0.3 })).toBe(true);
  });

  it("strings, enums and multi-selects", () => {
    expect(holds({ left: "title", op: "contains", value: "合同" }, { title: "合同审批" })).toBe(
      true,
    );
    expect(holds({ left: "title", op: "notContains", value: "x" }, { title: "abc" })).toBe(true);
    expect(holds({ left: "type", op: "in", value: ["litigation"] }, { type: "litigation" })).toBe(
      true,
    );
    expect(holds({ left: "type", op: "notIn", value: ["litigation"] }, { type: "advisory" })).toBe(
      true,
    );
    expect(holds({ left: "type", op: "eq", value: "advisory" }, { type: "litigation" })).toBe(
      false,
    );
    expect(holds({ left: "tags", op: "containsAny", value: ["a", "c"] }, { tags: ["c"] })).toBe(
      true,
    );
    expect(holds({ left: "tags", op: "containsAll", value: ["a", "c"] }, { tags: ["c"] })).toBe(
      false,
    );
    expect(holds({ left: "tags", op: "notContains", value: ["b"] }, { tags: ["a"] })).toBe(true);
  });

  it("dates, booleans and user pickers", () => {
    expect(
      holds({ left: "startDate", op: "before", value: "2026-02-01" }, { startDate: "2026-01-31" }),
    ).toBe(true);
    expect(
      holds({ left: "startDate", op: "after", value: "2026-02-01" }, { startDate: "2026-01-31" }),
    ).toBe(false);
    expect(
      holds(
        { left: "startDate", op: "between", value: ["2026-01-01", "2026-01-31"] },
        { startDate: "2026-01-31" },
      ),
    ).toBe(true);
    expect(holds({ left: "urgent", op: "eq", value: true }, { urgent: true })).toBe(true);
    expect(holds({ left: "reviewer", op: "in", value: ["u1"] }, { reviewer: "u1" })).toBe(true);
  });

  it("matches the initiator's department with its sub-departments, and any of their roles", () => {
    expect(holds({ left: "initiator.dept", op: "in", value: ["lit"] }, {})).toBe(true);
    expect(holds({ left: "initiator.dept", op: "notIn", value: ["corp"] }, {})).toBe(true);
    expect(holds({ left: "initiator.role", op: "in", value: ["partner", "lawyer"] }, {})).toBe(
      true,
    );
    expect(holds({ left: "initiator.role", op: "notIn", value: ["lawyer"] }, {})).toBe(false);
  });

  it("is false on a missing value except isEmpty", () => {
    expect(holds({ left: "days", op: "ne", value: 1 }, {})).toBe(false);
    expect(holds({ left: "title", op: "notIn", value: ["x"] }, {})).toBe(false);
    expect(holds({ left: "days", op: "isEmpty" }, {})).toBe(true);
    expect(holds({ left: "tags", op: "isEmpty" }, { tags: [] })).toBe(true);
    expect(holds({ left: "days", op: "notEmpty" }, { days: 0 })).toBe(true);
    expect(holds({ left: "unknown", op: "eq", value: 1 }, { unknown: 1 })).toBe(false);
  });
});

describe("pickBranch (acceptance 5)", () => {
  const branches = [
    branch(
      "b1",
      [
        [{ left: "amount", op: "gte", value: "100000" }],
        [
          { left: "type", op: "eq", value: "litigation" },
          { left: "initiator.dept", op: "in", value: ["lit"] },
        ],
      ],
      [],
    ),
    branch("default", "default", []),
  ];

  it("takes the first branch whose OR of AND-groups holds, else the default", () => {
    expect(pickBranch(fields, branches, ctx({ amount: "50000", type: "advisory" }))).toBe(1);
    expect(pickBranch(fields, branches, ctx({ amount: "150000", type: "advisory" }))).toBe(0);
    expect(pickBranch(fields, branches, ctx({ amount: "50000", type: "litigation" }))).toBe(0);
    expect(evaluateCondition(fields, [], ctx({}))).toBe(false);
  });
});
