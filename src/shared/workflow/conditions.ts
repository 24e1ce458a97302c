import { type FormField, leftType } from "./form-fields";
import type { Condition, ExclusiveBranch, Rule } from "./model";

/** What an exclusive gateway sees: the form now, the initiator's department chain and roles at submit. */
export type ConditionContext = {
  form: Record<string, unknown>;
  /** The initiator's department first, then its ancestors up to the root (sub-departments match). */
  initiatorDeptChain: string[];
  initiatorRoleIds: string[];
};

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * Compares two decimal strings exactly (money is never a float: 0.1 + 0.2 must equal 0.3).
 * Returns -1, 0 or 1, or undefined when either side is not a decimal.
 */
export const compareDecimal = (a: unknown, b: unknown): number | undefined => {
  const pa = DECIMAL.exec(String(a ?? "").trim());
  const pb = DECIMAL.exec(String(b ?? "").trim());
  if (typeof a === "boolean" || typeof b === "boolean" || !pa || !pb) return undefined;
  const scale = Math.max((pa[3] ?? "").length, (pb[3] ?? "").length);
  const big = (p: RegExpExecArray) =>
    BigInt(`${p[1] === "-" ? "-" : ""}${p[2]}${(p[3] ?? "").padEnd(scale, "0")}`);
  const x = big(pa);
  const y = big(pb);
  return x === y ? 0 : x < y ? -1 : 1;
};

const compareDate = (a: unknown, b: unknown): number | undefined => {
  if (typeof a !== "string" || typeof b !== "string") return undefined;
  // Plain dates compare as text (YYYY-MM-DD); instants by their time.
  if (a.length === 10 || b.length === 10) {
    const x = a.slice(0, 10);
    const y = b.slice(0, 10);
    return x === y ? 0 : x < y ? -1 : 1;
  }
  const x = Date.parse(a);
  const y = Date.parse(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return undefined;
  return x === y ? 0 : x < y ? -1 : 1;
};

export const isEmptyValue = (v: unknown) =>
  v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

const asList = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];

/** Evaluates one rule; a rule on a missing value is false, except `isEmpty`. */
export const evaluateRule = (fields: FormField[], rule: Rule, ctx: ConditionContext): boolean => {
  const type = leftType(fields, rule.left);
  const actual: unknown =
    type === "dept"
      ? ctx.initiatorDeptChain
      : type === "role"
        ? ctx.initiatorRoleIds
        : ctx.form[rule.left];
  if (rule.op === "isEmpty") return isEmptyValue(actual);
  if (rule.op === "notEmpty") return !isEmptyValue(actual);
  if (type === undefined || isEmptyValue(actual)) return false;
  const expected = rule.value;
  const cmp =
    type === "date"
      ? (b: unknown) => compareDate(actual, b)
      : (b: unknown) => compareDecimal(actual, b);
  const within = (v: unknown) => asList(expected).some((e) => e === v);

  if (type === "dept") {
    // initiator.dept in [X]: the initiator's department is X or lies below it.
    const hit = asList(expected).some((d) => ctx.initiatorDeptChain.includes(String(d)));
    return rule.op === "in" ? hit : rule.op === "notIn" ? !hit : false;
  }
  if (type === "role" || type === "users") {
    const hit = asList(actual).some((r) => within(r));
    return rule.op === "in" ? hit : rule.op === "notIn" ? !hit : false;
  }
  if (type === "multi") {
    const have = asList(actual);
    const want = asList(expected);
    if (rule.op === "containsAny") return want.some((w) => have.includes(w));
    if (rule.op === "containsAll") return want.every((w) => have.includes(w));
    if (rule.op === "notContains") return !want.some((w) => have.includes(w));
    return false;
  }
  switch (rule.op) {
    case "eq":
      if (type === "number" || type === "money" || type === "date") return cmp(expected) === 0;
      return actual === expected;
    case "ne":
      if (type === "number" || type === "money") {
        const c = cmp(expected);
        return c !== undefined && c !== 0;
      }
      return actual !== expected;
    case "gt":
    case "after":
      return (cmp(expected) ?? Number.NaN) > 0;
    case "gte":
      return (cmp(expected) ?? Number.NaN) >= 0;
    case "lt":
    case "before":
      return (cmp(expected) ?? Number.NaN) < 0;
    case "lte":
      return (cmp(expected) ?? Number.NaN) <= 0;
    case "between": {
      const [lo, hi] = asList(expected);
      const a = cmp(lo);
      const b = cmp(hi);
      return a !== undefined && b !== undefined && a >= 0 && b <= 0;
    }
    case "contains":
      return (
        typeof actual === "string" && typeof expected === "string" && actual.includes(expected)
      );
    case "notContains":
      return (
        typeof actual === "string" && typeof expected === "string" && !actual.includes(expected)
      );
    case "in":
      return within(actual);
    case "notIn":
      return !within(actual);
    default:
      return false;
  }
};

/** OR of AND-groups. An empty condition never holds (the validator refuses it anyway). */
export const evaluateCondition = (fields: FormField[], when: Condition, ctx: ConditionContext) =>
  when.some((group) => group.length > 0 && group.every((rule) => evaluateRule(fields, rule, ctx)));

/** Index of the branch an exclusive gateway takes: the first whose condition holds, else the default. */
export const pickBranch = (
  fields: FormField[],
  branches: ExclusiveBranch[],
  ctx: ConditionContext,
): number => {
  const hit = branches.findIndex(
    (b) => b.when !== "default" && evaluateCondition(fields, b.when, ctx),
  );
  if (hit >= 0) return hit;
  return branches.findIndex((b) => b.when === "default");
};
