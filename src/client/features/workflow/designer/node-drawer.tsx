import { Checkbox, Drawer, Form, InputNumber, Radio, Select, Switch, Table } from "antd";
import { useTranslation } from "react-i18next";

import {
  ASSIGNEE_KINDS,
  type Assignees,
  type CcNode,
  type Definition,
  type FieldPerm,
  type FieldPerms,
  fieldLabel,
  type FlowNode,
  formFields,
  MODES,
  returnCandidates,
  type TaskNode,
} from "../../../../shared/workflow";
import { MemberPickerField } from "../../../components/member-picker";
import { NameInputs } from "./name-inputs";

type Props = {
  def: Definition;
  node: FlowNode | undefined;
  roles: { id: string; name: string }[];
  onChange: (node: FlowNode) => void;
  onClose: () => void;
};

const defaultsFor = (kind: Assignees["kind"]): Assignees => {
  switch (kind) {
    case "users":
      return { kind, userIds: [] };
    case "roles":
      return { kind, roleIds: [] };
    case "deptManager":
      return { kind, level: 1, climb: true };
    case "deptRole":
      return { kind, roleId: "", climb: true };
    case "formUser":
      return { kind, field: "" };
    default:
      return { kind: "initiator" };
  }
};

/** Read / edit / hidden per form field at this node. */
export const FieldPermsTable = ({
  def,
  value,
  onChange,
  isStart,
}: {
  def: Definition;
  value: FieldPerms;
  onChange: (v: FieldPerms) => void;
  isStart?: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const fields = formFields(def.form);
  const perm = (key: string): FieldPerm => value[key] ?? (isStart ? "edit" : "read");
  return (
    <Table
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={fields}
      columns={[
        {
          title: t("workflow.fields.field"),
          dataIndex: "title",
          render: (_: unknown, f) => fieldLabel(f, i18n.language),
        },
        {
          title: t("workflow.fields.permission"),
          width: 230,
          render: (_: unknown, f) => (
            <Radio.Group
              size="small"
              value={perm(f.key)}
              onChange={(e) => onChange({ ...value, [f.key]: e.target.value as FieldPerm })}
              options={(["read", "edit", "hidden"] as const).map((p) => ({
                value: p,
                label: t(`workflow.perms.${p}`),
              }))}
            />
          ),
        },
      ]}
    />
  );
};

const AssigneeEditor = ({
  def,
  value,
  roles,
  onChange,
  isCc,
}: {
  def: Definition;
  value: Assignees | undefined;
  roles: Props["roles"];
  onChange: (a: Assignees) => void;
  isCc?: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const userFields = formFields(def.form).filter((f) => f.type === "user" || f.type === "users");
  const kinds = ASSIGNEE_KINDS.filter((k) => !(isCc && k === "initiator"));
  return (
    <>
      <Form.Item label={t("workflow.fields.assigneeKind")} required>
        <Select
          aria-label={t("workflow.fields.assigneeKind")}
          value={value?.kind}
          placeholder={t("workflow.designer.chooseKind")}
          onChange={(k) => onChange(defaultsFor(k))}
          options={kinds.map((k) => ({ value: k, label: t(`workflow.assigneeKinds.${k}`) }))}
        />
      </Form.Item>
      {value?.kind === "users" ? (
        <Form.Item label={t("workflow.fields.people")} required>
          <MemberPickerField
            value={value.userIds}
            onChange={(userIds) => onChange({ ...value, userIds })}
          />
        </Form.Item>
      ) : null}
      {value?.kind === "roles" ? (
        <Form.Item label={t("workflow.assigneeKinds.roles")} required>
          <Select
            aria-label={t("workflow.assigneeKinds.roles")}
            mode="multiple"
            value={value.roleIds}
            onChange={(roleIds) => onChange({ ...value, roleIds })}
            options={roles.map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
      ) : null}
      {value?.kind === "deptRole" ? (
        <Form.Item label={t("workflow.assigneeKinds.deptRole")} required>
          <Select
            aria-label={t("workflow.assigneeKinds.deptRole")}
            value={value.roleId || undefined}
            onChange={(roleId) => onChange({ ...value, roleId })}
            options={roles.map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
      ) : null}
      {value?.kind === "deptManager" ? (
        <Form.Item label={t("workflow.fields.level")}>
          <InputNumber
            min={1}
            max={5}
            value={value.level}
            onChange={(level) => onChange({ ...value, level: level ?? 1 })}
          />
        </Form.Item>
      ) : null}
      {value?.kind === "deptManager" || value?.kind === "deptRole" ? (
        <Form.Item>
          <Checkbox
            checked={value.climb}
            onChange={(e) => onChange({ ...value, climb: e.target.checked })}
          >
            {t("workflow.fields.climb")}
          </Checkbox>
        </Form.Item>
      ) : null}
      {value?.kind === "formUser" ? (
        <Form.Item label={t("workflow.fields.formField")} required>
          <Select
            aria-label={t("workflow.fields.formField")}
            value={value.field || undefined}
            onChange={(field) => onChange({ ...value, field })}
            options={userFields.map((f) => ({ value: f.key, label: fieldLabel(f, i18n.language) }))}
          />
        </Form.Item>
      ) : null}
    </>
  );
};

const TaskSettings = ({
  def,
  node,
  roles,
  onChange,
}: {
  def: Definition;
  node: TaskNode;
  roles: Props["roles"];
  onChange: (n: FlowNode) => void;
}) => {
  const { t } = useTranslation();
  const set = (patch: Partial<TaskNode>) => onChange({ ...node, ...patch } as TaskNode);
  const targets = returnCandidates(def.nodes, node.id);
  return (
    <>
      <AssigneeEditor
        def={def}
        value={node.assignees}
        roles={roles}
        onChange={(assignees) => set({ assignees })}
      />
      <Form.Item label={t("workflow.fields.mode")}>
        <Radio.Group
          value={node.mode}
          onChange={(e) => set({ mode: e.target.value })}
          options={MODES.map((m) => ({ value: m, label: t(`workflow.modes.${m}`) }))}
        />
      </Form.Item>
      {/* The flow's self-approval setting rules approval steps; the step's own rule would be dead. */}
      <Form.Item
        label={t("workflow.fields.onInitiator")}
        hidden={node.type === "approval" && Boolean(def.settings.selfApproval)}
      >
        <Select
          value={node.onInitiator}
          onChange={(onInitiator) => set({ onInitiator })}
          options={["self", "skip", "toManager"].map((v) => ({
            value: v,
            label: t(`workflow.onInitiator.${v}`),
          }))}
        />
      </Form.Item>
      <Form.Item label={t("workflow.fields.onEmpty")}>
        <Select
          value={node.onEmpty.action}
          onChange={(action) => set({ onEmpty: { ...node.onEmpty, action } })}
          options={["autoPass", "toAdmins", "toUsers"].map((v) => ({
            value: v,
            label: t(`workflow.onEmpty.${v}`),
          }))}
        />
      </Form.Item>
      {node.onEmpty.action === "toUsers" ? (
        <Form.Item label={t("workflow.fields.people")}>
          <MemberPickerField
            value={node.onEmpty.userIds ?? []}
            onChange={(userIds) => set({ onEmpty: { action: "toUsers", userIds } })}
          />
        </Form.Item>
      ) : null}
      <Form.Item label={t("workflow.fields.actions")}>
        <Checkbox
          checked={node.requireComment.accept}
          onChange={(e) => set({ requireComment: { accept: e.target.checked } })}
        >
          {t("workflow.fields.requireComment")}
        </Checkbox>
        <Checkbox checked={node.transfer} onChange={(e) => set({ transfer: e.target.checked })}>
          {t("workflow.actions.transfer")}
        </Checkbox>
        {node.type === "approval" ? (
          <Checkbox
            checked={node.addSign}
            onChange={(e) => set({ addSign: e.target.checked } as Partial<TaskNode>)}
          >
            {t("workflow.actions.addSign")}
          </Checkbox>
        ) : null}
      </Form.Item>
      <Form.Item label={t("workflow.actions.return")}>
        <Switch
          checked={node.return.enabled}
          onChange={(enabled) => set({ return: { ...node.return, enabled } })}
          aria-label={t("workflow.actions.return")}
        />{" "}
        <Select
          style={{ width: 200 }}
          disabled={!node.return.enabled}
          value={node.return.range}
          onChange={(range) => set({ return: { ...node.return, range } })}
          options={["any", "previous", "start", "listed"].map((v) => ({
            value: v,
            label: t(`workflow.returnRange.${v}`),
          }))}
        />
      </Form.Item>
      {node.return.enabled && node.return.range === "listed" ? (
        <Form.Item label={t("workflow.fields.returnTo")}>
          <Select
            mode="multiple"
            value={node.return.targets ?? []}
            onChange={(targets) => set({ return: { ...node.return, targets } })}
            options={targets.map((c) => ({
              value: c.nodeId,
              label: c.nodeId === "start" ? t("workflow.preview.initiator") : c.nodeId,
            }))}
          />
        </Form.Item>
      ) : null}
      <h4>{t("workflow.fields.fieldPerms")}</h4>
      <FieldPermsTable def={def} value={node.fields} onChange={(fields) => set({ fields })} />
    </>
  );
};

/** The drawer that configures the selected approval, handler or CC node. */
export const NodeDrawer = ({ def, node, roles, onChange, onClose }: Props) => {
  const { t } = useTranslation();
  const isOpen =
    !!node && (node.type === "approval" || node.type === "handler" || node.type === "cc");
  return (
    <Drawer
      open={isOpen}
      width={520}
      title={node ? t(`workflow.nodeTypes.${node.type}`) : ""}
      onClose={onClose}
      destroyOnHidden
    >
      {node && isOpen ? (
        <Form layout="vertical">
          <NameInputs
            id="wf-node-name"
            label={t("workflow.fields.nodeName")}
            value={node.name}
            onChange={(name) => onChange({ ...node, name })}
          />
          {node.type === "cc" ? (
            <>
              <AssigneeEditor
                def={def}
                value={node.recipients}
                roles={roles}
                isCc
                onChange={(recipients) => onChange({ ...node, recipients } as CcNode)}
              />
              <h4>{t("workflow.fields.fieldPerms")}</h4>
              <FieldPermsTable
                def={def}
                value={node.fields}
                onChange={(fields) => onChange({ ...node, fields })}
              />
            </>
          ) : (
            <TaskSettings def={def} node={node as TaskNode} roles={roles} onChange={onChange} />
          )}
        </Form>
      ) : null}
    </Drawer>
  );
};
