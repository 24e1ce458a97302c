import { describe, expect, it } from "vitest";

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
import { simulate } from "../fixtures/workflow-engine";

describe("engine: submit", () => {
  it("enters the first node and notifies its assignee", () => {
    const sim = simulate(definition([approval("n1", users("a"))])).submit();
    expect(sim.state?.status).toBe("running");
    expect(sim.summary()).toEqual(["n1:a:pending"]);
    expect(sim.notified("task")).toEqual(["a"]);
    expect(sim.events("submitted")).toHaveLength(1);
  });

  it("refuses people outside the initiator scope and non-editable start fields", () => {
    const def = definition([approval("n1", users("a"))], {
      start: {
        initiators: { kind: "some", userIds: ["b"], deptIds: [], roleIds: [] },
        fields: { fee: "read" },
      },
    });
    expect(simulate(def).act("ini", { type: "submit", form: {} })?.key).toBe(
      "errors.workflow.start.notAllowed",
    );
    expect(simulate(def).act("b", { type: "submit", form: { fee: 1 } })?.key).toBe(
      "errors.workflow.field.notEditable",
    );
  });

  it("approves at once when every node auto-passes and runs the business effect", () => {
    const sim = simulate(
      definition([approval("n1", { kind: "deptManager", level: 1, climb: false })]),
    ).submit();
    expect(sim.state?.status).toBe("approved");
    expect(sim.events("nodeSkipped")[0].params).toEqual({ reason: "empty" });
    expect(sim.business()).toEqual(["onComplete"]);
    expect(sim.notified("approved")).toEqual(["ini"]);
  });
});

describe("engine: modes", () => {
  it("sequential: one task at a time in resolved order; field permissions per node (scenario 1)", () => {
    const def = definition([
      approval("n1", users("a", "b"), { fields: { fee: "read" } }),
      approval("n2", users("c")),
    ]);
    // B may edit fee only on the second slot's node: model it as two nodes with different perms.
    const def2 = definition([
      approval("n1", users("a")),
      approval("n2", users("b"), { fields: { fee: "edit" } }),
      approval("n3", users("c")),
    ]);
    const sim = simulate(def).submit();
    expect(sim.summary()).toEqual(["n1:a:pending"]);
    sim.accept("a");
    expect(sim.summary()).toEqual(["n1:a:accepted", "n1:b:pending"]);
    sim.accept("b");
    expect(sim.summary().at(-1)).toBe("n2:c:pending");

    const s2 = simulate(def2).submit();
    expect(
      s2.act("a", { type: "accept", taskId: s2.taskOf("a").id, formPatch: { fee: 5 } })?.key,
    ).toBe("errors.workflow.field.notEditable");
    expect(s2.summary()).toEqual(["n1:a:pending"]);
    s2.accept("a").accept("b", { formPatch: { fee: 7 } });
    expect(s2.state?.form.fee).toBe(7);
    expect(s2.summary().at(-1)).toBe("n3:c:pending");
  });

  it("all: every slot must accept; one reject rejects the instance (scenario 2)", () => {
    const sim = simulate(
      definition([approval("n1", users("a", "b", "c"), { mode: "all" })]),
    ).submit();
    expect(sim.pending()).toHaveLength(3);
    sim.accept("a").accept("b");
    expect(sim.act("c", { type: "reject", taskId: sim.taskOf("c").id })?.key).toBe(
      "errors.workflow.comment.required",
    );
    sim.ok("c", { type: "reject", taskId: sim.taskOf("c").id, comment: "no" });
    expect(sim.state?.status).toBe("rejected");
    expect(sim.pending()).toHaveLength(0);
    expect(sim.business()).toEqual(["onReject"]);
    expect(sim.notified("rejected")).toEqual(["ini"]);
  });

  it("any: the first accept completes the node, the rest are cancelled; the loser gets 409 (scenario 3)", () => {
    const sim = simulate(
      definition([approval("n1", users("a", "b"), { mode: "any" }), approval("n2", users("c"))]),
    ).submit();
    const bTask = sim.taskOf("b");
    sim.accept("a");
    expect(sim.summary()).toEqual([
      "n1:a:accepted",
      "n1:b:cancelled(otherApproved)",
      "n2:c:pending",
    ]);
    expect(sim.act("b", { type: "accept", taskId: bTask.id })).toEqual({
      status: 409,
      key: "errors.workflow.task.closed",
      params: { by: "a" },
    });
    expect(sim.events("nodeCompleted").filter((e) => e.nodeId === "n1")).toHaveLength(1);
  });

  it("requires a comment to accept where the node says so", () => {
    const sim = simulate(
      definition([approval("n1", users("a"), { requireComment: { accept: true } })]),
    ).submit();
    expect(sim.act("a", { type: "accept", taskId: sim.taskOf("a").id })?.key).toBe(
      "errors.workflow.comment.required",
    );
    sim.accept("a", { comment: "ok" });
    expect(sim.state?.status).toBe("approved");
  });

  it("refuses others' tasks and unknown tasks", () => {
    const sim = simulate(definition([approval("n1", users("a"))])).submit();
    expect(sim.act("b", { type: "accept", taskId: sim.taskOf("a").id })?.status).toBe(403);
    expect(sim.act("a", { type: "accept", taskId: "nope" })?.status).toBe(404);
  });
});

describe("engine: nodes and gateways", () => {
  it("handler nodes are done with accept and cannot reject", () => {
    const sim = simulate(definition([approval("n1", users("a")), handler("h", users("b"))]))
      .submit()
      .accept("a");
    expect(sim.act("b", { type: "reject", taskId: sim.taskOf("b").id, comment: "x" })?.key).toBe(
      "errors.workflow.action.notAllowed",
    );
    sim.accept("b");
    expect(sim.state?.status).toBe("approved");
  });

  it("CC nodes write a row per recipient, notify them and go on at once; an empty set does nothing", () => {
    const sim = simulate(
      definition([
        cc("c1", users("d", "ini", "gone")),
        cc("c2", { kind: "deptManager", level: 1, climb: false }),
        approval("n1", users("a")),
      ]),
    ).submit();
    expect(sim.effects.filter((e) => e.type === "cc")).toEqual([
      { type: "cc", userIds: ["d"], nodeId: "c1" },
    ]);
    expect(sim.notified("cc")).toEqual(["d"]);
    expect(sim.summary()).toEqual(["n1:a:pending"]);
  });

  it("exclusive gateway: first matching branch, else default; empty branches pass (scenario 5)", () => {
    const def = definition([
      exclusive("x", [
        branch(
          "big",
          [
            [{ left: "amount", op: "gte", value: "100000" }],
            [
              { left: "type", op: "eq", value: "litigation" },
              { left: "initiator.dept", op: "in", value: ["lit"] },
            ],
          ],
          [approval("partner", users("pm"))],
        ),
        branch("else", "default", [approval("small", users("a"))]),
      ]),
      approval("last", users("c")),
    ]);
    const small = simulate(def).submit({ amount: "50000", type: "advisory" });
    expect(small.summary()).toEqual(["small:a:pending"]);
    const lit = simulate(def).submit({ amount: "50000", type: "litigation" });
    expect(lit.summary()).toEqual(["partner:pm:pending"]);
    lit.accept("pm");
    expect(lit.summary().at(-1)).toBe("last:c:pending");
    const empty = simulate(
      definition([
        exclusive("x", [
          branch("b", [[{ left: "days", op: "gt", value: 1 }]], []),
          branch("d", "default", []),
        ]),
        approval("n", users("a")),
      ]),
    ).submit({ days: 5 });
    expect(empty.summary()).toEqual(["n:a:pending"]);
  });

  it("parallel gateway: branches start together and join; gateways nest", () => {
    const def = definition([
      parallel(
        "p",
        [approval("p1", users("a")), approval("p2", users("b"))],
        [parallel("q", [approval("q1", users("c"))], [approval("q2", users("d"))])],
      ),
      approval("after", users("e")),
    ]);
    const sim = simulate(def).submit();
    expect(sim.summary()).toEqual(["p1:a:pending", "q1:c:pending", "q2:d:pending"]);
    sim.accept("c").accept("a").accept("d");
    expect(sim.summary().at(-1)).toBe("p2:b:pending");
    sim.accept("b");
    expect(sim.summary().at(-1)).toBe("after:e:pending");
  });

  it("one user in two parallel branches holds two pending rows", () => {
    const sim = simulate(
      definition([parallel("p", [approval("p1", users("a"))], [approval("p2", users("a"))])]),
    ).submit();
    expect(sim.pending("a")).toHaveLength(2);
  });

  it("reject while parallel branches have open tasks cancels them all (scenario 4)", () => {
    const sim = simulate(
      definition([
        parallel("p", [approval("p1", users("a"))], [approval("p2", users("b"))]),
        approval("z", users("c")),
      ]),
    ).submit();
    sim.ok("a", { type: "reject", taskId: sim.taskOf("a").id, comment: "no" });
    expect(sim.summary()).toEqual(["p1:a:rejected", "p2:b:cancelled(instanceRejected)"]);
    expect(sim.state?.status).toBe("rejected");
  });
});

describe("engine: resolution rules at run time", () => {
  it("onEmpty toAdmins gives the task to the definition admin (scenario 6)", () => {
    const def = definition(
      [
        approval(
          "n1",
          { kind: "deptManager", level: 1, climb: false },
          { onEmpty: { action: "toAdmins" } },
        ),
      ],
      { admins: ["admin"] },
    );
    expect(simulate(def).submit().summary()).toEqual(["n1:admin:pending"]);
  });

  it("the initiator as approver goes to their manager with toManager (scenario 7)", () => {
    const sim = simulate(definition([approval("n1", users("ini"))], {})).submit();
    expect(sim.summary()).toEqual(["n1:pm:pending"]);
  });

  it("dedupe adjacent auto-accepts the next node for the same approver (scenario 8)", () => {
    const def = definition([
      approval("n1", users("a")),
      approval("n2", users("a", "b"), { mode: "all" }),
      cc("c", users("d")),
      approval("n3", users("a")),
    ]);
    const sim = simulate(def).submit().accept("a");
    expect(sim.summary()).toEqual(["n1:a:accepted", "n2:a:accepted[auto]", "n2:b:pending"]);
    sim.accept("b");
    expect(sim.state?.status).toBe("approved");
    expect(sim.summary().at(-1)).toBe("n3:a:accepted[auto]");
  });

  it("dedupe any reaches back over other nodes; none never; never on handler nodes", () => {
    const nodes = [
      approval("n1", users("a")),
      approval("n2", users("b")),
      approval("n3", users("a")),
      handler("h", users("a")),
    ];
    const any = simulate(
      definition(nodes, { settings: { dedupe: "any", cancelAfterApproved: true } }),
    )
      .submit()
      .accept("a")
      .accept("b");
    expect(any.summary()).toEqual([
      "n1:a:accepted",
      "n2:b:accepted",
      "n3:a:accepted[auto]",
      "h:a:pending",
    ]);
    const adjacent = simulate(definition(nodes)).submit().accept("a").accept("b");
    expect(adjacent.summary().at(-1)).toBe("n3:a:pending");
    const none = simulate(
      definition([approval("n1", users("a")), approval("n2", users("a"))], {
        settings: { dedupe: "none", cancelAfterApproved: true },
      }),
    )
      .submit()
      .accept("a");
    expect(none.summary().at(-1)).toBe("n2:a:pending");
  });
});
