import { createHash } from "node:crypto";

import { and, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import type { Definition, OrgDirectory } from "../../../shared/workflow";
import type { Db } from "../../db/client";
import { workflowActionLog, workflowInstances } from "../../db/tables";
import { addAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { sqlState } from "../../lib/sql-state";
import type { WriteBatch } from "../../lib/write-batch";
import { addNotifications } from "../notifications";
import { nameOf } from "./directory";
import type { Effect, EngineError, InstanceState, NotifyKind } from "./engine";
import { effectCtx } from "./effect-ctx";
import type { EffectInstance } from "./registry";
import {
  ccTargets,
  eventSeqOf,
  type InstanceRow,
  storedState,
  writeCc,
  writeEvents,
  writeTasks,
} from "./store";
import { titleParams } from "./title";

/** `myTasks`: the actor's pending tasks on this instance afterwards (what they can act on next). */
export type ActionAnswer = { id: string; status: string; version: number; myTasks: string[] };

/**
 * One transaction per action with a 5 s lock wait: past it the answer is 409
 * `workflow.busy` instead of a request hanging behind a stuck colleague. The wait is the
 * connection's lock_timeout (db/client.ts), so no statement is spent setting it per action;
 * PGlite is one connection and never waits on a lock.
 */
export const inActionTx = async <T>(ctx: RequestCtx, fn: (tx: Db) => Promise<T>): Promise<T> => {
  try {
    return await ctx.db.transaction(fn);
  } catch (err) {
    if (sqlState(err) === "55P03") throw new AppError(409, "errors.workflow.busy");
    throw err;
  }
};

export const payloadHash = (payload: unknown) =>
  createHash("sha256").update(JSON.stringify(payload)).digest("hex");

/**
 * Claims an Idempotency-Key inside the action's transaction. A concurrent duplicate blocks on
 * the key's unique row until the first commits, then reads its answer: a double click takes
 * effect once and both clicks get the same answer. Returns the stored answer on a replay.
 */
export const claimKey = async (tx: Db, ctx: RequestCtx, key: string, hash: string) => {
  const claimed = await tx
    .insert(workflowActionLog)
    .values({ workspaceId: ctx.workspaceId, actorId: ctx.userId, key, payloadHash: hash })
    .onConflictDoNothing()
    .returning({ key: workflowActionLog.key });
  if (claimed.length > 0) return undefined;
  const [prior] = await tx
    .select()
    .from(workflowActionLog)
    .where(
      and(
        eq(workflowActionLog.workspaceId, ctx.workspaceId),
        eq(workflowActionLog.actorId, ctx.userId),
        eq(workflowActionLog.key, key),
      ),
    );
  if (!prior || prior.payloadHash !== hash)
    throw new AppError(422, "errors.workflow.idempotency.mismatch");
  return prior.response as ActionAnswer;
};

/**
 * Idempotency for actions on an existing instance: they already hold the instance lock, so a
 * duplicate waits there and then finds the first answer here; one read instead of claim + update.
 */
export const findReplay = async (tx: Db, ctx: RequestCtx, key: string, hash: string) => {
  const [prior] = await tx
    .select()
    .from(workflowActionLog)
    .where(
      and(
        eq(workflowActionLog.workspaceId, ctx.workspaceId),
        eq(workflowActionLog.actorId, ctx.userId),
        eq(workflowActionLog.key, key),
      ),
    );
  if (!prior) return undefined;
  if (prior.payloadHash !== hash || !prior.response)
    throw new AppError(422, "errors.workflow.idempotency.mismatch");
  return prior.response as ActionAnswer;
};

/** Thrown inside an action's transaction when its key turns out to be taken: the work rolls back. */
export class KeyTaken extends Error {}

/**
 * Writes the key with its answer, together with the rest of the step's batch (one statement);
 * a key already taken rolls the action back (KeyTaken).
 */
export const recordAnswer = async (
  batch: WriteBatch,
  ctx: RequestCtx,
  key: string,
  hash: string,
  answer: ActionAnswer,
) => {
  const claimed = batch.count(
    batch.db
      .insert(workflowActionLog)
      .values({
        workspaceId: ctx.workspaceId,
        actorId: ctx.userId,
        key,
        payloadHash: hash,
        response: answer,
      })
      .onConflictDoNothing()
      .returning({ key: workflowActionLog.key }),
  );
  const counts = await batch.run();
  if (counts[claimed] === 0) throw new KeyTaken();
};

/**
 * Runs an action on an existing instance with its Idempotency-Key looked up only when the action
 * fails: a repeat of an action that took effect is refused by the engine ("already handled") or
 * meets its key at the end (KeyTaken, rolled back), and then gets the first answer. The usual
 * case, a new key, costs no lookup at all.
 */
export const withReplay = async (
  ctx: RequestCtx,
  key: string,
  hash: string,
  run: () => Promise<ActionAnswer>,
) => {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof AppError) && !(err instanceof KeyTaken)) throw err;
    const replay = await findReplay(ctx.db, ctx, key, hash);
    if (replay) return replay;
    if (err instanceof KeyTaken) throw new AppError(422, "errors.workflow.idempotency.mismatch");
    throw err;
  }
};

/** The answer onto the key claimed earlier (claimKey), sent with the rest of the step's batch. */
export const storeAnswer = async (
  batch: WriteBatch,
  ctx: RequestCtx,
  key: string,
  answer: ActionAnswer,
) => {
  batch.add(
    batch.db
      .update(workflowActionLog)
      .set({ response: answer })
      .where(
        and(
          eq(workflowActionLog.workspaceId, ctx.workspaceId),
          eq(workflowActionLog.actorId, ctx.userId),
          eq(workflowActionLog.key, key),
        ),
      ),
  );
  await batch.run();
};

/** The engine's refusal as an AppError; "already handled by" names the person, not an id. */
export const engineError = (err: EngineError, dir: OrgDirectory) => {
  const params = { ...err.params };
  if (params.by) params.by = nameOf(dir, params.by) || params.by;
  return new AppError(err.status, err.key, { params });
};

const NOTIFY_KEYS: Record<NotifyKind, string> = {
  task: "workflow.notify.task",
  approved: "workflow.notify.approved",
  rejected: "workflow.notify.rejected",
  cancelled: "workflow.notify.cancelled",
  returned: "workflow.notify.returned",
  cc: "workflow.notify.cc",
  comment: "workflow.notify.comment",
  reassigned: "workflow.notify.reassigned",
};

type Applied = {
  /** The step's writes go here; the caller sends them (with its own) in one statement. */
  batch: WriteBatch;
  ctx: RequestCtx;
  def: Definition;
  row: InstanceRow;
  before: InstanceState | null;
  after: InstanceState;
  effects: Effect[];
  actionType: string;
  /** More for the audit row than status and version (a reassignment names the task and people). */
  audit?: Record<string, unknown>;
};

/**
 * Adds one engine step's writes to the batch: tasks, instance, timeline, CC rows, notifications
 * and audit. A business effect is code of its own: the batch is sent first, so it sees the step.
 */
export const applyStep = async (a: Applied): Promise<ActionAnswer> => {
  const { batch, ctx, row, after, effects } = a;
  const scope = {
    workspaceId: ctx.workspaceId,
    instanceId: row.id,
    def: a.def,
    actorId: ctx.userId,
  };
  writeTasks(batch, scope, a.before?.tasks ?? [], after.tasks);
  const isClosed = after.status !== "running";
  const version = a.before ? row.version + 1 : row.version;
  const events = effects.flatMap((e) => (e.type === "event" ? [e.event] : []));
  // A new instance's timeline starts at 0; afterwards the last seq travels in the state.
  const eventSeq = await writeEvents(
    batch,
    ctx.workspaceId,
    row.id,
    events,
    new Date(),
    a.before ? eventSeqOf(row) : 0,
  );
  if (a.before) {
    batch.add(
      batch.db
        .update(workflowInstances)
        .set({
          status: after.status,
          form: after.form,
          state: storedState(after, eventSeq),
          version,
          finishedAt: isClosed ? new Date() : null,
          updatedAt: new Date(),
          updatedBy: ctx.userId,
        })
        .where(
          and(eq(workflowInstances.workspaceId, ctx.workspaceId), eq(workflowInstances.id, row.id)),
        ),
    );
  }
  writeCc(
    batch,
    { workspaceId: ctx.workspaceId, instanceId: row.id, actorId: ctx.userId },
    ccTargets(effects),
  );
  for (const e of effects) {
    if (e.type !== "notify") continue;
    addNotifications(
      batch,
      { workspaceId: ctx.workspaceId, userId: ctx.userId },
      {
        userIds: e.userIds,
        type: "workflow",
        titleKey: NOTIFY_KEYS[e.kind],
        params: titleParams(row),
        link: `/workflow/detail/${row.id}`,
        entity: "workflow_instances",
        entityId: row.id,
      },
    );
  }
  addAudit(batch, ctx, {
    action: "workflow",
    entity: "workflow_instances",
    entityId: row.id,
    before: a.before ? { status: a.before.status, version: row.version } : undefined,
    after: { status: after.status, version, action: a.actionType, ...a.audit },
  });
  const hook = effects.find(
    (e): e is Extract<Effect, { type: "business" }> => e.type === "business",
  )?.hook;
  const effect = hook ? ctx.app.workflow.effectOf(row.kind, row.businessRef)?.[hook] : undefined;
  if (effect) {
    const instance: EffectInstance = {
      id: row.id,
      workspaceId: ctx.workspaceId,
      kind: row.kind,
      definitionId: row.definitionId,
      versionId: row.versionId,
      title: row.title,
      initiatorId: row.initiatorId,
      businessRef: row.businessRef,
      form: after.form,
      actorId: ctx.userId,
    };
    await batch.run();
    await effect(
      await effectCtx(ctx, batch.db, { ...instance, titleI18n: row.titleI18n }),
      instance,
    );
  }
  const myTasks = after.tasks
    .filter((t) => t.status === "pending" && t.assigneeId === ctx.userId)
    .map((t) => t.id);
  return { id: row.id, status: after.status, version, myTasks };
};
