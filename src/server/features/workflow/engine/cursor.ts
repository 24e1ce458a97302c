import {
  type FlowNode,
  formFields,
  locate,
  onInitiatorOf,
  pickBranch,
  resolveAssignees,
  resolveRecipients,
  type TaskNode,
} from "../../../../shared/workflow";
import {
  addTask,
  cancelOpen,
  emit,
  groupRows,
  groupsOf,
  hasVoted,
  isGroupDone,
  notify,
  type Run,
  slotRow,
} from "./run";
import type { ListCursor, NodeCursor, TaskState } from "./types";
import { isOpen } from "./types";

const resolveInput = (run: Run) => ({
  initiatorId: run.state.initiatorId,
  initiatorDeptId: run.state.initiatorDeptId,
  form: run.state.form,
});

/** The approval node directly before `nodeId` on its path (CC nodes are skipped), for `adjacent` dedupe. */
const previousApproval = (run: Run, nodeId: string): string | undefined => {
  const frames = locate(run.ctx.def.nodes, nodeId);
  if (!frames) return undefined;
  const lastOf = (node: FlowNode): string | null | undefined => {
    if (node.type === "cc") return undefined; // transparent: keep looking before it
    if (node.type === "approval") return node.id;
    if (node.type === "exclusive") {
      const b = run.state.taken[node.id];
      const list = b === undefined ? [] : (node.branches[b]?.nodes ?? []);
      for (let i = list.length - 1; i >= 0; i -= 1) {
        const hit = lastOf(list[i]);
        if (hit !== undefined) return hit;
      }
      return undefined; // an empty taken branch: look before the gateway
    }
    return null; // handler or parallel gateway: nothing to dedupe against
  };
  for (const frame of [...frames].reverse()) {
    for (let i = frame.index - 1; i >= 0; i -= 1) {
      const hit = lastOf(frame.list[i]);
      if (hit !== undefined) return hit ?? undefined;
    }
  }
  return undefined;
};

/** Whether a new approval task is auto-accepted as a duplicate. */
const isDuplicate = (run: Run, node: TaskNode, userId: string, noDedupe: boolean) => {
  const mode = run.ctx.def.settings.dedupe;
  if (node.type !== "approval" || noDedupe || mode === "none") return false;
  const accepted = (t: TaskState) =>
    t.kind === "approval" &&
    t.status === "accepted" &&
    t.assigneeId === userId &&
    t.seq >= run.state.dedupeFrom;
  if (mode === "any") return run.state.tasks.some((t) => accepted(t) && t.nodeId !== node.id);
  const prev = previousApproval(run, node.id);
  if (!prev) return false;
  const latest = run.state.activations[prev];
  return run.state.tasks.some((t) => accepted(t) && t.nodeId === prev && t.activation === latest);
};

const createSlotTask = (
  run: Run,
  node: TaskNode,
  at: Extract<NodeCursor, { kind: "task" }>,
  slot: number,
) => {
  const userId = at.slots[slot];
  const dup = isDuplicate(run, node, userId, at.noDedupe);
  const task = addTask(run, {
    nodeId: node.id,
    activation: at.activation,
    slot,
    assigneeId: userId,
    kind: node.type,
    ...(dup ? { status: "accepted" as const, auto: "duplicate" as const } : {}),
  });
  if (dup)
    emit(run, {
      type: "autoAccepted",
      nodeId: node.id,
      taskId: task.id,
      actorId: userId,
      params: { reason: "duplicate" },
    });
};

/** Enters a node; null when it is done at once (CC, or nobody to ask). */
const enterNode = (run: Run, node: FlowNode): NodeCursor | null => {
  const { def, dir } = run.ctx;
  if (node.type === "cc") {
    const userIds = node.recipients
      ? resolveRecipients(dir, node.recipients, resolveInput(run))
      : [];
    if (userIds.length > 0) {
      run.effects.push({ type: "cc", userIds, nodeId: node.id });
      notify(run, "cc", userIds);
      emit(run, { type: "cc", nodeId: node.id, params: { userIds } });
      run.state.ccUserIds = [...new Set([...run.state.ccUserIds, ...userIds])];
    }
    return null;
  }
  if (node.type === "exclusive") {
    const branch = pickBranch(formFields(def.form), node.branches, {
      form: run.state.form,
      initiatorDeptChain: run.state.initiatorDeptChain,
      initiatorRoleIds: run.state.initiatorRoleIds,
    });
    run.state.taken[node.id] = branch;
    emit(run, {
      type: "branchTaken",
      nodeId: node.id,
      params: { branch: node.branches[branch]?.id ?? "" },
    });
    return { kind: "exclusive", nodeId: node.id, branch, list: { index: 0 } };
  }
  if (node.type === "parallel") {
    return { kind: "parallel", nodeId: node.id, lists: node.branches.map(() => ({ index: 0 })) };
  }
  const activation = (run.state.activations[node.id] ?? 0) + 1;
  run.state.activations[node.id] = activation;
  const noDedupe = run.noDedupeNode === node.id;
  if (noDedupe) run.noDedupeNode = undefined;
  if (!node.assignees) return null;
  const res = resolveAssignees(
    dir,
    {
      ...node,
      assignees: node.assignees,
      admins: def.admins,
      onInitiator: onInitiatorOf(def, node),
    },
    resolveInput(run),
  );
  if (res.skipped) {
    emit(run, { type: "nodeSkipped", nodeId: node.id, params: { reason: res.skipped } });
    return null;
  }
  const at: NodeCursor = {
    kind: "task",
    nodeId: node.id,
    activation,
    slots: res.userIds,
    noDedupe,
  };
  const first = node.mode === "sequential" ? 1 : at.slots.length;
  for (let slot = 0; slot < first; slot += 1) createSlotTask(run, node, at, slot);
  return at;
};

/** Add-sign groups that finished: close their leftovers and hand pre-signed tasks back. */
const settleGroups = (run: Run, nodeId: string, activation: number) => {
  const parents = run.state.tasks.filter(
    (t) => t.nodeId === nodeId && t.activation === activation && t.groupId === null,
  );
  for (const parent of parents) {
    for (const groupId of groupsOf(run, parent.id)) {
      if (!isGroupDone(run, groupId)) continue;
      const open = groupRows(run, groupId)
        .filter(isOpen)
        .map((t) => t.id);
      if (open.length > 0) cancelOpen(run, "otherApproved", (t) => open.includes(t.id));
      const rows = groupRows(run, groupId);
      if (parent.status === "waiting" && rows[0]?.signType === "pre") {
        parent.status = "pending";
        notify(run, "task", [parent.assigneeId], parent.id);
      }
    }
  }
};

const settleTaskNode = (
  run: Run,
  node: TaskNode,
  at: Extract<NodeCursor, { kind: "task" }>,
): boolean => {
  for (;;) {
    settleGroups(run, node.id, at.activation);
    const rows = at.slots.map((_, slot) => slotRow(run, node.id, at.activation, slot));
    const voted = rows.map((r) => hasVoted(run, r));
    const done = node.mode === "any" ? voted.some(Boolean) : voted.every(Boolean);
    if (done) {
      const reason = node.mode === "any" ? "otherApproved" : "nodeCompleted";
      cancelOpen(run, reason, (t) => t.nodeId === node.id && t.activation === at.activation);
      emit(run, { type: "nodeCompleted", nodeId: node.id });
      return true;
    }
    if (node.mode !== "sequential") return false;
    const next = voted.findIndex((v) => !v);
    if (rows[next]) return false;
    createSlotTask(run, node, at, next);
  }
};

const settleNode = (run: Run, node: FlowNode, at: NodeCursor): boolean => {
  if (at.kind === "task")
    return node.type === "approval" || node.type === "handler"
      ? settleTaskNode(run, node, at)
      : true;
  if (at.kind === "exclusive" && node.type === "exclusive") {
    const branch = node.branches[at.branch];
    return branch ? settleList(run, branch.nodes, at.list) : true;
  }
  if (at.kind === "parallel" && node.type === "parallel") {
    // Every branch is settled, not just up to the first unfinished one: they run side by side.
    const done = node.branches.map((b, i) => settleList(run, b.nodes, at.lists[i]));
    return done.every(Boolean);
  }
  return true;
};

/**
 * Moves a node list forward as far as it goes: enters nodes, checks their completion and
 * passes finished ones (auto-passes cascade). Returns whether the list is done. Running it
 * again changes nothing, so every action simply ends with it.
 */
export const settleList = (run: Run, nodes: FlowNode[], lc: ListCursor): boolean => {
  while (lc.index < nodes.length) {
    const node = nodes[lc.index];
    if (!lc.at) {
      const at = enterNode(run, node);
      if (!at) {
        lc.index += 1;
        continue;
      }
      lc.at = at;
    }
    if (!settleNode(run, node, lc.at)) return false;
    lc.index += 1;
    lc.at = undefined;
  }
  return true;
};

/** Settles the whole flow; when the main list is done the instance is approved. */
export const settle = (run: Run) => {
  const { state } = run;
  if (state.status !== "running" || !state.cursor) return;
  if (!settleList(run, run.ctx.def.nodes, state.cursor)) return;
  state.status = "approved";
  emit(run, { type: "approved" });
  notify(run, "approved", [state.initiatorId]);
  run.effects.push({ type: "business", hook: "onComplete" });
};

/** (nodeId, activation) of every task node the cursor stands on. */
export const liveActivations = (lc: ListCursor | null): Set<string> => {
  const out = new Set<string>();
  const walk = (c: ListCursor) => {
    const at = c.at;
    if (!at) return;
    if (at.kind === "task") out.add(`${at.nodeId}#${at.activation}`);
    if (at.kind === "exclusive") walk(at.list);
    if (at.kind === "parallel") at.lists.forEach(walk);
  };
  if (lc) walk(lc);
  return out;
};
