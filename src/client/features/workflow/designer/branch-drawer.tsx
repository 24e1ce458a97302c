import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, DatePicker, Drawer, Form, Input, Popconfirm, Select, Space } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";

import {
  type Condition,
  type Definition,
  type ExclusiveNode,
  type FlowNode,
  fieldLabel,
  formFields,
  leftType,
  type Operator,
  optionLabel,
  OPERATORS_BY_TYPE,
  type ParallelNode,
  type Rule,
} from "../../../../shared/workflow";
import { MemberPickerField } from "../../../components/member-picker";
import { NameInputs } from "./name-inputs";

type Option = { id: string; name: string };

type Props = {
  def: Definition;
  gateway: ExclusiveNode | ParallelNode | undefined;
  branch: number | null;
  roles: Option[];
  departments: Option[];
  onChange: (node: FlowNode) => void;
  onRemoveBranch: (gatewayId: string, branch: number) => void;
  onClose: () => void;
};

/** The operator a rule starts with once its field is chosen: the first one that field's type offers. */
const firstOp = (fields: ReturnType<typeof formFields>, left: string): Operator => {
  const type = leftType(fields, left);
  return type ? OPERATORS_BY_TYPE[type][0] : "eq";
};

const NO_VALUE: Operator[] = ["isEmpty", "notEmpty"];
const LIST_OPS: Operator[] = ["in", "notIn", "containsAny", "containsAll"];

/** The value input a rule needs, by the type of its left side and its operator. */
const RuleValue = ({
  def,
  rule,
  roles,
  departments,
  onChange,
}: {
  def: Definition;
  rule: Rule;
  roles: Option[];
  departments: Option[];
  onChange: (v: unknown) => void;
}) => {
  const { t, i18n } = useTranslation();
  const fields = formFields(def.form);
  const type = leftType(fields, rule.left);
  const label = t("workflow.fields.conditionValue");
  if (NO_VALUE.includes(rule.op) || !type) return null;
  const isList = LIST_OPS.includes(rule.op) || (type === "multi" && rule.op === "notContains");
  if (type === "dept" || type === "role") {
    const options = (type === "dept" ? departments : roles).map((o) => ({
      value: o.id,
      label: o.name,
    }));
    return (
      <Select
        aria-label={label}
        mode="multiple"
        style={{ minWidth: 160 }}
        value={(rule.value as string[]) ?? []}
        onChange={onChange}
        options={options}
      />
    );
  }
  if (type === "user" || type === "users")
    return <MemberPickerField value={(rule.value as string[]) ?? []} onChange={onChange} />;
  const field = fields.find((f) => f.key === rule.left);
  if (field?.source === "departments") {
    // A department field of the form: choose among the firm's departments, not free text.
    const options = departments.map((o) => ({ value: o.id, label: o.name }));
    return (
      <Select
        aria-label={label}
        mode={isList ? "multiple" : undefined}
        style={{ minWidth: 160 }}
        value={rule.value as string}
        onChange={onChange}
        options={options}
      />
    );
  }
  const options = field?.options;
  if (options && (type === "enum" || type === "multi")) {
    return (
      <Select
        aria-label={label}
        mode={isList ? "multiple" : undefined}
        style={{ minWidth: 140 }}
        value={rule.value as string}
        onChange={onChange}
        options={options.map((o) => ({
          value: String(o),
          label: optionLabel(field?.optionLabels, o, i18n.language),
        }))}
      />
    );
  }
  if (type === "boolean") {
    return (
      <Select
        aria-label={label}
        style={{ width: 100 }}
        value={rule.value as boolean}
        onChange={onChange}
        options={[
          { value: true, label: t("workflow.designer.yes") },
          { value: false, label: t("workflow.designer.no") },
        ]}
      />
    );
  }
  const one = (v: unknown, set: (x: unknown) => void, aria: string) =>
    type === "date" ? (
      <DatePicker
        aria-label={aria}
        value={typeof v === "string" && v ? dayjs(v) : null}
        onChange={(d) => set(d ? d.format("YYYY-MM-DD") : "")}
      />
    ) : (
      <Input
        aria-label={aria}
        style={{ width: 120 }}
        value={v === undefined || v === null ? "" : String(v)}
        // Money stays a decimal string (compared exactly); plain numbers become numbers.
        onChange={(e) =>
          set(
            type === "number" && e.target.value !== "" && !Number.isNaN(Number(e.target.value))
              ? Number(e.target.value)
              : e.target.value,
          )
        }
      />
    );
  if (rule.op === "between") {
    const [lo, hi] = Array.isArray(rule.value) ? rule.value : [undefined, undefined];
    return (
      <Space>
        {one(lo, (v) => onChange([v, hi]), `${label} 1`)}
        {one(hi, (v) => onChange([lo, v]), `${label} 2`)}
      </Space>
    );
  }
  if (isList)
    return (
      <Select
        aria-label={label}
        mode="tags"
        style={{ minWidth: 160 }}
        value={(rule.value as string[]) ?? []}
        onChange={onChange}
      />
    );
  return one(rule.value, onChange, label);
};

/** OR of AND-groups, edited row by row. */
const ConditionEditor = ({
  def,
  value,
  roles,
  departments,
  onChange,
}: {
  def: Definition;
  value: Condition;
  roles: Option[];
  departments: Option[];
  onChange: (c: Condition) => void;
}) => {
  const { t, i18n } = useTranslation();
  const fields = formFields(def.form);
  const lefts = [
    ...fields.map((f) => ({ value: f.key, label: fieldLabel(f, i18n.language) })),
    { value: "initiator.dept", label: t("workflow.designer.initiatorDept") },
    { value: "initiator.role", label: t("workflow.designer.initiatorRole") },
  ];
  const setRule = (g: number, r: number, rule: Rule) =>
    onChange(
      value.map((group, gi) => (gi === g ? group.map((x, ri) => (ri === r ? rule : x)) : group)),
    );
  return (
    <>
      {value.map((group, g) => (
        <div key={g} className="wf-cond-group">
          <div className="wf-muted">
            {g === 0 ? t("workflow.designer.when") : t("workflow.designer.orWhen")}
          </div>
          {group.map((rule, r) => {
            const type = leftType(fields, rule.left);
            return (
              <Space key={r} wrap className="wf-cond-rule">
                <Select
                  aria-label={t("workflow.fields.conditionField")}
                  style={{ width: 140 }}
                  value={rule.left || undefined}
                  onChange={(left) => setRule(g, r, { left, op: firstOp(fields, left) })}
                  options={lefts}
                />
                {/* Before a field is chosen the operator still shows its name, never its code. */}
                <Select
                  aria-label={t("workflow.fields.operator")}
                  style={{ width: 120 }}
                  value={rule.op}
                  onChange={(op) => setRule(g, r, { ...rule, op, value: undefined })}
                  options={(type ? OPERATORS_BY_TYPE[type] : [rule.op]).map((op) => ({
                    value: op,
                    label: t(`workflow.operators.${op}`),
                  }))}
                />
                <RuleValue
                  def={def}
                  rule={rule}
                  roles={roles}
                  departments={departments}
                  onChange={(v) => setRule(g, r, { ...rule, value: v })}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t("buttons.delete")}
                  onClick={() =>
                    onChange(
                      value
                        .map((x, gi) => (gi === g ? x.filter((_, ri) => ri !== r) : x))
                        .filter((x) => x.length > 0),
                    )
                  }
                />
              </Space>
            );
          })}
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() =>
              onChange(
                value.map((x, gi) => (gi === g ? [...x, { left: "", op: "eq" } as Rule] : x)),
              )
            }
          >
            {t("workflow.designer.andRule")}
          </Button>
        </div>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => onChange([...value, [{ left: "", op: "eq" } as Rule]])}
      >
        {t("workflow.designer.orGroup")}
      </Button>
    </>
  );
};

/** Configures one branch of a gateway: its name and, on exclusive gateways, its condition. */
export const BranchDrawer = ({
  def,
  gateway,
  branch,
  roles,
  departments,
  onChange,
  onRemoveBranch,
  onClose,
}: Props) => {
  const { t } = useTranslation();
  const b = gateway && branch !== null ? gateway.branches[branch] : undefined;
  const setBranch = (patch: Record<string, unknown>) => {
    if (!gateway || branch === null) return;
    onChange({
      ...gateway,
      branches: gateway.branches.map((x, i) => (i === branch ? { ...x, ...patch } : x)),
    } as FlowNode);
  };
  const when: Condition | "default" | undefined =
    b && "when" in b ? (b.when as Condition | "default") : undefined;
  return (
    <Drawer
      open={!!b}
      width={620}
      title={t(
        gateway?.type === "exclusive"
          ? "workflow.designer.conditionBranch"
          : "workflow.designer.parallelBranch",
      )}
      onClose={onClose}
      destroyOnHidden
    >
      {b && gateway && branch !== null ? (
        <Form layout="vertical">
          <NameInputs
            id="wf-branch-name"
            label={t("workflow.fields.branchName")}
            value={b.name}
            onChange={(name) => setBranch({ name })}
          />
          {when === "default" ? (
            <p className="wf-muted">{t("workflow.designer.defaultHint")}</p>
          ) : null}
          {when && when !== "default" ? (
            <Form.Item label={t("workflow.fields.condition")}>
              <ConditionEditor
                def={def}
                value={when}
                roles={roles}
                departments={departments}
                onChange={(c) => setBranch({ when: c })}
              />
            </Form.Item>
          ) : null}
          {when !== "default" ? (
            <Popconfirm
              title={t("workflow.designer.removeBranch")}
              onConfirm={() => {
                onRemoveBranch(gateway.id, branch);
                onClose();
              }}
            >
              <Button danger>{t("workflow.designer.removeBranch")}</Button>
            </Popconfirm>
          ) : null}
        </Form>
      ) : null}
    </Drawer>
  );
};
