import {
  type Definition,
  findNode,
  formFields,
  isTaskNode,
  type TaskNode,
} from "../../../../shared/workflow";
import type { Run } from "./run";
import type { Actor, EngineError, InstanceState, TaskState } from "./types";

export const fail = (
  status: EngineError["status"],
  key: string,
  params?: Record<string, string>,
): { error: EngineError } => ({
  error: { status, key, ...(params ? { params } : {}) },
});

export const taskNode = (def: Definition, task: TaskState): TaskNode | undefined => {
  const node = findNode(def.nodes, task.nodeId);
  return node && isTaskNode(node) ? node : undefined;
};

/** Fields a task may change: its node's `edit` fields; at start, everything not marked otherwise. */
export const editableFields = (def: Definition, task: TaskState | "start"): Set<string> => {
  const fields = formFields(def.form);
  if (task === "start" || task.kind === "submit") {
    return new Set(
      fields.filter((f) => (def.start.fields[f.key] ?? "edit") === "edit").map((f) => f.key),
    );
  }
  const node = taskNode(def, task);
  return new Set(fields.filter((f) => node?.fields[f.key] === "edit").map((f) => f.key));
};

/** A patch may touch only editable fields (422 `workflow.field.notEditable`, naming the first). */
export const checkPatch = (allowed: Set<string>, patch: Record<string, unknown> | undefined) => {
  const bad = Object.keys(patch ?? {}).find((k) => !allowed.has(k));
  return bad ? fail(422, "errors.workflow.field.notEditable", { field: bad }) : undefined;
};

/** Who acted last on the activation that closed this task (for the 409 answer "already handled by"). */
const closerOf = (state: InstanceState, task: TaskState) =>
  state.tasks.find(
    (t) =>
      t.nodeId === task.nodeId &&
      t.activation === task.activation &&
      t.id !== task.id &&
      (t.status === "accepted" || t.status === "rejected" || t.status === "returned") &&
      t.auto === null,
  )?.assigneeId;

/**
 * The acting task: it must exist, belong to the actor (admins may act on others' only where
 * stated) and be pending. A closed task answers 409 naming who handled it.
 */
export const pendingTask = (
  run: Run,
  taskId: string,
  actor: Actor,
  opts: { allowAdmin?: boolean } = {},
) => {
  const task = run.state.tasks.find((t) => t.id === taskId);
  if (!task) return fail(404, "errors.workflow.task.notFound");
  const isMine = task.assigneeId === actor.userId;
  if (!isMine && !(opts.allowAdmin && actor.isProcessAdmin))
    return fail(403, "errors.workflow.task.notAssignee");
  if (task.status === "waiting") return fail(409, "errors.workflow.task.waiting");
  if (task.status !== "pending") {
    const by = closerOf(run.state, task) ?? task.assigneeId;
    return fail(409, "errors.workflow.task.closed", { by });
  }
  return { task };
};

export const requireComment = (comment: string | undefined) =>
  !comment || comment.trim() === "" ? fail(422, "errors.workflow.comment.required") : undefined;

export const isParticipant = (state: InstanceState, actor: Actor) =>
  actor.isProcessAdmin ||
  state.initiatorId === actor.userId ||
  state.ccUserIds.includes(actor.userId) ||
  state.tasks.some((t) => t.assigneeId === actor.userId);

export const hasHumanAccept = (state: InstanceState) =>
  state.tasks.some((t) => t.status === "accepted" && t.auto === null && t.kind !== "submit");
