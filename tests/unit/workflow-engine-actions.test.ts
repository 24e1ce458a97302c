import { describe, expect, it } from "vitest";

import { returnTargets } from "../../src/server/features/workflow/engine";
import {
  approval,
  branch,
  definition,
  exclusive,
  handler,
  parallel,
  users,
} from "../fixtures/workflow-defs";
import { simulate } from "../fixtures/workflow-engine";

describe("engine: cancel", () => {
  it("the initiator cancels after approvals: open tasks cancelled, no business effect beyond onCancel (scenario 13)", () => {
    const sim = simulate(definition([approval("n1", users("a")), approval("n2", users("b"))]))
      .submit()
      .accept("a");
    expect(sim.act("b", { type: "cancel" })?.key).toBe("errors.workflow.cancel.forbidden");
    sim.ok("ini", { type: "cancel" });
    expect(sim.state?.status).toBe("cancelled");
    expect(sim.summary()).toEqual(["n1:a:accepted", "n2:b:cancelled(instanceCancelled)"]);
    expect(sim.business()).toEqual(["onCancel"]);
    expect(sim.notified("cancelled")).toEqual(["b"]);
    expect(sim.act("ini", { type: "cancel" })?.key).toBe("errors.workflow.instance.closed");
  });

  it("with cancelAfterApproved off, cancelling after a human accept is 409 and changes nothing", () => {
    const def = definition([approval("n1", users("a")), approval("n2", users("b"))], {
      settings: { dedupe: "adjacent", cancelAfterApproved: false },
    });
    const early = simulate(def).submit();
    early.ok("ini", { type: "cancel" });
    expect(early.state?.status).toBe("cancelled");
    const late = simulate(def).submit().accept("a");
    const before = late.state;
    expect(late.act("ini", { type: "cancel" })).toEqual({
      status: 409,
      key: "errors.workflow.cancel.notAllowed",
    });
    expect(late.state).toBe(before);
  });

  it("a process admin may cancel; an approved instance never", () => {
    const sim = simulate(definition([approval("n1", users("a"))]), { admins: ["admin"] }).submit();
    sim.ok("admin", { type: "cancel" });
    const done = simulate(definition([approval("n1", users("a"))]), { admins: ["admin"] })
      .submit()
      .accept("a");
    expect(done.act("admin", { type: "cancel" })?.key).toBe("errors.workflow.instance.closed");
  });
});

describe("engine: add-sign", () => {
  it("pre-sign: the task waits for its group, then its assignee still decides", () => {
    const sim = simulate(
      definition([approval("n1", users("a")), approval("n2", users("c"))]),
    ).submit();
    const aTask = sim.taskOf("a");
    sim.ok("a", {
      type: "addSign",
      taskId: aTask.id,
      position: "pre",
      userIds: ["b", "d"],
      mode: "all",
    });
    expect(sim.summary()).toEqual(["n1:a:waiting", "n1:b:pending", "n1:d:pending"]);
    expect(sim.act("a", { type: "accept", taskId: aTask.id })?.key).toBe(
      "errors.workflow.task.waiting",
    );
    expect(sim.act("a", { type: "transfer", taskId: aTask.id, toUserId: "e" })?.key).toBe(
      "errors.workflow.task.waiting",
    );
    sim.accept("b").accept("d");
    expect(sim.taskOf("a").id).toBe(aTask.id);
    sim.accept("a");
    expect(sim.summary().at(-1)).toBe("n2:c:pending");
  });

  it("refuses self, inactive people, people already holding a task, a second open group, and add-signers adding again", () => {
    const sim = simulate(definition([approval("n1", users("a", "c"), { mode: "all" })])).submit();
    const taskId = sim.taskOf("a").id;
    for (const userIds of [["a"], ["gone"], ["c"], []]) {
      expect(
        sim.act("a", { type: "addSign", taskId, position: "pre", userIds, mode: "all" })?.key,
      ).toBe("errors.workflow.addSign.invalidUser");
    }
    sim.ok("a", { type: "addSign", taskId, position: "post", userIds: ["b"], mode: "any" });
    expect(
      sim.act("b", {
        type: "addSign",
        taskId: sim.taskOf("b").id,
        position: "pre",
        userIds: ["d"],
        mode: "all",
      })?.key,
    ).toBe("errors.workflow.action.notAllowed");
    expect(
      sim.act("b", {
        type: "return",
        taskId: sim.taskOf("b").id,
        targetNodeId: "start",
        comment: "x",
      })?.key,
    ).toBe("errors.workflow.action.notAllowed");
    const off = simulate(
      definition([approval("n1", users("a"), { addSign: false } as never)]),
    ).submit();
    expect(
      off.act("a", {
        type: "addSign",
        taskId: off.taskOf("a").id,
        position: "pre",
        userIds: ["b"],
        mode: "all",
      })?.key,
    ).toBe("errors.workflow.action.notAllowed");
  });

  it("on an any node another slot completes the node, cancelling the waiting task and its group (scenario 9)", () => {
    const sim = simulate(definition([approval("n1", users("a", "c"), { mode: "any" })])).submit();
    sim.ok("a", {
      type: "addSign",
      taskId: sim.taskOf("a").id,
      position: "pre",
      userIds: ["b"],
      mode: "all",
    });
    sim.accept("c");
    expect(sim.summary()).toEqual([
      "n1:a:cancelled(otherApproved)",
      "n1:c:accepted",
      "n1:b:cancelled(otherApproved)",
    ]);
    expect(sim.state?.status).toBe("approved");
  });

  it("post-sign on an all node holds the vote until the group accepts (scenario 10)", () => {
    const sim = simulate(
      definition([approval("n1", users("a", "c"), { mode: "all" }), approval("n2", users("e"))]),
    ).submit();
    sim.ok("a", {
      type: "addSign",
      taskId: sim.taskOf("a").id,
      position: "post",
      userIds: ["b"],
      mode: "all",
    });
    sim.accept("c");
    expect(sim.summary()).toEqual(["n1:a:accepted", "n1:c:accepted", "n1:b:pending"]);
    sim.accept("b");
    expect(sim.summary().at(-1)).toBe("n2:e:pending");
  });

  it("a post-sign member may reject, rejecting the instance", () => {
    const sim = simulate(definition([approval("n1", users("a"))])).submit();
    sim.ok("a", {
      type: "addSign",
      taskId: sim.taskOf("a").id,
      position: "post",
      userIds: ["b", "d"],
      mode: "any",
    });
    sim.ok("b", { type: "reject", taskId: sim.taskOf("b").id, comment: "no" });
    expect(sim.state?.status).toBe("rejected");
    expect(sim.pending()).toHaveLength(0);
  });

  it("an any group is done with its first accept, the rest cancelled", () => {
    const sim = simulate(definition([approval("n1", users("a"))])).submit();
    sim.ok("a", {
      type: "addSign",
      taskId: sim.taskOf("a").id,
      position: "pre",
      userIds: ["b", "d"],
      mode: "any",
    });
    sim.accept("d");
    expect(sim.summary()).toEqual([
      "n1:a:pending",
      "n1:b:cancelled(otherApproved)",
      "n1:d:accepted",
    ]);
  });
});

describe("engine: transfer", () => {
  it("refuses self, then moves the slot to the new person (scenario 11)", () => {
    const sim = simulate(
      definition([approval("n1", users("a", "b")), approval("n2", users("e"))]),
    ).submit();
    const taskId = sim.taskOf("a").id;
    expect(sim.act("a", { type: "transfer", taskId, toUserId: "a" })).toEqual({
      status: 422,
      key: "errors.workflow.transfer.self",
    });
    expect(sim.act("a", { type: "transfer", taskId, toUserId: "gone" })?.key).toBe(
      "errors.workflow.user.inactive",
    );
    sim.ok("a", { type: "transfer", taskId, toUserId: "d" });
    expect(sim.summary()).toEqual(["n1:a:transferred", "n1:d:pending"]);
    expect(sim.taskOf("d").transferredFrom).toBe(taskId);
    sim.accept("d");
    expect(sim.summary().at(-1)).toBe("n1:b:pending");
  });

  it("refuses a target already holding an open task on the node, and transfer where the node forbids it", () => {
    const sim = simulate(definition([approval("n1", users("a", "b"), { mode: "all" })])).submit();
    expect(sim.act("a", { type: "transfer", taskId: sim.taskOf("a").id, toUserId: "b" })?.key).toBe(
      "errors.workflow.transfer.duplicate",
    );
    const off = simulate(definition([approval("n1", users("a"), { transfer: false } as never)]), {
      admins: ["admin"],
    }).submit();
    expect(off.act("a", { type: "transfer", taskId: off.taskOf("a").id, toUserId: "b" })?.key).toBe(
      "errors.workflow.action.notAllowed",
    );
    off.ok("admin", { type: "transfer", taskId: off.taskOf("a").id, toUserId: "b" });
    expect(off.events("reassigned")).toHaveLength(1);
    expect(off.summary()).toEqual(["n1:a:transferred", "n1:b:pending"]);
  });

  it("tells the one a task was taken from; an administrator's reassignment of their own task is still one", () => {
    const sim = simulate(definition([approval("n1", users("a"))]), { admins: ["admin"] }).submit();
    sim.ok("admin", { type: "transfer", taskId: sim.taskOf("a").id, toUserId: "admin" });
    expect(
      sim.lastEffects
        .filter((e) => e.type === "notify")
        .map((e) => e.type === "notify" && `${e.kind}:${e.userIds.join()}`),
    ).toEqual(["task:admin", "reassigned:a"]);
    sim.ok("admin", {
      type: "transfer",
      taskId: sim.taskOf("admin").id,
      toUserId: "b",
      reassign: true,
    });
    expect(sim.events("reassigned")).toHaveLength(2);
    expect(
      sim.lastEffects.filter((e) => e.type === "notify").map((e) => e.type === "notify" && e.kind),
    ).toEqual(["task"]);
  });
});

describe("engine: return", () => {
  const chain = () =>
    definition([
      approval("n1", users("a")),
      approval("n2", users("b")),
      approval("n3", users("c"), { return: { enabled: true, range: "listed", targets: ["n1"] } }),
    ]);

  it("listed range refuses other targets, then node 1 reopens and node 2 re-runs after it (scenario 12)", () => {
    const sim = simulate(chain()).submit().accept("a").accept("b");
    const taskId = sim.taskOf("c").id;
    expect(sim.act("c", { type: "return", taskId, targetNodeId: "n2", comment: "x" })?.key).toBe(
      "errors.workflow.return.targetInvalid",
    );
    expect(sim.act("c", { type: "return", taskId, targetNodeId: "n1" })?.key).toBe(
      "errors.workflow.comment.required",
    );
    sim.ok("c", { type: "return", taskId, targetNodeId: "n1", comment: "fix it" });
    expect(sim.summary().slice(-2)).toEqual(["n3:c:returned", "n1:a:pending"]);
    sim.accept("a");
    expect(sim.summary().at(-1)).toBe("n2:b:pending");
    sim.accept("b");
    expect(sim.summary().at(-1)).toBe("n3:c:pending");
  });

  it("offers start, previous or any per range, only nodes with a human task in this pass", () => {
    const def = definition([
      approval("n1", users("a")),
      approval("skip", { kind: "deptManager", level: 1, climb: false }),
      approval("n2", users("b"), { return: { enabled: true, range: "previous" } }),
      approval("n3", users("c")),
      handler("h", users("d"), { return: { enabled: true, range: "start" } }),
    ]);
    const sim = simulate(def).submit().accept("a");
    expect(returnTargets(def, sim.state!, sim.taskOf("b"))).toEqual(["n1"]);
    sim.accept("b");
    expect(returnTargets(def, sim.state!, sim.taskOf("c"))).toEqual(["n2", "n1", "start"]);
    sim.accept("c");
    expect(returnTargets(def, sim.state!, sim.taskOf("d"))).toEqual(["start"]);
  });

  it("to start gives the initiator a submit task; resubmitting re-runs from the first node without the old dedupe", () => {
    const def = definition([
      approval("n1", users("a")),
      approval("n2", users("b"), { fields: { days: "edit" } }),
    ]);
    const sim = simulate(def).submit({ title: "t", days: 1 }).accept("a");
    sim.ok("b", {
      type: "return",
      taskId: sim.taskOf("b").id,
      targetNodeId: "start",
      comment: "more",
    });
    expect(sim.state?.status).toBe("running");
    expect(sim.summary().slice(-2)).toEqual(["n2:b:returned", "start:ini:pending"]);
    expect(sim.notified("returned")).toEqual(["ini"]);
    sim.ok("ini", { type: "resubmit", taskId: sim.taskOf("ini").id, form: { days: 3 } });
    expect(sim.state?.form).toEqual({ title: "t", days: 3 });
    expect(sim.summary().at(-1)).toBe("n1:a:pending");
    expect(sim.state?.pass).toBe(2);
  });

  it("inside an open parallel branch only that branch rewinds; to before the gateway abandons it (scenario 12)", () => {
    const def = definition([
      approval("n0", users("e")),
      parallel(
        "p",
        [approval("p1", users("a")), approval("p2", users("b"))],
        [approval("q1", users("c"))],
      ),
    ]);
    const sim = simulate(def).submit().accept("e").accept("a");
    sim.ok("b", {
      type: "return",
      taskId: sim.taskOf("b").id,
      targetNodeId: "p1",
      comment: "again",
    });
    expect(sim.pending().map((t) => `${t.nodeId}:${t.assigneeId}`)).toEqual(["q1:c", "p1:a"]);
    sim.accept("a");
    sim.ok("b", {
      type: "return",
      taskId: sim.taskOf("b").id,
      targetNodeId: "n0",
      comment: "restart",
    });
    expect(sim.summary().filter((s) => s.includes("q1"))).toEqual(["q1:c:cancelled(returned)"]);
    expect(sim.pending().map((t) => t.nodeId)).toEqual(["n0"]);
    sim.accept("e");
    expect(sim.pending().map((t) => t.nodeId)).toEqual(["p1", "q1"]);
  });

  it("never offers sibling branches, nodes inside a joined parallel gateway, or untaken exclusive branches", () => {
    const def = definition([
      exclusive("x", [
        branch("b0", [[{ left: "days", op: "gt", value: 1 }]], [approval("x1", users("a"))]),
        branch("d", "default", [approval("x2", users("b"))]),
      ]),
      parallel("p", [approval("p1", users("c"))], [approval("q1", users("d"))]),
      approval("z", users("e")),
    ]);
    const sim = simulate(def).submit({ days: 5 }).accept("a");
    expect(returnTargets(def, sim.state!, sim.taskOf("c"))).toEqual(["x1", "start"]);
    sim.accept("c").accept("d");
    expect(returnTargets(def, sim.state!, sim.taskOf("e"))).toEqual(["x1", "start"]);
    sim.ok("e", { type: "return", taskId: sim.taskOf("e").id, targetNodeId: "x1", comment: "x" });
    expect(sim.pending().map((t) => t.nodeId)).toEqual(["x1"]);
    sim.accept("a");
    expect(sim.pending().map((t) => t.nodeId)).toEqual(["p1", "q1"]);
  });

  it("the reopened node is resolved without dedupe", () => {
    const def = definition([
      approval("n1", users("a")),
      approval("n2", users("a", "b"), { mode: "all" }),
      approval("n3", users("c")),
    ]);
    const sim = simulate(def).submit().accept("a").accept("b");
    expect(sim.summary()).toContain("n2:a:accepted[auto]");
    sim.ok("c", {
      type: "return",
      taskId: sim.taskOf("c").id,
      targetNodeId: "n2",
      comment: "again",
    });
    expect(sim.pending().map((t) => `${t.nodeId}:${t.assigneeId}`)).toEqual(["n2:a", "n2:b"]);
  });
});

describe("engine: CC and comment", () => {
  it("participants CC others in any state; self is ignored; outsiders are refused", () => {
    const sim = simulate(definition([approval("n1", users("a"))]))
      .submit()
      .accept("a");
    expect(sim.state?.status).toBe("approved");
    sim.ok("ini", { type: "cc", userIds: ["ini", "d"] });
    expect(sim.lastEffects.filter((e) => e.type === "cc")).toEqual([
      { type: "cc", userIds: ["d"], nodeId: null },
    ]);
    sim.ok("d", { type: "cc", userIds: ["e"] });
    expect(sim.act("boss", { type: "cc", userIds: ["e"] })?.status).toBe(403);
  });

  it("comments notify the initiator and open-task holders without changing state", () => {
    const sim = simulate(definition([approval("n1", users("a", "b"), { mode: "all" })])).submit();
    const before = sim.summary();
    sim.ok("a", { type: "comment", comment: "looking" });
    expect(sim.summary()).toEqual(before);
    expect(sim.lastEffects).toContainEqual({
      type: "notify",
      kind: "comment",
      userIds: ["ini", "b"],
    });
    expect(sim.act("a", { type: "comment", comment: " " })?.key).toBe(
      "errors.workflow.comment.required",
    );
  });
});
