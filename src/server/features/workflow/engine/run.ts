import type {
  CancelReason,
  Effect,
  EngineCtx,
  InstanceState,
  NotifyKind,
  TaskKind,
  TaskState,
  TimelineEvent,
} from "./types";
import { isOpen } from "./types";

/** One step in progress: a private copy of the state plus the effects collected so far. */
export type Run = {
  ctx: EngineCtx;
  state: InstanceState;
  effects: Effect[];
  /** The node a return reopened: it is resolved afresh without dedupe. */
  noDedupeNode?: string;
};

export const startRun = (state: InstanceState, ctx: EngineCtx): Run => ({
  ctx,
  state: structuredClone(state),
  effects: [],
});

export const emit = (run: Run, event: TimelineEvent) => run.effects.push({ type: "event", event });

export const notify = (run: Run, kind: NotifyKind, userIds: string[], taskId?: string) => {
  if (userIds.length > 0)
    run.effects.push({
      type: "notify",
      kind,
      userIds: [...new Set(userIds)],
      ...(taskId ? { taskId } : {}),
    });
};

const nextSeq = (run: Run) => run.state.tasks.reduce((m, t) => Math.max(m, t.seq), 0) + 1;

export type NewTask = {
  nodeId: string;
  activation: number;
  slot: number;
  assigneeId: string;
  kind: TaskKind;
  parentId?: string | null;
  groupId?: string | null;
  signType?: "pre" | "post" | null;
  groupMode?: "all" | "any" | null;
  transferredFrom?: string | null;
  auto?: "duplicate" | null;
  status?: TaskState["status"];
};

/** Adds a task; a pending one is announced to its assignee. */
export const addTask = (run: Run, input: NewTask): TaskState => {
  const now = run.ctx.now.toISOString();
  const status = input.status ?? "pending";
  const task: TaskState = {
    id: run.ctx.newId(),
    seq: nextSeq(run),
    nodeId: input.nodeId,
    activation: input.activation,
    slot: input.slot,
    assigneeId: input.assigneeId,
    kind: input.kind,
    status,
    parentId: input.parentId ?? null,
    groupId: input.groupId ?? null,
    signType: input.signType ?? null,
    groupMode: input.groupMode ?? null,
    transferredFrom: input.transferredFrom ?? null,
    auto: input.auto ?? null,
    reason: null,
    pass: run.state.pass,
    comment: null,
    createdAt: now,
    closedAt: status === "pending" || status === "waiting" ? null : now,
  };
  run.state.tasks.push(task);
  if (status === "pending") notify(run, "task", [task.assigneeId], task.id);
  return task;
};

export const closeTask = (
  run: Run,
  task: TaskState,
  status: TaskState["status"],
  extra: { reason?: CancelReason; comment?: string } = {},
) => {
  task.status = status;
  task.closedAt = run.ctx.now.toISOString();
  if (extra.reason) task.reason = extra.reason;
  if (extra.comment !== undefined) task.comment = extra.comment;
};

/** Cancels open tasks matching `where` for a system reason (node done, rejected, returned, cancelled). */
export const cancelOpen = (
  run: Run,
  reason: CancelReason,
  where: (t: TaskState) => boolean = () => true,
) => {
  const cancelled: TaskState[] = [];
  for (const t of run.state.tasks) {
    if (isOpen(t) && where(t)) {
      closeTask(run, t, "cancelled", { reason });
      cancelled.push(t);
    }
  }
  return cancelled;
};

export const taskById = (run: Run, id: string) => run.state.tasks.find((t) => t.id === id);

/** The live row of one slot: transfers leave the old row `transferred` and add a new one. */
export const slotRow = (run: Run, nodeId: string, activation: number, slot: number) =>
  run.state.tasks.find(
    (t) =>
      t.nodeId === nodeId &&
      t.activation === activation &&
      t.slot === slot &&
      t.groupId === null &&
      t.kind !== "submit" &&
      t.status !== "transferred",
  );

/** Live rows of an add-sign group, one per slot. */
export const groupRows = (run: Run, groupId: string) =>
  run.state.tasks.filter((t) => t.groupId === groupId && t.status !== "transferred");

/** An add-sign group is done when every member accepted (`all`) or one did (`any`). */
export const isGroupDone = (run: Run, groupId: string) => {
  const rows = groupRows(run, groupId);
  if (rows.length === 0) return true;
  return rows[0].groupMode === "any"
    ? rows.some((t) => t.status === "accepted")
    : rows.every((t) => t.status === "accepted");
};

/** Groups hanging off a task, oldest first. */
export const groupsOf = (run: Run, parentId: string) => [
  ...new Set(
    run.state.tasks
      .filter((t) => t.parentId === parentId && t.groupId)
      .map((t) => t.groupId as string),
  ),
];

export const hasOpenGroup = (run: Run, parentId: string) =>
  groupsOf(run, parentId).some((g) => !isGroupDone(run, g));

/** A slot has voted when its live row accepted and no post-sign group on it is still open. */
export const hasVoted = (run: Run, task: TaskState | undefined) =>
  !!task && task.status === "accepted" && !hasOpenGroup(run, task.id);
