import { describe, expect, it } from "vitest";

import { type FlowNode, returnCandidates, validateDefinition } from "../../src/shared/workflow";
import {
  approval,
  branch,
  cc,
  definition,
  exclusive,
  handler,
  parallel,
  users,
} from "../fixtures/workflow-defs";

const keys = (def: unknown, refs?: Parameters<typeof validateDefinition>[1]) =>
  validateDefinition(def, refs).map((e) => `${e.nodeId ?? "-"}:${e.key}`);

describe("validateDefinition", () => {
  it("accepts a complete two-level flow with an exclusive gateway", () => {
    const def = definition([
      approval("a1", users("u1")),
      exclusive("x", [
        branch(
          "big",
          [[{ left: "amount", op: "gte", value: "100000" }]],
          [approval("a2", users("u2"))],
        ),
        branch("else", "default", []),
      ]),
    ]);
    expect(validateDefinition(def)).toEqual([]);
  });

  it("refuses a broken shape with one structural error", () => {
    expect(keys({ nodes: "x" })).toEqual(["-:workflow.structure.invalid"]);
    expect(keys(definition([{ id: "n", name: "n", type: "bogus" } as never]))).toEqual([
      "-:workflow.structure.invalid",
    ]);
  });

  it("names the definition-level problems", () => {
    const def = definition([handler("h", users("u1"))], {
      name: "",
      kind: "nope" as never,
      form: { type: "object", properties: {} },
    });
    expect(keys(def)).toEqual([
      "-:workflow.name.required",
      "-:workflow.kind.invalid",
      "-:workflow.form.empty",
      "-:workflow.approver.required",
    ]);
    expect(keys(definition([approval("a", users("u"))], { form: { type: "string" } }))).toContain(
      "-:workflow.form.invalid",
    );
  });

  it("points at every unconfigured node at once", () => {
    const def = definition([
      approval("a1", undefined),
      approval("a2", users()),
      approval("a3", { kind: "roles", roleIds: [] }),
      approval("a4", { kind: "deptManager", level: 9, climb: false }),
      approval("a5", { kind: "formUser", field: "title" }),
      approval("a6", { kind: "deptRole", roleId: "", climb: true }),
      cc("c1", { kind: "initiator" }),
      approval("a7", users("u"), { mode: "ratio" as never }),
      approval("a8", users("u"), { onEmpty: { action: "toUsers", userIds: [] } }),
      approval("a9", users("u"), { onEmpty: { action: "toAdmins" } }),
    ]);
    expect(keys(def)).toEqual([
      "a1:workflow.assignee.required",
      "a2:workflow.assignee.usersEmpty",
      "a3:workflow.assignee.rolesEmpty",
      "a4:workflow.assignee.levelInvalid",
      "a5:workflow.assignee.fieldInvalid",
      "a6:workflow.assignee.rolesEmpty",
      "c1:workflow.cc.recipientsRequired",
      "a7:workflow.mode.invalid",
      "a8:workflow.empty.usersRequired",
      "a9:workflow.admins.required",
    ]);
  });

  it("checks ids, gateways and conditions", () => {
    const def = definition([
      approval("a", users("u")),
      approval("a", users("u")),
      exclusive("x1", [branch("only", "default", [])]),
      exclusive("x2", [
        branch("d", "default", []),
        branch("c", [[{ left: "days", op: "gt", value: 3 }]], []),
      ]),
      exclusive("x3", [
        branch("none", [], []),
        branch("unknown", [[{ left: "nope", op: "eq", value: 1 }]], []),
        branch("op", [[{ left: "urgent", op: "gt", value: true }]], []),
        branch("value", [[{ left: "days", op: "gt", value: "" }]], []),
        branch("between", [[{ left: "days", op: "between", value: [1] }]], []),
        branch("empty-ok", [[{ left: "days", op: "isEmpty" }]], []),
        branch("dept", [[{ left: "initiator.dept", op: "in", value: ["d1"] }]], []),
        branch("else", "default", []),
      ]),
      parallel("p1", [approval("pa", users("u"))]),
      parallel("p2", [approval("pb", users("u"))], []),
    ]);
    expect(keys(def)).toEqual([
      "a:workflow.node.idDuplicate",
      "x1:workflow.exclusive.branches",
      "x2:workflow.exclusive.default",
      "x3:workflow.condition.required",
      "x3:workflow.condition.fieldUnknown",
      "x3:workflow.condition.operatorInvalid",
      "x3:workflow.condition.valueRequired",
      "x3:workflow.condition.valueRequired",
      "p1:workflow.parallel.branches",
      "p2:workflow.parallel.emptyBranch",
    ]);
  });

  it("checks field permissions, the initiator scope and known references", () => {
    const def = definition([approval("a", users("ghost"), { fields: { nope: "edit" } })], {
      start: {
        initiators: { kind: "some", userIds: [], deptIds: [], roleIds: [] },
        fields: { title: "hidden" },
      },
    });
    expect(
      keys(def, { refs: { userIds: new Set(["u"]), roleIds: new Set(), deptIds: new Set() } }),
    ).toEqual([
      "-:workflow.start.scopeEmpty",
      "-:workflow.fields.requiredHidden",
      "a:workflow.assignee.unknown",
      "a:workflow.fields.unknown",
    ]);
  });

  it("refuses listed return targets outside the node's valid set", () => {
    const def = definition([
      approval("n1", users("u")),
      approval("n2", users("u")),
      approval("n3", users("u"), { return: { enabled: true, range: "listed", targets: ["n1"] } }),
      approval("n4", users("u"), { return: { enabled: true, range: "listed", targets: ["n5"] } }),
      approval("n5", users("u")),
    ]);
    expect(keys(def)).toEqual(["n4:workflow.return.targetInvalid"]);
  });

  it("refuses a tree over the size limits", () => {
    const many = Array.from({ length: 201 }, (_, i) => approval(`n${i}`, users("u")));
    expect(keys(definition(many))).toEqual(["-:workflow.tooLarge"]);
    let nested: FlowNode[] = [approval("deep", users("u"))];
    for (let i = 0; i < 6; i += 1)
      nested = [parallel(`p${i}`, nested, [approval(`s${i}`, users("u"))])];
    expect(keys(definition([approval("a", users("u")), ...nested]))).toEqual([
      "-:workflow.tooLarge",
    ]);
  });
});

describe("returnCandidates", () => {
  const nodes = [
    approval("n1", users("u")),
    exclusive("x", [
      branch("b0", [[{ left: "days", op: "gt", value: 1 }]], [approval("x1", users("u"))]),
      branch("b1", "default", [approval("x2", users("u"))]),
    ]),
    parallel(
      "p",
      [approval("p1", users("u")), approval("p2", users("u"))],
      [approval("q1", users("u"))],
    ),
    cc("c", users("u")),
    approval("n2", users("u")),
  ];

  it("walks outward, nearest first, into earlier exclusive branches but never parallel ones", () => {
    expect(returnCandidates(nodes, "n2").map((c) => c.nodeId)).toEqual(["x1", "x2", "n1", "start"]);
    expect(returnCandidates(nodes, "p2").map((c) => c.nodeId)).toEqual([
      "p1",
      "x1",
      "x2",
      "n1",
      "start",
    ]);
    expect(returnCandidates(nodes, "q1").map((c) => c.nodeId)).toEqual(["x1", "x2", "n1", "start"]);
    expect(returnCandidates(nodes, "x2").map((c) => c.nodeId)).toEqual(["n1", "start"]);
  });
});
