import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Form, Input, InputNumber } from "antd";
import { useTranslation } from "react-i18next";

import "./seals.css";

export type Recipient = { name: string; copies: number };

/**
 * A seal request's recipients: each one named, with the copies they receive; at least
 * one, at most twenty, no name twice (the server checks the same).
 */
export const RecipientsField = () => {
  const { t } = useTranslation();
  const atLeastOne = async (_: unknown, list?: Recipient[]) => {
    if (!list || list.length === 0) throw new Error(t("seals.errors.recipientsRequired"));
  };
  return (
    <Form.List name="recipients" rules={[{ validator: atLeastOne }]}>
      {(fields, { add, remove }, { errors }) => (
        <fieldset className="seal-recipients" aria-label={t("seals.requestFields.recipients")}>
          <legend className="seal-recipients-legend">{t("seals.requestFields.recipients")}</legend>
          {fields.map((field, i) => (
            <div key={field.key} className="seal-recipient-row">
              <Form.Item
                name={[field.name, "name"]}
                className="seal-recipient-name"
                rules={[
                  { required: true, whitespace: true, message: t("contracts.form.required") },
                  { max: 200 },
                ]}
              >
                <Input
                  aria-label={t("seals.form.recipientName", { n: i + 1 })}
                  placeholder={t("seals.form.recipientPlaceholder")}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, "copies"]}
                rules={[{ required: true, message: t("contracts.form.required") }]}
              >
                <InputNumber
                  aria-label={t("seals.form.recipientCopies", { n: i + 1 })}
                  min={1}
                  max={999}
                  precision={0}
                  addonAfter={t("seals.form.copiesUnit")}
                  style={{ width: 140 }}
                />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t("seals.form.removeRecipient", { n: i + 1 })}
                disabled={fields.length === 1}
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ name: "", copies: 1 })}
            disabled={fields.length >= 20}
          >
            {t("seals.form.addRecipient")}
          </Button>
          <Form.ErrorList errors={errors} />
        </fieldset>
      )}
    </Form.List>
  );
};
