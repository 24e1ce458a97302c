import { deptChain, inScope } from "../../../../shared/workflow";
import {
  accept,
  addSign,
  cancel,
  ccUsers,
  comment,
  reject,
  resubmit,
  returnTo,
  transfer,
} from "./actions";
import { checkPatch, editableFields, fail } from "./checks";
import { settle } from "./cursor";
import { emit, startRun } from "./run";
import type { Action, Actor, EngineCtx, InstanceState, StepResult } from "./types";

export * from "./types";
export { returnTargets } from "./rewind";
export { editableFields } from "./checks";

/** The state of a new instance for `initiatorId` submitting from department `deptId`. */
export const newInstance = (
  ctx: EngineCtx,
  initiatorId: string,
  deptId: string | null,
  form: Record<string, unknown>,
): InstanceState => ({
  status: "running",
  initiatorId,
  initiatorDeptId: deptId,
  initiatorDeptChain: deptChain(ctx.dir, deptId),
  initiatorRoleIds: Object.entries(ctx.dir.roles)
    .filter(([, r]) => r.memberIds.includes(initiatorId))
    .map(([id]) => id),
  form,
  pass: 1,
  cursor: { index: 0 },
  activations: {},
  taken: {},
  dedupeFrom: 1,
  tasks: [],
  ccUserIds: [],
});

/** Actions allowed on a closed instance (CC and comment in any state). */
const ANY_STATE = new Set<Action["type"]>(["cc", "comment"]);

/**
 * The workflow engine: (state, action, actor, ctx) -> new state and effects, or an error.
 * Pure and deterministic: it never writes; the service applies the result in one transaction.
 * `state` is null only for the first submit, `deptId` then names the initiator's department.
 */
export const step = (
  state: InstanceState | null,
  action: Action,
  actor: Actor,
  ctx: EngineCtx,
  deptId: string | null = null,
): StepResult => {
  if (action.type === "submit") {
    if (state) return fail(409, "errors.workflow.instance.closed");
    if (!inScope(ctx.dir, ctx.def.start.initiators, actor.userId))
      return fail(403, "errors.workflow.start.notAllowed");
    const bad = checkPatch(editableFields(ctx.def, "start"), action.form);
    if (bad) return bad;
    const run = startRun(newInstance(ctx, actor.userId, deptId, action.form), ctx);
    emit(run, {
      type: "submitted",
      actorId: actor.userId,
      comment: action.comment,
      attachments: action.attachments,
    });
    settle(run);
    return { state: run.state, effects: run.effects };
  }
  if (!state) return fail(404, "errors.notFound");
  const run = startRun(state, ctx);
  const taskAction = "taskId" in action;
  // A task action on a closed instance names the closed task (its row says who acted).
  if (state.status !== "running" && !ANY_STATE.has(action.type) && !taskAction) {
    return fail(409, "errors.workflow.instance.closed");
  }
  const outcome = (() => {
    switch (action.type) {
      case "resubmit":
        return resubmit(run, action, actor);
      case "accept":
        return accept(run, action, actor);
      case "reject":
        return reject(run, action, actor);
      case "cancel":
        return cancel(run, action, actor);
      case "addSign":
        return addSign(run, action, actor);
      case "transfer":
        return transfer(run, action, actor);
      case "return":
        return returnTo(run, action, actor);
      case "cc":
        return ccUsers(run, action, actor);
      case "comment":
        return comment(run, action, actor);
      default:
        return fail(400, "errors.badRequest");
    }
  })();
  if (outcome) return outcome;
  return { state: run.state, effects: run.effects };
};
