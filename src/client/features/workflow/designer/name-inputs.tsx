import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";

import { type I18nText } from "../../../../shared/workflow";

/** A step's or branch's name as the designer keeps it: one entry per language. */
const pairOf = (value: I18nText): { "zh-CN": string; en: string } =>
  typeof value === "string"
    ? { "zh-CN": value, en: "" }
    : { "zh-CN": value["zh-CN"] ?? "", en: value.en ?? "" };

/**
 * The name of a step or branch in Chinese and in English, as form-field labels are given: each
 * language shows its own and falls back to the other when it is empty. The label names the
 * Chinese box (what existing definitions hold, as plain text).
 */
export const NameInputs = ({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: I18nText;
  onChange: (name: I18nText) => void;
}) => {
  const { t } = useTranslation();
  const pair = pairOf(value);
  return (
    <>
      <Form.Item label={label} htmlFor={id} extra={t("workflow.designer.nameZhHint")}>
        <Input
          id={id}
          value={pair["zh-CN"]}
          placeholder={t("workflow.designer.nameZh")}
          maxLength={50}
          onChange={(e) => onChange({ ...pair, "zh-CN": e.target.value })}
        />
      </Form.Item>
      <Form.Item
        label={t("workflow.designer.nameEn")}
        htmlFor={`${id}-en`}
        extra={t("workflow.designer.nameEnHint")}
      >
        <Input
          id={`${id}-en`}
          value={pair.en}
          maxLength={50}
          onChange={(e) => onChange({ ...pair, en: e.target.value })}
        />
      </Form.Item>
    </>
  );
};
