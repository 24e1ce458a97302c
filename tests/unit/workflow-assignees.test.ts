import { describe, expect, it } from "vitest";

import {
  inScope,
  type OrgDirectory,
  resolveAssignees,
  resolveRecipients,
  type ResolveRules,
} from "../../src/shared/workflow";

/** root(boss) > lit(pm) > civil(no manager); ops(fin). */
export const DIR: OrgDirectory = {
  users: {
    boss: { active: true },
    pm: { active: true },
    lawyer: { active: true },
    lawyer2: { active: true },
    fin: { active: true },
    gone: { active: false },
  },
  departments: {
    root: { parentId: null, managerId: "boss" },
    lit: { parentId: "root", managerId: "pm" },
    civil: { parentId: "lit", managerId: null },
    ops: { parentId: "root", managerId: "gone" },
  },
  roles: { senior: { memberIds: ["lawyer2", "pm", "gone"] }, fin: { memberIds: ["fin"] } },
  userDepts: {
    boss: ["root"],
    pm: ["lit"],
    lawyer: ["civil"],
    lawyer2: ["civil"],
    fin: ["ops"],
    gone: ["ops"],
  },
};

const rules = (
  assignees: ResolveRules["assignees"],
  extra: Partial<ResolveRules> = {},
): ResolveRules => ({
  assignees,
  onInitiator: "toManager",
  onEmpty: { action: "autoPass" },
  admins: ["boss"],
  ...extra,
});
const input = { initiatorId: "lawyer", initiatorDeptId: "civil", form: { reviewer: "fin" } };

describe("resolveAssignees", () => {
  it("keeps listed order, drops inactive people and duplicates", () => {
    expect(
      resolveAssignees(DIR, rules({ kind: "users", userIds: ["fin", "gone", "pm", "fin"] }), input)
        .userIds,
    ).toEqual(["fin", "pm"]);
    expect(
      resolveAssignees(DIR, rules({ kind: "roles", roleIds: ["fin", "senior"] }), input).userIds,
    ).toEqual(["fin", "lawyer2", "pm"]);
  });

  it("finds the department manager by level and climbs only when asked", () => {
    expect(
      resolveAssignees(DIR, rules({ kind: "deptManager", level: 1, climb: false }), input),
    ).toEqual({ userIds: [], skipped: "empty" });
    expect(
      resolveAssignees(DIR, rules({ kind: "deptManager", level: 1, climb: true }), input).userIds,
    ).toEqual(["pm"]);
    expect(
      resolveAssignees(DIR, rules({ kind: "deptManager", level: 3, climb: false }), input).userIds,
    ).toEqual(["boss"]);
    // An inactive manager counts as none: ops climbs to the root.
    const finInput = { ...input, initiatorId: "fin", initiatorDeptId: "ops" };
    expect(
      resolveAssignees(DIR, rules({ kind: "deptManager", level: 1, climb: true }), finInput)
        .userIds,
    ).toEqual(["boss"]);
  });

  it("finds role members inside the initiator's department (department manager by role)", () => {
    expect(
      resolveAssignees(DIR, rules({ kind: "deptRole", roleId: "senior", climb: false }), input)
        .userIds,
    ).toEqual(["lawyer2"]);
    const pmInput = { ...input, initiatorId: "boss", initiatorDeptId: "root" };
    expect(
      resolveAssignees(DIR, rules({ kind: "deptRole", roleId: "senior", climb: true }), pmInput)
        .skipped,
    ).toBe("empty");
  });

  it("reads a user picked in the form", () => {
    expect(
      resolveAssignees(DIR, rules({ kind: "formUser", field: "reviewer" }), input).userIds,
    ).toEqual(["fin"]);
  });

  it("applies onInitiator: self, skip, toManager (acceptance 7)", () => {
    const a: ResolveRules["assignees"] = { kind: "users", userIds: ["lawyer", "fin"] };
    expect(resolveAssignees(DIR, rules(a, { onInitiator: "self" }), input).userIds).toEqual([
      "lawyer",
      "fin",
    ]);
    expect(resolveAssignees(DIR, rules(a, { onInitiator: "skip" }), input).userIds).toEqual([
      "fin",
    ]);
    expect(resolveAssignees(DIR, rules(a), input).userIds).toEqual(["pm", "fin"]);
    const pmInput = { ...input, initiatorId: "pm", initiatorDeptId: "lit" };
    expect(
      resolveAssignees(DIR, rules({ kind: "users", userIds: ["pm"] }), pmInput).userIds,
    ).toEqual(["boss"]);
    const bossInput = { ...input, initiatorId: "boss", initiatorDeptId: "root" };
    expect(
      resolveAssignees(DIR, rules({ kind: "users", userIds: ["boss"] }), bossInput).userIds,
    ).toEqual(["boss"]);
    expect(
      resolveAssignees(DIR, rules({ kind: "initiator" }, { onInitiator: "skip" }), input).userIds,
    ).toEqual(["lawyer"]);
  });

  it("applies onEmpty: autoPass, toAdmins, toUsers, and the fallback when those are inactive (acceptance 6)", () => {
    const none = { kind: "deptManager", level: 1, climb: false } as const;
    expect(resolveAssignees(DIR, rules(none, { onEmpty: { action: "toAdmins" } }), input)).toEqual({
      userIds: ["boss"],
      fallback: "toAdmins",
    });
    expect(
      resolveAssignees(
        DIR,
        rules(none, { onEmpty: { action: "toUsers", userIds: ["fin"] } }),
        input,
      ).userIds,
    ).toEqual(["fin"]);
    expect(
      resolveAssignees(
        DIR,
        rules(none, { onEmpty: { action: "toUsers", userIds: ["gone"] } }),
        input,
      ).skipped,
    ).toBe("emptyFallback");
  });
});

describe("resolveRecipients and inScope", () => {
  it("never CCs the initiator", () => {
    expect(resolveRecipients(DIR, { kind: "users", userIds: ["lawyer", "fin"] }, input)).toEqual([
      "fin",
    ]);
  });

  it("matches initiators by user, department (with sub-departments) or role", () => {
    const scope = {
      kind: "some" as const,
      userIds: ["fin"],
      deptIds: ["lit"],
      roleIds: ["senior"],
    };
    expect(inScope(DIR, scope, "fin")).toBe(true);
    expect(inScope(DIR, scope, "lawyer")).toBe(true);
    expect(inScope(DIR, scope, "boss")).toBe(false);
    expect(inScope(DIR, { kind: "all" }, "boss")).toBe(true);
  });
});
