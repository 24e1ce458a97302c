import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { Button, DatePicker, Form, Input, Select, Space } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";

import { AUDIT_ACTIONS } from "./audit-log-types";

export type AuditFilterValues = {
  entity?: string;
  action?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
};

type AuditLogFiltersProps = {
  initialValues: AuditFilterValues;
  onSearch: (values: AuditFilterValues) => void;
};

/** The filter bar above the audit table. */
export const AuditLogFilters = ({ initialValues, onSearch }: AuditLogFiltersProps) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<AuditFilterValues>();
  const onReset = () => {
    form.setFieldsValue({ entity: undefined, action: undefined, range: undefined });
    onSearch({});
  };

  return (
    <Form<AuditFilterValues>
      form={form}
      initialValues={initialValues}
      onFinish={onSearch}
      layout="inline"
      className="audit-filters"
    >
      <Form.Item name="entity" label={t("auditLogs.fields.entity")}>
        <Input allowClear placeholder={t("auditLogs.placeholders.entity")} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="action" label={t("auditLogs.fields.action")}>
        <Select
          allowClear
          placeholder={t("auditLogs.placeholders.action")}
          style={{ width: 150 }}
          options={AUDIT_ACTIONS.map((value) => ({
            value,
            label: t(`auditLogs.actions.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t("auditLogs.fields.createdAt")}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t("buttons.search")}
          </Button>
          <Button onClick={onReset} icon={<ReloadOutlined />}>
            {t("buttons.reset")}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
};
