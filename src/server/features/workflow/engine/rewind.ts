import {
  findNode,
  type Frame,
  isTaskNode,
  locate,
  returnCandidates,
  START_ID,
} from "../../../../shared/workflow";
import { liveActivations } from "./cursor";
import { addTask, cancelOpen, type Run } from "./run";
import type { InstanceState, ListCursor, TaskState } from "./types";
import type { Definition } from "../../../../shared/workflow";

/**
 * Where a task at its node may return to: structural candidates narrowed
 * to nodes with a human task in this pass, on the branch each exclusive gateway took, then
 * cut by the node's `range`. Empty when returning is off or the task may not return.
 */
export const returnTargets = (def: Definition, state: InstanceState, task: TaskState): string[] => {
  if (task.kind !== "approval" && task.kind !== "handler") return [];
  const node = findNode(def.nodes, task.nodeId);
  if (!node || !isTaskNode(node) || !node.return.enabled) return [];
  const human = (nodeId: string) =>
    state.tasks.some(
      (t) =>
        t.nodeId === nodeId &&
        t.pass === state.pass &&
        t.auto === null &&
        (t.kind === "approval" || t.kind === "handler"),
    );
  const valid = returnCandidates(def.nodes, task.nodeId)
    .filter(
      (c) =>
        c.nodeId === START_ID ||
        (human(c.nodeId) && c.via.every((v) => state.taken[v.gatewayId] === v.branch)),
    )
    .map((c) => c.nodeId);
  switch (node.return.range) {
    case "previous":
      return valid.slice(0, 1);
    case "start":
      return [START_ID];
    case "listed":
      return valid.filter((id) => (node.return.targets ?? []).includes(id));
    default:
      return valid;
  }
};

/** Builds the cursor that stands just before `frames`' last node (not yet entered). */
const cursorTo = (frames: Frame[], from: number): ListCursor => {
  const frame = frames[from];
  if (from === frames.length - 1) return { index: frame.index };
  const gateway = frame.list[frame.index];
  return {
    index: frame.index,
    at: {
      kind: "exclusive",
      nodeId: gateway.id,
      branch: frame.branch ?? 0,
      list: cursorTo(frames, from + 1),
    },
  };
};

/**
 * Rewinds to `targetId` from the returning task's node. The deepest list both share is cut back:
 * inside an open parallel branch only that branch rewinds; a target before the gateway drops the
 * whole gateway. Open tasks the new cursor no longer stands on are cancelled as `returned`.
 */
export const rewind = (run: Run, fromNodeId: string, targetId: string) => {
  const { state, ctx } = run;
  if (targetId === START_ID) {
    state.cursor = null;
    cancelOpen(run, "returned");
    const activation = (state.activations[START_ID] ?? 0) + 1;
    state.activations[START_ID] = activation;
    addTask(run, {
      nodeId: START_ID,
      activation,
      slot: 0,
      assigneeId: state.initiatorId,
      kind: "submit",
    });
    return;
  }
  const from = locate(ctx.def.nodes, fromNodeId) ?? [];
  const to = locate(ctx.def.nodes, targetId) ?? [];
  let depth = 0;
  while (
    depth < Math.min(from.length, to.length) - 1 &&
    from[depth].index === to[depth].index &&
    from[depth].branch === to[depth].branch
  ) {
    depth += 1;
  }
  let lc = state.cursor as ListCursor;
  for (let i = 0; i < depth; i += 1) {
    const at = lc.at;
    if (at?.kind === "exclusive") lc = at.list;
    else if (at?.kind === "parallel") lc = at.lists[from[i].branch ?? 0];
  }
  const fresh = cursorTo(to, depth);
  lc.index = fresh.index;
  lc.at = fresh.at;
  run.noDedupeNode = targetId;
  const live = liveActivations(state.cursor);
  cancelOpen(run, "returned", (t) => !live.has(`${t.nodeId}#${t.activation}`));
};
