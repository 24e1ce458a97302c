import { ReloadOutlined } from "@ant-design/icons";
import { Button, Form, Select, TreeSelect } from "antd";
import { useTranslation } from "react-i18next";

import { toDeptTree, usePickerData } from "../../components/member-picker";
import type { ReceivableFilters } from "./api";

/**
 * Client, department and lead lawyer. The clients offered are those the report lists without a
 * client chosen (who owes something), so finance needs no right on the client list to filter.
 */
export const ReceivableFilterBar = ({
  value,
  onChange,
  clients,
}: {
  value: ReceivableFilters;
  onChange: (next: ReceivableFilters) => void;
  clients: { value: string; label: string }[];
}) => {
  const { t } = useTranslation();
  const { data } = usePickerData();
  const set = (key: keyof ReceivableFilters) => (v: string | undefined) =>
    onChange({ ...value, [key]: v ?? undefined });
  return (
    <Form layout="inline" className="fee-filters" aria-label={t("feeSharing.receivables.filters")}>
      <Form.Item label={t("feeSharing.receivables.client")} htmlFor="rcv-client">
        <Select
          id="rcv-client"
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 220 }}
          placeholder={t("feeSharing.receivables.all")}
          options={clients}
          value={value.accountId}
          onChange={set("accountId")}
        />
      </Form.Item>
      <Form.Item label={t("feeSharing.receivables.department")} htmlFor="rcv-department">
        <TreeSelect
          id="rcv-department"
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          style={{ width: 200 }}
          placeholder={t("feeSharing.receivables.all")}
          treeData={toDeptTree(data.departments).map(function toOption(n): object {
            return { value: n.key, title: n.title, children: n.children.map(toOption) };
          })}
          value={value.departmentId}
          onChange={set("departmentId")}
        />
      </Form.Item>
      <Form.Item label={t("feeSharing.receivables.leadLawyer")} htmlFor="rcv-lead">
        <Select
          id="rcv-lead"
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 180 }}
          placeholder={t("feeSharing.receivables.all")}
          options={data.members.map((m) => ({ value: m.userId, label: m.name }))}
          value={value.leadLawyerId}
          onChange={set("leadLawyerId")}
        />
      </Form.Item>
      <Form.Item>
        <Button icon={<ReloadOutlined />} onClick={() => onChange({})}>
          {t("buttons.reset")}
        </Button>
      </Form.Item>
    </Form>
  );
};
