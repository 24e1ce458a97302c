import { and, eq, sql } from "drizzle-orm";

import { type Definition, findNode, textOf } from "../../../shared/workflow";
import type { Db } from "../../db/client";
import type { WriteBatch } from "../../lib/write-batch";
import { workflowCc, workflowEvents, workflowInstances, workflowTasks } from "../../db/tables";
import type { InstanceState, TaskState, TimelineEvent } from "./engine";

export type InstanceRow = typeof workflowInstances.$inferSelect;
export type TaskRow = typeof workflowTasks.$inferSelect;

/** The engine fields kept in the instance's `state` column. */
type StoredState = Pick<
  InstanceState,
  | "pass"
  | "cursor"
  | "activations"
  | "taken"
  | "dedupeFrom"
  | "initiatorDeptChain"
  | "initiatorRoleIds"
  | "ccUserIds"
> & {
  /** The last timeline seq, so an action appends without reading the timeline first. */
  eventSeq?: number;
};

export const storedState = (s: InstanceState, eventSeq?: number): StoredState => ({
  ccUserIds: s.ccUserIds,
  ...(eventSeq === undefined ? {} : { eventSeq }),
  pass: s.pass,
  cursor: s.cursor,
  activations: s.activations,
  taken: s.taken,
  dedupeFrom: s.dedupeFrom,
  initiatorDeptChain: s.initiatorDeptChain,
  initiatorRoleIds: s.initiatorRoleIds,
});

/** The task columns the engine reads. */
const taskStateColumns = {
  id: workflowTasks.id,
  seq: workflowTasks.seq,
  nodeId: workflowTasks.nodeId,
  activation: workflowTasks.activation,
  slot: workflowTasks.slot,
  assigneeId: workflowTasks.assigneeId,
  kind: workflowTasks.kind,
  status: workflowTasks.status,
  parentId: workflowTasks.parentId,
  groupId: workflowTasks.groupId,
  signType: workflowTasks.signType,
  groupMode: workflowTasks.groupMode,
  transferredFrom: workflowTasks.transferredFrom,
  auto: workflowTasks.auto,
  reason: workflowTasks.reason,
  pass: workflowTasks.pass,
  comment: workflowTasks.comment,
  createdAt: workflowTasks.createdAt,
  closedAt: workflowTasks.closedAt,
};
type TaskStateRow = Pick<TaskRow, keyof typeof taskStateColumns>;

export const toTaskState = (r: TaskStateRow): TaskState => ({
  id: r.id,
  seq: r.seq,
  nodeId: r.nodeId,
  activation: r.activation,
  slot: r.slot,
  assigneeId: r.assigneeId,
  kind: r.kind as TaskState["kind"],
  status: r.status as TaskState["status"],
  parentId: r.parentId,
  groupId: r.groupId,
  signType: r.signType as TaskState["signType"],
  groupMode: r.groupMode as TaskState["groupMode"],
  transferredFrom: r.transferredFrom,
  auto: r.auto as TaskState["auto"],
  reason: r.reason as TaskState["reason"],
  pass: r.pass,
  comment: r.comment,
  createdAt: r.createdAt.toISOString(),
  closedAt: r.closedAt ? r.closedAt.toISOString() : null,
});

export const eventSeqOf = (row: InstanceRow) => (row.state as StoredState).eventSeq;

export const toInstanceState = (
  row: InstanceRow,
  tasks: TaskStateRow[],
  ccUserIds: string[],
): InstanceState => ({
  ...(row.state as unknown as StoredState),
  status: row.status as InstanceState["status"],
  initiatorId: row.initiatorId,
  initiatorDeptId: row.initiatorDeptId,
  form: row.form,
  tasks: tasks.map(toTaskState).sort((a, b) => a.seq - b.seq),
  ccUserIds,
});

/**
 * Locks the instance, then its open tasks in id order (the fixed order
 * instance -> tasks -> business rows rules out deadlocks), and returns its engine state.
 * Every write of a task happens under its instance's lock, so the task read that follows the
 * lock is current. Closed tasks are history that never changes: they are read, not locked, or
 * each action of a long flow would write a row lock onto every step it has passed.
 */
export const lockInstance = async (tx: Db, workspaceId: string, id: string) => {
  // The firm's org version comes along, so the directory cache is checked without a round trip.
  const [found] = await tx
    .select({
      row: workflowInstances,
      orgVersion: sql<number>`(select w.org_version from workspaces w where w.id = ${workflowInstances.workspaceId})`,
    })
    .from(workflowInstances)
    .where(and(eq(workflowInstances.workspaceId, workspaceId), eq(workflowInstances.id, id)))
    .for("update", { of: workflowInstances });
  if (!found) return undefined;
  const { row, orgVersion } = found;
  // A separate statement, so its snapshot is taken after the lock was granted (READ COMMITTED).
  // The open tasks are locked by the one-time subquery, which runs before the scan.
  const lockOpen = sql`(select count(*) from (select 1 from ${workflowTasks} l
    where l.workspace_id = ${workspaceId} and l.instance_id = ${id} and l.status in ('pending', 'waiting')
    order by l.id for update) l) >= 0`;
  const tasks = await tx
    .select(taskStateColumns)
    .from(workflowTasks)
    .where(
      and(eq(workflowTasks.workspaceId, workspaceId), eq(workflowTasks.instanceId, id), lockOpen),
    );
  // Older rows (and the first action after a submit's seed) may lack the CC list in their state.
  const stored = (row.state as StoredState).ccUserIds;
  const cc = Array.isArray(stored)
    ? stored
    : (
        await tx
          .select({ userId: workflowCc.userId })
          .from(workflowCc)
          .where(and(eq(workflowCc.workspaceId, workspaceId), eq(workflowCc.instanceId, id)))
      ).map((c) => c.userId);
  return { row, orgVersion, state: toInstanceState(row, tasks, cc) };
};

const taskValues = (
  workspaceId: string,
  instanceId: string,
  def: Definition,
  t: TaskState,
  actorId: string,
) => ({
  workspaceId,
  id: t.id,
  instanceId,
  seq: t.seq,
  nodeId: t.nodeId,
  // The stored text is the fallback (Chinese first); lists show the flow's name in the reader's language (step-names.ts).
  nodeName: textOf(findNode(def.nodes, t.nodeId)?.name, "zh-CN"),
  activation: t.activation,
  slot: t.slot,
  assigneeId: t.assigneeId,
  kind: t.kind,
  status: t.status,
  parentId: t.parentId,
  groupId: t.groupId,
  signType: t.signType,
  groupMode: t.groupMode,
  transferredFrom: t.transferredFrom,
  auto: t.auto,
  reason: t.reason,
  pass: t.pass,
  comment: t.comment,
  closedAt: t.closedAt ? new Date(t.closedAt) : null,
  createdAt: new Date(t.createdAt),
  createdBy: actorId,
  updatedBy: actorId,
});

/** Adds the engine's task changes to the step's batch: new rows inserted, changed rows updated. */
export const writeTasks = (
  batch: WriteBatch,
  scope: { workspaceId: string; instanceId: string; def: Definition; actorId: string },
  before: TaskState[],
  after: TaskState[],
) => {
  const old = new Map(before.map((t) => [t.id, t]));
  const fresh = after.filter((t) => !old.has(t.id));
  if (fresh.length > 0) {
    batch.add(
      batch.db
        .insert(workflowTasks)
        .values(
          fresh.map((t) =>
            taskValues(scope.workspaceId, scope.instanceId, scope.def, t, scope.actorId),
          ),
        ),
    );
  }
  for (const t of after) {
    const o = old.get(t.id);
    if (!o || (o.status === t.status && o.reason === t.reason && o.comment === t.comment)) continue;
    batch.add(
      batch.db
        .update(workflowTasks)
        .set({
          status: t.status,
          reason: t.reason,
          comment: t.comment,
          closedAt: t.closedAt ? new Date(t.closedAt) : null,
          updatedAt: new Date(),
          updatedBy: scope.actorId,
        })
        .where(and(eq(workflowTasks.workspaceId, scope.workspaceId), eq(workflowTasks.id, t.id))),
    );
  }
};

/** Appends to the timeline after seq `from` (read from the table when unknown); returns the new last seq. */
export const writeEvents = async (
  batch: WriteBatch,
  workspaceId: string,
  instanceId: string,
  events: TimelineEvent[],
  at: Date,
  from?: number,
) => {
  const top =
    from ??
    (
      await batch.db
        .select({ top: sql<number>`coalesce(max(${workflowEvents.seq}), 0)::int` })
        .from(workflowEvents)
        .where(
          and(
            eq(workflowEvents.workspaceId, workspaceId),
            eq(workflowEvents.instanceId, instanceId),
          ),
        )
    )[0].top;
  if (events.length === 0) return top;
  batch.add(
    batch.db.insert(workflowEvents).values(
      events.map((e, i) => ({
        workspaceId,
        instanceId,
        seq: top + i + 1,
        type: e.type,
        nodeId: e.nodeId ?? null,
        taskId: e.taskId ?? null,
        actorId: e.actorId ?? null,
        comment: e.comment ?? null,
        attachments: e.attachments ?? [],
        params: e.params ?? {},
        createdAt: at,
        createdBy: e.actorId ?? null,
      })),
    ),
  );
  return top + events.length;
};

/**
 * One CC row per (instance, person); a repeat refreshes its time and makes it unread again.
 * `nodeOf` maps each person to the CC node that named them: one row per person even when two
 * CC nodes of one step name them (a batch cannot upsert one row twice).
 */
export const writeCc = (
  batch: WriteBatch,
  scope: { workspaceId: string; instanceId: string; actorId: string },
  nodeOf: Map<string, string | null>,
) => {
  if (nodeOf.size === 0) return;
  const at = new Date();
  const { actorId, ...where } = scope;
  batch.add(
    batch.db
      .insert(workflowCc)
      .values(
        [...nodeOf].map(([userId, nodeId]) => ({
          ...where,
          userId,
          nodeId,
          byUserId: actorId,
          ccAt: at,
          createdBy: actorId,
          updatedBy: actorId,
        })),
      )
      .onConflictDoUpdate({
        target: [workflowCc.workspaceId, workflowCc.instanceId, workflowCc.userId],
        set: { ccAt: at, isRead: false, readAt: null, byUserId: actorId, updatedAt: at },
      }),
  );
};

/** The step's CC effects as one person -> node map (a later CC node of the step wins). */
export const ccTargets = (
  effects: { type: string; userIds?: string[]; nodeId?: string | null }[],
) => {
  const nodeOf = new Map<string, string | null>();
  for (const e of effects)
    if (e.type === "cc") for (const userId of e.userIds ?? []) nodeOf.set(userId, e.nodeId ?? null);
  return nodeOf;
};
