import { randomUUID } from "node:crypto";

import { AppError } from "../../../shared/errors";
import { type Definition, type OrgDirectory, textOf } from "../../../shared/workflow";
import { workflowInstances } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { writeBatch } from "../../lib/write-batch";
import {
  applyStep,
  claimKey,
  engineError,
  inActionTx,
  payloadHash,
  recordAnswer,
  storeAnswer,
  withReplay,
} from "./apply";
import { addedIds, assertFiles, formFileIds, keepAttachments } from "./attachments";
import {
  assertStartable,
  definitionByKey,
  enabledDefinitionOfKind,
  getDefinitionRow,
  getVersion,
} from "./definitions-service";
import { currentDirectory, directoryAt, nameOf } from "./directory";
import { type Action, type Effect, step } from "./engine";
import { assertFormValid } from "./form-schema";
import { lockInstance, storedState } from "./store";
import type { TitleParts } from "./title";

export type SubmitInput = {
  definitionId: string;
  form: Record<string, unknown>;
  deptId?: string;
  title?: string;
  /** Set by features only (the HTTP body schema has no such field): the title's parts. */
  titleI18n?: TitleParts;
  businessRef?: string;
  comment?: string;
  attachments?: string[];
};

/** The body of POST /instances/:id/actions: one of the engine's actions plus the form version. */
export type ActionBody = {
  type: Exclude<Action["type"], "submit">;
  taskId?: string;
  formPatch?: Record<string, unknown>;
  form?: Record<string, unknown>;
  comment?: string;
  attachments?: string[];
  position?: "pre" | "post";
  mode?: "all" | "any";
  userIds?: string[];
  toUserId?: string;
  targetNodeId?: string;
  /** The instance version a formPatch was made on (a stale form must not overwrite a colleague's edit). */
  version?: number;
};

/** The reassign body: an admin moves someone's open task to another member. */
export type ReassignBody = { taskId: string; toUserId: string; comment?: string };

/** Files the step's timeline events carry (what the actor attached to their comment). */
const eventFiles = (effects: Effect[]) =>
  effects.flatMap((e) => (e.type === "event" ? (e.event.attachments ?? []) : []));

const isAdminOf = (ctx: RequestCtx, def: Definition) =>
  def.admins.includes(ctx.userId) || ctx.ability.can("manage", "WORKFLOW_INSTANCE");

const engineCtx = (def: Definition, dir: OrgDirectory) => ({
  def,
  dir,
  now: new Date(),
  newId: randomUUID,
});

const toAction = (body: ActionBody): Action => {
  const text = { comment: body.comment, attachments: body.attachments };
  const taskId = body.taskId ?? "";
  switch (body.type) {
    case "resubmit":
      return { type: "resubmit", taskId, form: body.form ?? body.formPatch ?? {}, ...text };
    case "accept":
      return { type: "accept", taskId, formPatch: body.formPatch, ...text };
    case "reject":
      return { type: "reject", taskId, ...text };
    case "cancel":
      return { type: "cancel", comment: body.comment };
    case "addSign":
      return {
        type: "addSign",
        taskId,
        position: body.position ?? "pre",
        mode: body.mode ?? "all",
        userIds: body.userIds ?? [],
        ...text,
      };
    case "transfer":
      return { type: "transfer", taskId, toUserId: body.toUserId ?? "", comment: body.comment };
    case "cc":
      return { type: "cc", userIds: body.userIds ?? [], comment: body.comment };
    case "return":
      return { type: "return", taskId, targetNodeId: body.targetNodeId ?? "", ...text };
    default:
      return { type: "comment", comment: body.comment ?? "", attachments: body.attachments };
  }
};

/** Starts an approval: the initiator's department is the one chosen, else their primary one. */
export const submitInstance = async (ctx: RequestCtx, input: SubmitInput, keyOf: () => string) => {
  // The definition first: another firm's id answers 404 before anything else is looked at.
  const defRow = await getDefinitionRow(ctx, input.definitionId);
  const key = keyOf();
  assertStartable(defRow);
  const version = await getVersion(ctx, defRow.currentVersionId as string);
  const def = version.flow;
  await assertFiles(ctx, [...(input.attachments ?? []), ...formFileIds(def, input.form)]);
  const dir = await currentDirectory(ctx.db, ctx.workspaceId);
  const depts = dir.userDepts[ctx.userId] ?? [];
  if (input.deptId && !depts.includes(input.deptId))
    throw new AppError(422, "errors.workflow.dept.invalid");
  const deptId = input.deptId ?? depts[0] ?? null;
  const action: Action = {
    type: "submit",
    form: input.form,
    comment: input.comment,
    attachments: input.attachments,
  };
  const result = step(
    null,
    action,
    { userId: ctx.userId, isProcessAdmin: isAdminOf(ctx, def) },
    engineCtx(def, dir),
    deptId,
  );
  if ("error" in result) throw engineError(result.error, dir);
  assertFormValid(version.id, def.form, result.state.form);
  const title =
    input.title?.trim() ||
    (typeof input.form.title === "string" && input.form.title.trim()) ||
    `${textOf(def.name, ctx.lang)} - ${nameOf(dir, ctx.userId)}`;
  return inActionTx(ctx, async (tx) => {
    const replay = await claimKey(tx, ctx, key, payloadHash({ submit: input }));
    if (replay) return replay;
    const [row] = await tx
      .insert(workflowInstances)
      .values({
        workspaceId: ctx.workspaceId,
        definitionId: defRow.id,
        versionId: version.id,
        kind: defRow.kind,
        title: title.slice(0, 200),
        titleI18n: input.titleI18n ?? null,
        status: result.state.status,
        initiatorId: ctx.userId,
        initiatorDeptId: deptId,
        form: result.state.form,
        state: storedState(result.state, result.effects.filter((e) => e.type === "event").length),
        businessRef: input.businessRef ?? "",
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    const batch = writeBatch(tx);
    const answer = await applyStep({
      batch,
      ctx,
      def,
      row,
      before: null,
      after: result.state,
      effects: result.effects,
      actionType: "submit",
    });
    await keepAttachments(tx, ctx, row, [
      ...eventFiles(result.effects),
      ...formFileIds(def, result.state.form),
    ]);
    await storeAnswer(batch, ctx, key, answer);
    return answer;
  });
};

/**
 * Applies one action under the instance lock; the engine decides, this writes what it decided.
 * `reassign` is an administrator's transfer of someone else's task: refused to anyone who is
 * not a process administrator, and audited as a reassignment.
 */
export const actOnInstance = async (
  ctx: RequestCtx,
  instanceId: string,
  body: ActionBody,
  key: string,
  opts: { reassign?: boolean } = {},
) => {
  await assertFiles(ctx, body.attachments);
  const hash = payloadHash({ instanceId, body, ...(opts.reassign ? { reassign: true } : {}) });
  return withReplay(ctx, key, hash, () =>
    inActionTx(ctx, async (tx) => {
      const locked = await lockInstance(tx, ctx.workspaceId, instanceId);
      if (!locked) throw new AppError(404, "errors.notFound");
      const { row, state } = locked;
      const dir = await directoryAt(tx, ctx.workspaceId, locked.orgVersion);
      if (body.formPatch && body.version !== undefined && body.version !== row.version) {
        throw new AppError(409, "errors.workflow.instance.stale");
      }
      const version = await getVersion({ db: tx, workspaceId: ctx.workspaceId }, row.versionId);
      const def = version.flow;
      const isProcessAdmin = isAdminOf(ctx, def);
      if (opts.reassign && !isProcessAdmin)
        throw new AppError(403, "errors.workflow.reassign.forbidden");
      const action = toAction(body);
      if (opts.reassign && action.type === "transfer") action.reassign = true;
      const result = step(
        state,
        action,
        { userId: ctx.userId, isProcessAdmin },
        engineCtx(def, dir),
      );
      if ("error" in result) throw engineError(result.error, dir);
      const formChanged =
        result.state.form !== state.form &&
        JSON.stringify(result.state.form) !== JSON.stringify(state.form);
      if (formChanged) assertFormValid(version.id, def.form, result.state.form);
      const newFormFiles = formChanged
        ? addedIds(formFileIds(def, state.form), formFileIds(def, result.state.form))
        : [];
      await assertFiles(ctx, newFormFiles, tx);
      const from = state.tasks.find((t) => t.id === body.taskId)?.assigneeId;
      const batch = writeBatch(tx);
      const answer = await applyStep({
        batch,
        ctx,
        def,
        row,
        before: state,
        after: result.state,
        effects: result.effects,
        actionType: opts.reassign ? "reassign" : body.type,
        ...(opts.reassign ? { audit: { taskId: body.taskId, from, to: body.toUserId } } : {}),
      });
      await keepAttachments(tx, ctx, row, [...eventFiles(result.effects), ...newFormFiles]);
      await recordAnswer(batch, ctx, key, hash, answer);
      return answer;
    }),
  );
};

/** An administrator reassigns an open task (the assignee left, is away, or is the wrong person). */
export const reassignTask = (
  ctx: RequestCtx,
  instanceId: string,
  body: ReassignBody,
  key: string,
) =>
  actOnInstance(
    ctx,
    instanceId,
    { type: "transfer", taskId: body.taskId, toUserId: body.toUserId, comment: body.comment },
    key,
    { reassign: true },
  );

/**
 * For other features (cases, contracts, seals, client changes): starts the approval their
 * business action needs. Non-general kinds use the firm's one enabled definition of that kind
 * (none: 422 `workflow.definition.none`); general ones name a definition key.
 */
export const startBusinessApproval = async (
  ctx: RequestCtx,
  input: {
    kind: string;
    key?: string;
    businessRef: string;
    title: string;
    titleI18n?: TitleParts;
    form: Record<string, unknown>;
  },
) => {
  const def = input.key
    ? await definitionByKey(ctx, input.key)
    : await enabledDefinitionOfKind(ctx, input.kind);
  return submitInstance(
    ctx,
    {
      definitionId: def.id,
      form: input.form,
      title: input.title,
      titleI18n: input.titleI18n,
      businessRef: input.businessRef,
    },
    randomUUID,
  );
};
