import type { FieldPerms, JsonSchema } from "../../../shared/workflow";

export const WORKFLOW_API = "/api/workflow";

export const CENTER_TABS = ["pending", "initiated", "handled", "cc", "all"] as const;
export type CenterTab = (typeof CENTER_TABS)[number];

export type CurrentStep = { nodeName: string; assigneeName: string };

/** One row of any approval-centre tab (fields absent where a tab does not have them). */
export type CenterRow = {
  instanceId: string;
  serial: number;
  title: string;
  kind: string;
  status: string;
  definitionId: string;
  definitionName: string;
  initiatorId: string;
  initiatorName: string;
  submittedAt: string;
  finishedAt: string | null;
  taskId?: string;
  nodeName?: string;
  receivedAt?: string;
  myAction?: string;
  actedAt?: string;
  ccId?: string;
  isRead?: boolean;
  ccAt?: string;
  current?: CurrentStep[];
};

export type MyTask = {
  id: string;
  nodeId: string;
  nodeName: string;
  kind: string;
  actions: string[];
  editable: string[];
  requireComment: boolean;
  returnTargets: { nodeId: string; name: string }[];
};

export type TaskRow = {
  id: string;
  seq: number;
  nodeId: string;
  nodeName: string;
  assigneeId: string;
  kind: string;
  status: string;
  reason: string | null;
  auto: string | null;
  comment: string | null;
  signType: string | null;
  createdAt: string;
  closedAt: string | null;
};

export type TimelineEventRow = {
  id: string;
  seq: number;
  type: string;
  nodeId: string | null;
  nodeName: string;
  actorId: string | null;
  comment: string | null;
  attachments: string[];
  params: Record<string, unknown>;
  createdAt: string;
};

export type InstanceDetail = {
  id: string;
  serial: number;
  title: string;
  kind: string;
  status: string;
  version: number;
  definitionName: string;
  /** "<feature>:<record id>" for approvals a business record started; "" otherwise. */
  businessRef?: string;
  initiatorId: string;
  submittedAt: string;
  finishedAt: string | null;
  schema: JsonSchema;
  perms: FieldPerms;
  form: Record<string, unknown>;
  nodes: { id: string; name: string; type: string }[];
  tasks: TaskRow[];
  events: TimelineEventRow[];
  users: Record<string, string>;
  /** The approval's files this viewer may open (timeline attachments, visible form fields). */
  files: Record<string, { name: string; size: number; mime: string }>;
  myTasks: MyTask[];
  canCancel: boolean;
  canCc: boolean;
  /** Process administrators may hand any open task to someone else. */
  canReassign: boolean;
};

export type StartableCard = {
  id: string;
  key: string;
  kind: string;
  name: string;
  versionNo: number;
};

export type StartForm = {
  id: string;
  kind: string;
  name: string;
  schema: JsonSchema;
  perms: FieldPerms;
  departments: { id: string; name: string }[];
};

export type PreviewStep = {
  nodeId: string;
  name: string;
  type: "approval" | "handler" | "cc";
  mode?: string;
  skipped?: string;
  parallel?: string;
  users: { id: string; name: string }[];
};
