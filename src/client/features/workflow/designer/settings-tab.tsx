import { Form, Input, Radio, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";

import {
  type Definition,
  type OnInitiator,
  type Scope,
  SELF_APPROVAL,
  WORKFLOW_KINDS,
} from "../../../../shared/workflow";
import { MemberPickerField } from "../../../components/member-picker";
import { FieldPermsTable } from "./node-drawer";

type Option = { id: string; name: string };

const PER_NODE = "perNode";

/** Name, kind, who may start it, process admins, dedupe and cancel rules, start field permissions. */
export const SettingsTab = ({
  def,
  roles,
  departments,
  onChange,
}: {
  def: Definition;
  roles: Option[];
  departments: Option[];
  onChange: (d: Definition) => void;
}) => {
  const { t } = useTranslation();
  const scope = def.start.initiators;
  const some =
    scope.kind === "some"
      ? scope
      : { kind: "some" as const, userIds: [], deptIds: [], roleIds: [] };
  const setScope = (s: Scope) => onChange({ ...def, start: { ...def.start, initiators: s } });
  return (
    <Form layout="vertical" className="wf-settings">
      <Form.Item label={t("workflow.fields.name")} required>
        <Input
          value={typeof def.name === "string" ? def.name : (def.name["zh-CN"] ?? "")}
          maxLength={100}
          onChange={(e) => onChange({ ...def, name: e.target.value })}
        />
      </Form.Item>
      <Form.Item label={t("workflow.fields.kind")}>
        <Select
          value={def.kind}
          onChange={(kind) => onChange({ ...def, kind })}
          options={WORKFLOW_KINDS.map((k) => ({ value: k, label: t(`workflow.kinds.${k}`) }))}
        />
      </Form.Item>
      <Form.Item label={t("workflow.fields.initiators")}>
        <Radio.Group
          value={scope.kind}
          onChange={(e) => setScope(e.target.value === "all" ? { kind: "all" } : some)}
          options={[
            { value: "all", label: t("workflow.designer.everyone") },
            { value: "some", label: t("workflow.designer.some") },
          ]}
        />
      </Form.Item>
      {scope.kind === "some" ? (
        <>
          <Form.Item label={t("workflow.fields.people")}>
            <MemberPickerField
              value={scope.userIds}
              onChange={(userIds) => setScope({ ...scope, userIds })}
            />
          </Form.Item>
          <Form.Item label={t("workflow.fields.departments")}>
            <Select
              mode="multiple"
              value={scope.deptIds}
              onChange={(deptIds) => setScope({ ...scope, deptIds })}
              options={departments.map((d) => ({ value: d.id, label: d.name }))}
            />
          </Form.Item>
          <Form.Item label={t("workflow.assigneeKinds.roles")}>
            <Select
              mode="multiple"
              value={scope.roleIds}
              onChange={(roleIds) => setScope({ ...scope, roleIds })}
              options={roles.map((r) => ({ value: r.id, label: r.name }))}
            />
          </Form.Item>
        </>
      ) : null}
      <Form.Item label={t("workflow.fields.admins")}>
        <MemberPickerField value={def.admins} onChange={(admins) => onChange({ ...def, admins })} />
      </Form.Item>
      <Form.Item label={t("workflow.fields.dedupe")}>
        <Select
          value={def.settings.dedupe}
          onChange={(dedupe) => onChange({ ...def, settings: { ...def.settings, dedupe } })}
          options={["none", "adjacent", "any"].map((v) => ({
            value: v,
            label: t(`workflow.dedupe.${v}`),
          }))}
        />
      </Form.Item>
      <Form.Item label={t("workflow.fields.selfApproval")} extra={t("workflow.selfApproval.hint")}>
        <Select
          aria-label={t("workflow.fields.selfApproval")}
          value={def.settings.selfApproval ?? PER_NODE}
          onChange={(v: OnInitiator | typeof PER_NODE) => {
            const { selfApproval: _old, ...settings } = def.settings;
            onChange({
              ...def,
              settings: v === PER_NODE ? settings : { ...settings, selfApproval: v },
            });
          }}
          options={[
            ...SELF_APPROVAL.map((v) => ({ value: v, label: t(`workflow.selfApproval.${v}`) })),
            // Flows saved before the setting keep each step's own rule until one is chosen.
            ...(def.settings.selfApproval
              ? []
              : [{ value: PER_NODE, label: t("workflow.selfApproval.perNode") }]),
          ]}
        />
      </Form.Item>
      <Form.Item label={t("workflow.fields.cancelAfterApproved")}>
        <Switch
          checked={def.settings.cancelAfterApproved}
          onChange={(cancelAfterApproved) =>
            onChange({ ...def, settings: { ...def.settings, cancelAfterApproved } })
          }
        />
      </Form.Item>
      <h4>{t("workflow.fields.startPerms")}</h4>
      <FieldPermsTable
        def={def}
        isStart
        value={def.start.fields}
        onChange={(fields) => onChange({ ...def, start: { ...def.start, fields } })}
      />
    </Form>
  );
};
