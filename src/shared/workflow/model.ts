/**
 * The workflow definition model: a block-structured tree. The main list runs
 * from the implicit start to the implicit end; gateways hold branches that are node lists again,
 * which makes joins and "return to an earlier node" well defined.
 */

export const WORKFLOW_KINDS = [
  "case",
  "case-change",
  "contract",
  "contract-archive",
  "contract-cancel",
  "seal",
  "invoice",
  "case-close",
  "case-archive",
  "archive-loan",
  "general",
] as const;
export type WorkflowKind = (typeof WORKFLOW_KINDS)[number];

/**
 * The general definition client changes run through (seeded in every firm): turning client-change
 * approvals on needs it, and the client feature starts it.
 */
export const ACCOUNT_CHANGE_KEY = "account-change";

export type I18nText = string | { "zh-CN"?: string; en?: string };

export type FieldPerm = "read" | "edit" | "hidden";
/** Missing fields: `edit` at start, `read` on every other node. */
export type FieldPerms = Record<string, FieldPerm>;

export type Scope =
  { kind: "all" } | { kind: "some"; userIds: string[]; deptIds: string[]; roleIds: string[] };

export type Assignees =
  | { kind: "users"; userIds: string[] }
  | { kind: "roles"; roleIds: string[] }
  | { kind: "deptManager"; level: number; climb: boolean }
  | { kind: "deptRole"; roleId: string; climb: boolean }
  | { kind: "initiator" }
  | { kind: "formUser"; field: string };

export type AssigneeKind = Assignees["kind"];
export const ASSIGNEE_KINDS: AssigneeKind[] = [
  "users",
  "roles",
  "deptManager",
  "deptRole",
  "initiator",
  "formUser",
];

export type Mode = "sequential" | "all" | "any";
export const MODES: Mode[] = ["sequential", "all", "any"];

export type OnEmpty = { action: "autoPass" | "toAdmins" | "toUsers"; userIds?: string[] };
export type OnInitiator = "self" | "skip" | "toManager";
export type ReturnRange = "any" | "previous" | "start" | "listed";
export type ReturnRule = { enabled: boolean; range: ReturnRange; targets?: string[] };

/**
 * A node's or branch's name: a plain string (what older definitions hold, any language) or one
 * per language as the designer writes it, `{"zh-CN", "en"}`, shown with `textOf` (the other
 * language when the user's is empty).
 */
type NodeBase = { id: string; name: I18nText };

type TaskNodeBase = NodeBase & {
  /** Undefined while the designer has not configured the node yet ("every node configured"). */
  assignees?: Assignees;
  mode: Mode;
  fields: FieldPerms;
  onEmpty: OnEmpty;
  onInitiator: OnInitiator;
  requireComment: { accept: boolean };
  return: ReturnRule;
};

export type ApprovalNode = TaskNodeBase & { type: "approval"; addSign: boolean; transfer: boolean };
export type HandlerNode = TaskNodeBase & { type: "handler"; transfer: boolean };
export type TaskNode = ApprovalNode | HandlerNode;
export type CcNode = NodeBase & { type: "cc"; recipients?: Assignees; fields: FieldPerms };

export const OPERATORS = [
  "eq",
  "ne",
  "gt",
  "gte",
  "lt",
  "lte",
  "between",
  "contains",
  "notContains",
  "in",
  "notIn",
  "containsAny",
  "containsAll",
  "before",
  "after",
  "isEmpty",
  "notEmpty",
] as const;
export type Operator = (typeof OPERATORS)[number];

export type RuleLeft = string; // a form field key, "initiator.dept" or "initiator.role"
export type Rule = { left: RuleLeft; op: Operator; value?: unknown };
/** OR of AND-groups. */
export type Condition = Rule[][];

export type ExclusiveBranch = {
  id: string;
  name: I18nText;
  nodes: FlowNode[];
  when: Condition | "default";
};
export type ExclusiveNode = NodeBase & { type: "exclusive"; branches: ExclusiveBranch[] };
export type ParallelBranch = { id: string; name: I18nText; nodes: FlowNode[] };
export type ParallelNode = NodeBase & { type: "parallel"; branches: ParallelBranch[] };
export type GatewayNode = ExclusiveNode | ParallelNode;

export type FlowNode = ApprovalNode | HandlerNode | CcNode | ExclusiveNode | ParallelNode;
export type NodeType = FlowNode["type"];

export type JsonSchema = {
  type?: string | string[];
  title?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  format?: string;
  [keyword: string]: unknown;
};

export type Definition = {
  key: string;
  name: I18nText;
  kind: WorkflowKind;
  form: JsonSchema;
  /** Process administrators: reassign, cancel, target of onEmpty "toAdmins". */
  admins: string[];
  settings: {
    dedupe: "none" | "adjacent" | "any";
    cancelAfterApproved: boolean;
    /**
     * When an approval step resolves to the submitter (DingTalk's "审批人与发起人为同一人时"):
     * skip them, go to their superior, or let them approve. Set: it rules every approval node;
     * unset (flows saved before the setting): each node's own `onInitiator`.
     */
    selfApproval?: OnInitiator;
  };
  start: { initiators: Scope; fields: FieldPerms };
  nodes: FlowNode[];
};

export const START_ID = "start";

export const isTaskNode = (node: FlowNode): node is TaskNode =>
  node.type === "approval" || node.type === "handler";

export const isGateway = (node: FlowNode): node is GatewayNode =>
  node.type === "exclusive" || node.type === "parallel";

/** The node lists directly inside a node (a gateway's branches), in order. */
export const childLists = (node: FlowNode): FlowNode[][] =>
  isGateway(node) ? node.branches.map((b) => b.nodes) : [];

/** Every node of the tree, depth first, in list order. */
export const allNodes = (nodes: FlowNode[]): FlowNode[] =>
  nodes.flatMap((n) => [n, ...childLists(n).flatMap(allNodes)]);

export const findNode = (nodes: FlowNode[], id: string): FlowNode | undefined =>
  allNodes(nodes).find((n) => n.id === id);

/** The text in `lang`, else in the other language: an empty entry falls back too. */
export const textOf = (text: I18nText | undefined, lang: string): string => {
  if (text === undefined) return "";
  if (typeof text === "string") return text;
  const own = lang === "en" ? text.en : text["zh-CN"];
  return own || (lang === "en" ? text["zh-CN"] : text.en) || "";
};

export const SELF_APPROVAL: OnInitiator[] = ["skip", "toManager", "self"];

/**
 * The initiator rule a task node runs with: the flow's self-approval setting on approval nodes
 * (a submitter must not approve their own request unless the flow says so), the node's own rule
 * on handler nodes (doing one's own paperwork is no self-approval) and on flows without it.
 */
export const onInitiatorOf = (def: Pick<Definition, "settings">, node: TaskNode): OnInitiator =>
  node.type === "approval" && def.settings.selfApproval
    ? def.settings.selfApproval
    : node.onInitiator;

/** Defaults a new task node starts with (toManager on approval, self on handler). */
export const newTaskNode = (type: "approval" | "handler", id: string, name: I18nText): TaskNode => {
  const base = {
    id,
    name,
    mode: "sequential" as Mode,
    fields: {},
    onEmpty: { action: "autoPass" as const },
    requireComment: { accept: false },
    return: { enabled: true, range: "any" as ReturnRange },
    transfer: true,
  };
  return type === "approval"
    ? { ...base, type, onInitiator: "toManager", addSign: true }
    : { ...base, type, onInitiator: "self" };
};
