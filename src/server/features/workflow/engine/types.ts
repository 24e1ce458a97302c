import type { Definition, OrgDirectory } from "../../../../shared/workflow";

export type InstanceStatus = "running" | "approved" | "rejected" | "cancelled";
export type TaskStatus =
  "pending" | "waiting" | "accepted" | "rejected" | "returned" | "transferred" | "cancelled";
export type TaskKind = "submit" | "approval" | "handler" | "addSign";
export type CancelReason =
  "otherApproved" | "nodeCompleted" | "instanceRejected" | "instanceCancelled" | "returned";

export type TaskState = {
  id: string;
  /** Creation order within the instance (tasks are kept sorted by it). */
  seq: number;
  nodeId: string;
  /** Entry count of the node: a node reopened by a return gets a new activation. */
  activation: number;
  /** Position among the node's resolved assignees (or inside an add-sign group). */
  slot: number;
  assigneeId: string;
  kind: TaskKind;
  status: TaskStatus;
  /** Add-sign tasks: the task that asked for them, their group and its mode. */
  parentId: string | null;
  groupId: string | null;
  signType: "pre" | "post" | null;
  groupMode: "all" | "any" | null;
  transferredFrom: string | null;
  auto: "duplicate" | null;
  reason: CancelReason | null;
  /** Submission count the task belongs to ("this pass"). */
  pass: number;
  comment: string | null;
  createdAt: string;
  closedAt: string | null;
};

/** Where the flow stands inside one node list: the current index and, once entered, its state. */
export type ListCursor = { index: number; at?: NodeCursor };
export type NodeCursor =
  | { kind: "task"; nodeId: string; activation: number; slots: string[]; noDedupe: boolean }
  | { kind: "exclusive"; nodeId: string; branch: number; list: ListCursor }
  | { kind: "parallel"; nodeId: string; lists: ListCursor[] };

export type InstanceState = {
  status: InstanceStatus;
  initiatorId: string;
  initiatorDeptId: string | null;
  /** As of submit: exclusive gateways read these, not the org as it is later. */
  initiatorDeptChain: string[];
  initiatorRoleIds: string[];
  form: Record<string, unknown>;
  pass: number;
  /** Null while the instance waits at the start (a return to the initiator). */
  cursor: ListCursor | null;
  activations: Record<string, number>;
  /** Branch index each exclusive gateway took on its latest entry. */
  taken: Record<string, number>;
  /** Only accepts in tasks from this seq on feed dedupe: a submit or a return starts a new window. */
  dedupeFrom: number;
  tasks: TaskState[];
  /** People holding a CC row (they may CC and comment too). */
  ccUserIds: string[];
};

export type Action =
  | { type: "submit"; form: Record<string, unknown>; comment?: string; attachments?: string[] }
  | {
      type: "resubmit";
      taskId: string;
      form: Record<string, unknown>;
      comment?: string;
      attachments?: string[];
    }
  | {
      type: "accept";
      taskId: string;
      formPatch?: Record<string, unknown>;
      comment?: string;
      attachments?: string[];
    }
  | { type: "reject"; taskId: string; comment?: string; attachments?: string[] }
  | { type: "cancel"; comment?: string }
  | {
      type: "addSign";
      taskId: string;
      position: "pre" | "post";
      userIds: string[];
      mode: "all" | "any";
      comment?: string;
      attachments?: string[];
    }
  /** `reassign`: an administrator's reassignment, recorded as such even of their own task. */
  | { type: "transfer"; taskId: string; toUserId: string; comment?: string; reassign?: boolean }
  | { type: "cc"; userIds: string[]; comment?: string }
  | {
      type: "return";
      taskId: string;
      targetNodeId: string;
      comment?: string;
      attachments?: string[];
    }
  | { type: "comment"; comment: string; attachments?: string[] };

export type ActionType = Action["type"];

export type Actor = {
  userId: string;
  /** A definition admin or someone who may `manage` workflow instances: reassign, cancel. */
  isProcessAdmin: boolean;
};

export type TimelineEvent = {
  type: string;
  nodeId?: string;
  taskId?: string;
  actorId?: string;
  comment?: string;
  attachments?: string[];
  params?: Record<string, unknown>;
};

export type NotifyKind =
  "task" | "approved" | "rejected" | "cancelled" | "returned" | "cc" | "comment" | "reassigned";

export type Effect =
  | { type: "event"; event: TimelineEvent }
  | { type: "notify"; kind: NotifyKind; userIds: string[]; taskId?: string }
  | { type: "cc"; userIds: string[]; nodeId: string | null }
  | { type: "business"; hook: "onComplete" | "onReject" | "onCancel" };

export type EngineCtx = {
  def: Definition;
  dir: OrgDirectory;
  now: Date;
  newId: () => string;
};

export type EngineError = {
  status: 400 | 403 | 404 | 409 | 422;
  key: string;
  params?: Record<string, string>;
};

export type StepResult = { state: InstanceState; effects: Effect[] } | { error: EngineError };

export const OPEN: TaskStatus[] = ["pending", "waiting"];
export const isOpen = (t: TaskState) => t.status === "pending" || t.status === "waiting";
