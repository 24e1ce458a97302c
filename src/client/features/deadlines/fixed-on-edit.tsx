import { Descriptions, Form, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";

import type { KeyDate } from "./types";

/**
 * What a key date is (type, source, rule) shown as text while it is corrected: these stay, so
 * they are not offered as (disabled) controls. The hidden items keep them in the form's values,
 * which choose the fields and drive the preview.
 */
export const FixedOnEdit = ({
  row,
  typeLabel,
  ruleLabel,
}: {
  row: KeyDate;
  typeLabel: string;
  ruleLabel: string;
}) => {
  const { t } = useTranslation();
  return (
    <>
      {(["deadlineType", "source", "ruleCode"] as const).map((name) => (
        <Form.Item key={name} name={name} hidden>
          <Input />
        </Form.Item>
      ))}
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: "type", label: t("deadlines.fields.deadlineType"), children: typeLabel },
          {
            key: "source",
            label: t("deadlines.fields.source"),
            children: t(`deadlines.sources.${row.source}`),
          },
          ...(row.ruleCode
            ? [
                {
                  key: "rule",
                  label: t("deadlines.fields.ruleCode"),
                  children: ruleLabel || row.ruleCode,
                },
              ]
            : []),
        ]}
      />
      <Typography.Paragraph type="secondary" className="deadlines-fixed-hint">
        {t("deadlines.keyDates.fixedOnEdit")}
      </Typography.Paragraph>
    </>
  );
};
