import { randomUUID } from "node:crypto";

import { inArray } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { type Definition, textOf } from "../../../shared/workflow";
import { files, workflowInstances } from "../../db/tables";
import type { Bus } from "../../lib/bus";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { applyStep, claimKey, engineError, findReplay, inActionTx, payloadHash, recordAnswer, storeAnswer } from "./apply";
import { definitionByKey, enabledDefinitionOfKind, getDefinitionRow, getVersion } from "./definitions-service";
import { loadDirectory, nameOf } from "./directory";
import { type Action, step } from "./engine";
import { assertFormValid } from "./form-schema";
import { lockInstance, storedState } from "./store";

export type SubmitInput = {
  definitionId: string;
  form: Record<string, unknown>;
  deptId?: string;
  title?: string;
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

/** Attachments are files of the caller's firm (document store ids); anything else is refused. */
const assertFiles = async (ctx: RequestCtx, ids: string[] | undefined) => {
  const wanted = [...new Set(ids ?? [])];
  if (wanted.length === 0) return;
  const found = await ctx.db.select({ id: files.id }).from(files).where(inWorkspace(ctx, files, inArray(files.id, wanted)));
  if (found.length !== wanted.length) throw new AppError(422, "errors.workflow.attachments.invalid");
};

const isAdminOf = (ctx: RequestCtx, def: Definition) => def.admins.includes(ctx.userId) || ctx.ability.can("manage", "WORKFLOW_INSTANCE");

const engineCtx = (def: Definition, dir: Awaited<ReturnType<typeof loadDirectory>>) => ({ def, dir, now: new Date(), newId: randomUUID });

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
      return { type: "addSign", taskId, position: body.position ?? "pre", mode: body.mode ?? "all", userIds: body.userIds ?? [], ...text };
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
export const submitInstance = async (ctx: RequestCtx, bus: Bus, input: SubmitInput, keyOf: () => string) => {
  // The definition first: another firm's id answers 404 before anything else is looked at.
  const defRow = await getDefinitionRow(ctx, input.definitionId);
  const key = keyOf();
  await assertFiles(ctx, input.attachments);
  if (!defRow.isEnabled || !defRow.currentVersionId) throw new AppError(422, "errors.workflow.definition.disabled");
  const version = await getVersion(ctx, defRow.currentVersionId);
  const def = version.flow;
  const dir = await loadDirectory(ctx.db, ctx.workspaceId);
  const depts = dir.userDepts[ctx.userId] ?? [];
  if (input.deptId && !depts.includes(input.deptId)) throw new AppError(422, "errors.workflow.dept.invalid");
  const deptId = input.deptId ?? depts[0] ?? null;
  const action: Action = { type: "submit", form: input.form, comment: input.comment, attachments: input.attachments };
  const result = step(null, action, { userId: ctx.userId, isProcessAdmin: isAdminOf(ctx, def) }, engineCtx(def, dir), deptId);
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
    const answer = await applyStep({ tx, ctx, bus, def, row, before: null, after: result.state, effects: result.effects, actionType: "submit" });
    await storeAnswer(tx, ctx, key, answer);
    return answer;
  });
};

/** Applies one action under the instance lock; the engine decides, this writes what it decided. */
export const actOnInstance = async (ctx: RequestCtx, bus: Bus, instanceId: string, body: ActionBody, key: string) => {
  await assertFiles(ctx, body.attachments);
  const dir = await loadDirectory(ctx.db, ctx.workspaceId);
  return inActionTx(ctx, async (tx) => {
    const locked = await lockInstance(tx, ctx.workspaceId, instanceId);
    if (!locked) throw new AppError(404, "errors.notFound");
    const hash = payloadHash({ instanceId, body });
    const replay = await findReplay(tx, ctx, key, hash);
    if (replay) return replay;
    const { row, state } = locked;
    if (body.formPatch && body.version !== undefined && body.version !== row.version) {
      throw new AppError(409, "errors.workflow.instance.stale");
    }
    const version = await getVersion({ db: tx, workspaceId: ctx.workspaceId }, row.versionId);
    const def = version.flow;
    const result = step(state, toAction(body), { userId: ctx.userId, isProcessAdmin: isAdminOf(ctx, def) }, engineCtx(def, dir));
    if ("error" in result) throw engineError(result.error, dir);
    if (result.state.form !== state.form && JSON.stringify(result.state.form) !== JSON.stringify(state.form)) {
      assertFormValid(version.id, def.form, result.state.form);
    }
    const answer = await applyStep({ tx, ctx, bus, def, row, before: state, after: result.state, effects: result.effects, actionType: body.type });
    await recordAnswer(tx, ctx, key, hash, answer);
    return answer;
  });
};

/**
 * For other features (cases, contracts, seals, client changes): starts the approval their
 * business action needs. Non-general kinds use the firm's one enabled definition of that kind
 * (none: 422 `workflow.definition.none`); general ones name a definition key.
 */
export const startBusinessApproval = async (
  ctx: RequestCtx,
  bus: Bus,
  input: { kind: string; key?: string; businessRef: string; title: string; form: Record<string, unknown> },
) => {
  const def = input.key ? await definitionByKey(ctx, input.key) : await enabledDefinitionOfKind(ctx, input.kind);
  return submitInstance(ctx, bus, { definitionId: def.id, form: input.form, title: input.title, businessRef: input.businessRef }, randomUUID);
};
