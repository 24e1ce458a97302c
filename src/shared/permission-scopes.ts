import {
  ACTIONS,
  type PermissionRule,
  type Subject,
  isSubject,
  subjectActions,
} from "./permissions";

/**
 * "Only own" and "only my department" rules, as the role editor writes them. A role is shared
 * by many people, so its conditions hold placeholders that the session fills in per person:
 * records that support these scopes expose `ownerId` (the responsible member's user id) and
 * `departmentId` to CASL.
 */
export const SCOPES = ["all", "own", "department"] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * The subjects whose records have a responsible person, so "own" and "department" mean something.
 * The role editor offers the scopes only here; the server refuses conditions on other subjects,
 * and a route on one of these subjects with an `:id` table must register that table's owner.
 */
export const SCOPED_SUBJECTS: readonly Subject[] = [
  "LAWFIRM_CUSTOMER_VIEW",
  "LAWFIRM_CASE_VIEW",
  "LAWFIRM_CONTRACT_VIEW",
  "LAWFIRM_SEAL_VIEW",
  "LAWFIRM_INVOICE_VIEW",
  "LAWFIRM_LEAD_VIEW",
  "LAWFIRM_REPORT_VIEW",
];

export const isScopedSubject = (subject: unknown) => SCOPED_SUBJECTS.includes(subject as Subject);

export const USER_ID = "${user.id}";
export const USER_DEPARTMENT_IDS = "${user.departmentIds}";

export const OWN_CONDITIONS = { ownerId: USER_ID };
export const DEPARTMENT_CONDITIONS = { departmentId: { $in: USER_DEPARTMENT_IDS } };

export const conditionsOfScope = (scope: Scope): Record<string, unknown> | undefined => {
  if (scope === "own") return { ...OWN_CONDITIONS };
  if (scope === "department") return { departmentId: { $in: USER_DEPARTMENT_IDS } };
  return undefined;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The scope a rule's conditions express, or undefined when they are not one the editor offers. */
export const scopeOfConditions = (conditions: unknown): Scope | undefined => {
  if (conditions === undefined || conditions === null) return "all";
  if (same(conditions, OWN_CONDITIONS)) return "own";
  if (same(conditions, DEPARTMENT_CONDITIONS)) return "department";
  return undefined;
};

type Person = { userId: string; departmentIds: string[] };

const fill = (value: unknown, who: Person): unknown => {
  if (value === USER_ID) return who.userId;
  if (value === USER_DEPARTMENT_IDS) return who.departmentIds;
  if (Array.isArray(value)) return value.map((v) => fill(v, who));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, who)]));
  }
  return value;
};

/** The rules of a role as they apply to one person (placeholders replaced). */
export const interpolateRules = (rules: PermissionRule[], who: Person): PermissionRule[] =>
  rules.map((r) =>
    r.conditions ? { ...r, conditions: fill(r.conditions, who) as Record<string, unknown> } : r,
  );

const FIELD = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;
const ALL_ACTIONS = new Set<string>(Object.values(ACTIONS));

const list = (v: unknown) => (Array.isArray(v) ? v : [v]);

/**
 * Why a rule list cannot be saved ("subject", "action", "conditions", "fields"), or undefined.
 * Every action must be one its subject offers (or `manage`), and conditions must be a scope.
 */
export const checkRules = (rules: PermissionRule[]): string | undefined => {
  for (const rule of rules) {
    const subjects = list(rule.subject);
    const actions = list(rule.action);
    if (subjects.length === 0 || !subjects.every(isSubject)) return "subject";
    if (actions.length === 0) return "action";
    for (const action of actions) {
      if (typeof action !== "string" || !ALL_ACTIONS.has(action)) return "action";
      if (action === "manage") continue;
      if (!subjects.every((s) => (subjectActions(s) as readonly string[]).includes(action)))
        return "action";
    }
    if (rule.conditions !== undefined) {
      if (scopeOfConditions(rule.conditions) === undefined) return "conditions";
      if (scopeOfConditions(rule.conditions) !== "all" && !subjects.every(isScopedSubject))
        return "conditions";
    }
    if (rule.fields !== undefined && !rule.fields.every((f) => FIELD.test(f))) return "fields";
  }
  return undefined;
};
