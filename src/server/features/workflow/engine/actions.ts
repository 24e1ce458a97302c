import { isActive } from "../../../../shared/workflow";
import {
  checkPatch,
  editableFields,
  fail,
  hasHumanAccept,
  isParticipant,
  pendingTask,
  requireComment,
  taskNode,
} from "./checks";
import { settle } from "./cursor";
import { rewind, returnTargets } from "./rewind";
import { addTask, cancelOpen, closeTask, emit, hasOpenGroup, notify, type Run } from "./run";
import type { Action, Actor, EngineError, TaskState } from "./types";
import { isOpen } from "./types";

type Outcome = { error: EngineError } | undefined;
type Of<T extends Action["type"]> = Extract<Action, { type: T }>;

const closeInstance = (
  run: Run,
  status: "rejected" | "cancelled",
  reason: "instanceRejected" | "instanceCancelled",
) => {
  const holders = cancelOpen(run, reason).map((t) => t.assigneeId);
  run.state.status = status;
  run.effects.push({ type: "business", hook: status === "rejected" ? "onReject" : "onCancel" });
  return holders;
};

export const resubmit = (run: Run, a: Of<"resubmit">, actor: Actor): Outcome => {
  const got = pendingTask(run, a.taskId, actor);
  if ("error" in got) return got;
  if (got.task.kind !== "submit") return fail(422, "errors.workflow.action.notAllowed");
  const bad = checkPatch(editableFields(run.ctx.def, "start"), a.form);
  if (bad) return bad;
  run.state.form = { ...run.state.form, ...a.form };
  closeTask(run, got.task, "accepted", { comment: a.comment });
  run.state.pass += 1;
  run.state.dedupeFrom = run.state.tasks.reduce((m, t) => Math.max(m, t.seq), 0) + 1;
  run.state.cursor = { index: 0 };
  emit(run, {
    type: "resubmitted",
    taskId: got.task.id,
    actorId: actor.userId,
    comment: a.comment,
    attachments: a.attachments,
  });
  settle(run);
  return undefined;
};

export const accept = (run: Run, a: Of<"accept">, actor: Actor): Outcome => {
  const got = pendingTask(run, a.taskId, actor);
  if ("error" in got) return got;
  const { task } = got;
  if (task.kind === "submit")
    return resubmit(
      run,
      { type: "resubmit", taskId: task.id, form: a.formPatch ?? {}, comment: a.comment },
      actor,
    );
  const node = taskNode(run.ctx.def, task);
  if (task.kind !== "addSign" && node?.requireComment.accept) {
    const missing = requireComment(a.comment);
    if (missing) return missing;
  }
  const bad = checkPatch(editableFields(run.ctx.def, task), a.formPatch);
  if (bad) return bad;
  if (a.formPatch) run.state.form = { ...run.state.form, ...a.formPatch };
  closeTask(run, task, "accepted", { comment: a.comment });
  emit(run, {
    type: "accepted",
    nodeId: task.nodeId,
    taskId: task.id,
    actorId: actor.userId,
    comment: a.comment,
    attachments: a.attachments,
    ...(a.formPatch ? { params: { fields: Object.keys(a.formPatch) } } : {}),
  });
  settle(run);
  return undefined;
};

export const reject = (run: Run, a: Of<"reject">, actor: Actor): Outcome => {
  const got = pendingTask(run, a.taskId, actor);
  if ("error" in got) return got;
  if (got.task.kind !== "approval" && got.task.kind !== "addSign")
    return fail(422, "errors.workflow.action.notAllowed");
  const missing = requireComment(a.comment);
  if (missing) return missing;
  closeTask(run, got.task, "rejected", { comment: a.comment });
  closeInstance(run, "rejected", "instanceRejected");
  emit(run, {
    type: "rejected",
    nodeId: got.task.nodeId,
    taskId: got.task.id,
    actorId: actor.userId,
    comment: a.comment,
    attachments: a.attachments,
  });
  notify(run, "rejected", [run.state.initiatorId]);
  return undefined;
};

export const cancel = (run: Run, a: Of<"cancel">, actor: Actor): Outcome => {
  if (actor.userId !== run.state.initiatorId && !actor.isProcessAdmin)
    return fail(403, "errors.workflow.cancel.forbidden");
  if (!run.ctx.def.settings.cancelAfterApproved && hasHumanAccept(run.state))
    return fail(409, "errors.workflow.cancel.notAllowed");
  const holders = closeInstance(run, "cancelled", "instanceCancelled");
  emit(run, { type: "cancelled", actorId: actor.userId, comment: a.comment });
  notify(
    run,
    "cancelled",
    [...holders, run.state.initiatorId].filter((u) => u !== actor.userId),
  );
  return undefined;
};

export const addSign = (run: Run, a: Of<"addSign">, actor: Actor): Outcome => {
  const got = pendingTask(run, a.taskId, actor);
  if ("error" in got) return got;
  const { task } = got;
  const node = taskNode(run.ctx.def, task);
  if (task.kind !== "approval" || node?.type !== "approval" || !node.addSign)
    return fail(422, "errors.workflow.action.notAllowed");
  if (hasOpenGroup(run, task.id)) return fail(409, "errors.workflow.addSign.groupOpen");
  const userIds = [...new Set(a.userIds)];
  const holding = (u: string) =>
    run.state.tasks.some(
      (t) =>
        isOpen(t) &&
        t.nodeId === task.nodeId &&
        t.activation === task.activation &&
        t.assigneeId === u,
    );
  if (
    userIds.length === 0 ||
    userIds.some((u) => u === actor.userId || !isActive(run.ctx.dir, u) || holding(u))
  ) {
    return fail(422, "errors.workflow.addSign.invalidUser");
  }
  const groupId = run.ctx.newId();
  if (a.position === "pre") task.status = "waiting";
  else closeTask(run, task, "accepted", { comment: a.comment });
  userIds.forEach((userId, slot) =>
    addTask(run, {
      nodeId: task.nodeId,
      activation: task.activation,
      slot,
      assigneeId: userId,
      kind: "addSign",
      parentId: task.id,
      groupId,
      signType: a.position,
      groupMode: a.mode,
    }),
  );
  emit(run, {
    type: "addSign",
    nodeId: task.nodeId,
    taskId: task.id,
    actorId: actor.userId,
    comment: a.comment,
    attachments: a.attachments,
    params: { position: a.position, mode: a.mode, userIds },
  });
  settle(run);
  return undefined;
};

export const transfer = (run: Run, a: Of<"transfer">, actor: Actor): Outcome => {
  const got = pendingTask(run, a.taskId, actor, { allowAdmin: true });
  if ("error" in got) return got;
  const { task } = got;
  const node = taskNode(run.ctx.def, task);
  const isReassign =
    task.assigneeId !== actor.userId || (a.reassign === true && actor.isProcessAdmin);
  const canTransfer = task.kind === "addSign" || (node?.type !== undefined && node.transfer);
  if (task.kind === "submit" || (!isReassign && !canTransfer && !actor.isProcessAdmin))
    return fail(422, "errors.workflow.action.notAllowed");
  if (a.toUserId === task.assigneeId) return fail(422, "errors.workflow.transfer.self");
  if (!isActive(run.ctx.dir, a.toUserId)) return fail(422, "errors.workflow.user.inactive");
  const duplicate = run.state.tasks.some(
    (t) =>
      isOpen(t) &&
      t.nodeId === task.nodeId &&
      t.activation === task.activation &&
      t.assigneeId === a.toUserId,
  );
  if (duplicate) return fail(422, "errors.workflow.transfer.duplicate");
  closeTask(run, task, "transferred", { comment: a.comment });
  const next: TaskState = addTask(run, {
    nodeId: task.nodeId,
    activation: task.activation,
    slot: task.slot,
    assigneeId: a.toUserId,
    kind: task.kind,
    parentId: task.parentId,
    groupId: task.groupId,
    signType: task.signType,
    groupMode: task.groupMode,
    transferredFrom: task.id,
  });
  emit(run, {
    type: isReassign ? "reassigned" : "transferred",
    nodeId: task.nodeId,
    taskId: task.id,
    actorId: actor.userId,
    comment: a.comment,
    params: { from: task.assigneeId, to: next.assigneeId },
  });
  // The new holder hears of it as of any task; the one it was taken from is told too.
  if (isReassign)
    notify(
      run,
      "reassigned",
      [task.assigneeId].filter((u) => u !== actor.userId),
    );
  return undefined;
};

export const returnTo = (run: Run, a: Of<"return">, actor: Actor): Outcome => {
  const got = pendingTask(run, a.taskId, actor);
  if ("error" in got) return got;
  const { task } = got;
  if (task.kind !== "approval" && task.kind !== "handler")
    return fail(422, "errors.workflow.action.notAllowed");
  const node = taskNode(run.ctx.def, task);
  if (!node?.return.enabled) return fail(422, "errors.workflow.action.notAllowed");
  const missing = requireComment(a.comment);
  if (missing) return missing;
  if (!returnTargets(run.ctx.def, run.state, task).includes(a.targetNodeId))
    return fail(422, "errors.workflow.return.targetInvalid");
  closeTask(run, task, "returned", { comment: a.comment });
  emit(run, {
    type: "returned",
    nodeId: task.nodeId,
    taskId: task.id,
    actorId: actor.userId,
    comment: a.comment,
    attachments: a.attachments,
    params: { target: a.targetNodeId },
  });
  notify(
    run,
    "returned",
    [run.state.initiatorId].filter((u) => u !== actor.userId),
  );
  run.state.dedupeFrom = run.state.tasks.reduce((m, t) => Math.max(m, t.seq), 0) + 1;
  rewind(run, task.nodeId, a.targetNodeId);
  settle(run);
  return undefined;
};

export const ccUsers = (run: Run, a: Of<"cc">, actor: Actor): Outcome => {
  if (!isParticipant(run.state, actor)) return fail(403, "errors.workflow.forbidden");
  const userIds = [...new Set(a.userIds)].filter((u) => u !== actor.userId);
  if (userIds.some((u) => !isActive(run.ctx.dir, u)))
    return fail(422, "errors.workflow.user.inactive");
  if (userIds.length === 0) return undefined;
  run.effects.push({ type: "cc", userIds, nodeId: null });
  notify(run, "cc", userIds);
  run.state.ccUserIds = [...new Set([...run.state.ccUserIds, ...userIds])];
  emit(run, { type: "cc", actorId: actor.userId, comment: a.comment, params: { userIds } });
  return undefined;
};

export const comment = (run: Run, a: Of<"comment">, actor: Actor): Outcome => {
  if (!isParticipant(run.state, actor)) return fail(403, "errors.workflow.forbidden");
  const missing = requireComment(a.comment);
  if (missing) return missing;
  emit(run, {
    type: "comment",
    actorId: actor.userId,
    comment: a.comment,
    attachments: a.attachments,
  });
  const holders = run.state.tasks.filter(isOpen).map((t) => t.assigneeId);
  notify(
    run,
    "comment",
    [run.state.initiatorId, ...holders].filter((u) => u !== actor.userId),
  );
  return undefined;
};
