import { Form, Input, InputNumber, Switch } from "antd";
import { useTranslation } from "react-i18next";

/** The dictionaries whose items carry attributes a feature reads (features/cases/settings.ts). */
export const hasAttributes = (typeCode: string | undefined) =>
  typeCode === "case-type" || typeCode === "filing-type";

/** Drops empty attribute fields, so a cleared field is removed rather than stored empty. */
export const cleanAttributes = (attributes: Record<string, unknown> | undefined) =>
  attributes
    ? Object.fromEntries(
        Object.entries(attributes).filter(([, v]) => v !== undefined && v !== null && v !== ""),
      )
    : undefined;

/**
 * A case type's number character; a filing type's pre-filing flag, validity days and the key of
 * the flow it starts (empty: the firm's case flow).
 */
export const ItemAttributes = ({ typeCode }: { typeCode: string | undefined }) => {
  const { t } = useTranslation();
  if (typeCode === "case-type") {
    return (
      <Form.Item
        name={["attributes", "numberChar"]}
        label={t("dictionaries.attributes.numberChar")}
        extra={t("dictionaries.attributes.numberCharHint")}
        rules={[{ max: 2 }]}
      >
        <Input maxLength={2} style={{ width: 120 }} />
      </Form.Item>
    );
  }
  if (typeCode === "filing-type") {
    return (
      <>
        <Form.Item
          name={["attributes", "isPreFiling"]}
          label={t("dictionaries.attributes.isPreFiling")}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name={["attributes", "validityDays"]}
          label={t("dictionaries.attributes.validityDays")}
        >
          <InputNumber min={1} max={3650} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name={["attributes", "workflowKey"]}
          label={t("dictionaries.attributes.workflowKey")}
          extra={t("dictionaries.attributes.workflowKeyHint")}
          rules={[{ max: 100 }]}
        >
          <Input maxLength={100} />
        </Form.Item>
      </>
    );
  }
  return null;
};
