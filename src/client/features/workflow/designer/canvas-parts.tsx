import { BranchesOutlined, CloseOutlined, PlusOutlined, UserOutlined } from "@ant-design/icons";
import { Button, Dropdown, Tooltip } from "antd";
import { createContext, useContext } from "react";
import { useTranslation } from "react-i18next";
import {
  BaseEdge,
  EdgeLabelRenderer,
  type EdgeProps,
  getSmoothStepPath,
  Handle,
  type NodeProps,
  Position,
} from "reactflow";

import { type Assignees, type NodeType, textOf } from "../../../../shared/workflow";
import type { CanvasEdgeData, CanvasNodeData } from "./layout";
import type { InsertAt } from "./tree-ops";

/** What the canvas parts call back into, and the names they show (people and roles by id). */
export type DesignerApi = {
  selectedId: string | null;
  names: { users: Map<string, string>; roles: Map<string, string> };
  onAdd: (at: InsertAt, type: NodeType) => void;
  onSelect: (nodeId: string, branch?: number) => void;
  onRemove: (nodeId: string) => void;
  onAddBranch: (gatewayId: string) => void;
};

export const DesignerContext = createContext<DesignerApi | null>(null);
const useDesigner = () => useContext(DesignerContext) as DesignerApi;

const handles = (
  <>
    <Handle type="target" position={Position.Top} isConnectable={false} />
    <Handle type="source" position={Position.Bottom} isConnectable={false} />
  </>
);

/** One line saying who handles a node ("Specified: Zhang Wei, Li Ming", "Manager, level 1"). */
export const useAssigneeSummary = () => {
  const { t } = useTranslation();
  const { names } = useDesigner();
  return (a: Assignees | undefined) => {
    if (!a) return t("workflow.designer.notConfigured");
    switch (a.kind) {
      case "users":
        return `${t("workflow.assigneeKinds.users")}: ${a.userIds.map((u) => names.users.get(u) ?? "?").join("、") || "—"}`;
      case "roles":
        return `${t("workflow.assigneeKinds.roles")}: ${a.roleIds.map((r) => names.roles.get(r) ?? "?").join("、") || "—"}`;
      case "deptManager":
        return t("workflow.designer.managerLevel", { level: a.level });
      case "deptRole":
        return `${t("workflow.assigneeKinds.deptRole")}: ${names.roles.get(a.roleId) ?? "—"}`;
      case "formUser":
        return `${t("workflow.assigneeKinds.formUser")}: ${a.field || "—"}`;
      default:
        return t("workflow.assigneeKinds.initiator");
    }
  };
};

const TaskCard = ({ data, id }: NodeProps<CanvasNodeData>) => {
  const { t, i18n } = useTranslation();
  const api = useDesigner();
  const summary = useAssigneeSummary();
  const node = data.node;
  if (!node) return null;
  const who =
    node.type === "cc"
      ? summary(node.recipients)
      : node.type === "approval" || node.type === "handler"
        ? summary(node.assignees)
        : "";
  const hasErrors = data.errors.length > 0;
  return (
    // The whole card opens the node for the mouse; the keyboard reaches its name, a button of its
    // own, since a button may not hold the remove button (axe: nested-interactive).
    <div
      className={`wf-node wf-node-${node.type}${hasErrors ? " wf-node-error" : ""}${api.selectedId === id ? " wf-node-selected" : ""}`}
      onClick={() => api.onSelect(id)}
    >
      {handles}
      <div className="wf-node-head">
        <button
          type="button"
          className="wf-node-name"
          onClick={(e) => {
            e.stopPropagation();
            api.onSelect(id);
          }}
        >
          {textOf(node.name, i18n.language)}
        </button>
        <Button
          size="small"
          type="text"
          className="wf-node-remove"
          aria-label={t("workflow.designer.remove", { name: textOf(node.name, i18n.language) })}
          icon={<CloseOutlined />}
          onClick={(e) => {
            e.stopPropagation();
            api.onRemove(id);
          }}
        />
      </div>
      <div className="wf-node-body">
        <UserOutlined /> {who}
      </div>
      {hasErrors ? (
        <Tooltip title={data.errors.join("\n")}>
          <div className="wf-node-errors">{data.errors[0]}</div>
        </Tooltip>
      ) : null}
    </div>
  );
};

const GatewayCard = ({ data, id }: NodeProps<CanvasNodeData>) => {
  const { t, i18n } = useTranslation();
  const api = useDesigner();
  const node = data.node;
  if (!node) return null;
  return (
    <div
      className={`wf-gateway${data.errors.length ? " wf-node-error" : ""}`}
      title={data.errors.join("\n")}
    >
      {handles}
      <BranchesOutlined /> <span>{textOf(node.name, i18n.language)}</span>
      <Button size="small" type="link" onClick={() => api.onAddBranch(id)}>
        {t(
          node.type === "exclusive"
            ? "workflow.designer.addCondition"
            : "workflow.designer.addBranch",
        )}
      </Button>
      <Button
        size="small"
        type="text"
        aria-label={t("workflow.designer.remove", { name: textOf(node.name, i18n.language) })}
        icon={<CloseOutlined />}
        onClick={() => api.onRemove(id)}
      />
    </div>
  );
};

const BranchCard = ({ data }: NodeProps<CanvasNodeData>) => {
  const { t, i18n } = useTranslation();
  const api = useDesigner();
  const node = data.node;
  const at = data.branchOf;
  if (!node || !at || (node.type !== "exclusive" && node.type !== "parallel")) return null;
  const branch = node.branches[at.branch];
  const condition =
    node.type === "exclusive" && "when" in branch
      ? branch.when === "default"
        ? t("workflow.designer.otherwise")
        : t("workflow.designer.ruleCount", { count: branch.when.flat().length })
      : "";
  return (
    <div
      className="wf-branch"
      role="button"
      tabIndex={0}
      aria-label={textOf(branch.name, i18n.language)}
      onClick={() => api.onSelect(node.id, at.branch)}
      onKeyDown={(e) => e.key === "Enter" && api.onSelect(node.id, at.branch)}
    >
      {handles}
      <strong>{textOf(branch.name, i18n.language)}</strong>
      {condition ? <span className="wf-muted"> · {condition}</span> : null}
    </div>
  );
};

const Terminal = ({ data }: NodeProps<CanvasNodeData>) => {
  const { t } = useTranslation();
  return (
    <div className={`wf-terminal wf-terminal-${data.kind}`}>
      {data.kind === "start" ? (
        <Handle type="source" position={Position.Bottom} isConnectable={false} />
      ) : (
        <Handle type="target" position={Position.Top} isConnectable={false} />
      )}
      {t(data.kind === "start" ? "workflow.designer.start" : "workflow.designer.end")}
    </div>
  );
};

const Join = () => <div className="wf-join">{handles}</div>;

export const NODE_TYPES = {
  start: Terminal,
  end: Terminal,
  task: TaskCard,
  gateway: GatewayCard,
  branch: BranchCard,
  join: Join,
};

const ADDABLE: NodeType[] = ["approval", "handler", "cc", "exclusive", "parallel"];

/** An edge with a "+" in its middle that adds a node at that place of the tree. */
const AddEdge = (props: EdgeProps<CanvasEdgeData>) => {
  const { t } = useTranslation();
  const api = useDesigner();
  const [path, x, y] = getSmoothStepPath({ ...props, borderRadius: 8 });
  const insert = props.data?.insert;
  return (
    <>
      <BaseEdge path={path} markerEnd={props.markerEnd} style={props.style} />
      {insert ? (
        <EdgeLabelRenderer>
          <div
            className="wf-edge-add nodrag nopan"
            style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px)` }}
          >
            <Dropdown
              trigger={["click"]}
              menu={{
                items: ADDABLE.map((type) => ({
                  key: type,
                  label: t(`workflow.nodeTypes.${type}`),
                })),
                onClick: ({ key }) => api.onAdd(insert, key as NodeType),
              }}
            >
              <Button
                size="small"
                shape="circle"
                type="primary"
                icon={<PlusOutlined />}
                aria-label={t("workflow.designer.addHere")}
              />
            </Dropdown>
          </div>
        </EdgeLabelRenderer>
      ) : null}
    </>
  );
};

export const EDGE_TYPES = { add: AddEdge };
