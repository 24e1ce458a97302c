import type { BaseRecord } from "@refinedev/core";
import { Descriptions } from "antd";
import { useTranslation } from "react-i18next";

import { FieldValue } from "./field-value";
import { useOptions } from "./use-options";
import { appliesTo, type Field, isHidden, fieldLabelOf, useResourceSchema } from "./use-schema";

/** Every field of a record that applies to it, labelled from the schema, as a Descriptions panel. */
export const SchemaShow = ({
  resource,
  record,
  columns = 3,
  only,
}: {
  resource: string;
  record: BaseRecord;
  columns?: number;
  only?: (field: Field) => boolean;
}) => {
  const { t } = useTranslation();
  const { fields } = useResourceSchema(resource);
  const options = useOptions(fields);
  const shown = fields.filter((f) => !isHidden(f) && appliesTo(f, record) && (only?.(f) ?? true));
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: Math.min(2, columns), lg: columns, xl: columns, xxl: columns }}
      items={shown.map((f) => ({
        key: f.key,
        label: fieldLabelOf(t, f),
        span: f.schema.type === "array" && f.schema.items?.type === "object" ? columns : 1,
        children: <FieldValue field={f} value={record[f.key]} choices={options[f.key]} />,
      }))}
    />
  );
};
