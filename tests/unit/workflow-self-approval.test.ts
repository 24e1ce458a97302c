import { describe, expect, it } from "vitest";

import {
  newTaskNode,
  onInitiatorOf,
  type OrgDirectory,
  previewFlow,
  type TaskNode,
  validateDefinition,
} from "../../src/shared/workflow";
import { definition } from "../fixtures/workflow-defs";

/** lit (pm) > civil, managed by the submitter, lawyer; fin elsewhere. */
const DIR: OrgDirectory = {
  users: { pm: { active: true }, lawyer: { active: true }, fin: { active: true } },
  departments: {
    lit: { parentId: null, managerId: "pm" },
    civil: { parentId: "lit", managerId: "lawyer" },
    ops: { parentId: null, managerId: "fin" },
  },
  roles: {},
  userDepts: { pm: ["lit"], lawyer: ["civil"], fin: ["ops"] },
};

const node = (type: "approval" | "handler", onInitiator: TaskNode["onInitiator"]): TaskNode => ({
  ...newTaskNode(type, `${type}-1`, type),
  assignees: { kind: "users", userIds: ["lawyer", "fin"] },
  onInitiator,
});
const settings = (selfApproval?: TaskNode["onInitiator"]) => ({
  dedupe: "adjacent" as const,
  cancelAfterApproved: true,
  ...(selfApproval ? { selfApproval } : {}),
});

describe("onInitiatorOf", () => {
  it("takes the flow's setting on approval nodes, the node's own rule on handler nodes and on flows without it", () => {
    expect(onInitiatorOf({ settings: settings("skip") }, node("approval", "self"))).toBe("skip");
    expect(onInitiatorOf({ settings: settings("self") }, node("approval", "toManager"))).toBe(
      "self",
    );
    expect(onInitiatorOf({ settings: settings("skip") }, node("handler", "self"))).toBe("self");
    expect(onInitiatorOf({ settings: settings() }, node("approval", "toManager"))).toBe(
      "toManager",
    );
  });
});

describe("previewFlow with the self-approval setting", () => {
  it("shows the step as the engine will resolve it: skipped, the superior, or the submitter", () => {
    const input = { initiatorId: "lawyer", initiatorDeptId: "civil", form: {} };
    const users = (mode: TaskNode["onInitiator"]) =>
      previewFlow(
        definition([node("approval", "self")], { settings: settings(mode) }),
        DIR,
        input,
      )[0].userIds;
    expect(users("skip")).toEqual(["fin"]);
    expect(users("toManager")).toEqual(["pm", "fin"]);
    expect(users("self")).toEqual(["lawyer", "fin"]);
  });
});

describe("validateDefinition: settings.selfApproval", () => {
  it("accepts the three values or none and names an unknown one", () => {
    for (const mode of ["skip", "toManager", "self", undefined] as const) {
      const errors = validateDefinition(
        definition([node("approval", "self")], { settings: settings(mode) }),
      );
      expect(errors.filter((e) => e.key === "workflow.selfApproval.invalid")).toEqual([]);
    }
    const bad = definition([node("approval", "self")], {
      settings: { ...settings(), selfApproval: "nobody" as TaskNode["onInitiator"] },
    });
    expect(validateDefinition(bad)).toContainEqual({
      path: "settings.selfApproval",
      key: "workflow.selfApproval.invalid",
    });
  });
});
