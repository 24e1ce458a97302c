import { Descriptions, Tag } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { formatAs } from "../../../shared/money";
import {
  type FieldPerms,
  fieldLabel,
  type FormField,
  formFields,
  type JsonSchema,
  optionLabel,
} from "../../../shared/workflow";
import { usePickerData } from "../../components/member-picker";
import { AttachmentList } from "./attachment-list";
import type { WorkflowFormContext } from "./form-widgets";

type Values = Record<string, unknown>;

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/**
 * The approval's form as the viewer reads it when they may change none of it: label and value,
 * like a record's details, not read-only inputs that look as if they could be typed in. Empty
 * fields are left out; people, choices, files and money read as they do elsewhere.
 */
export const FormView = ({
  schema,
  perms,
  value,
  only,
  context,
}: {
  schema: JsonSchema;
  perms: FieldPerms;
  value: Values;
  only?: (key: string) => boolean;
  context?: WorkflowFormContext;
}) => {
  const { t, i18n } = useTranslation();
  const { data } = usePickerData(true, true);
  const names = new Map(data.members.map((m) => [m.userId, m.name]));
  const depts = new Map(data.departments.map((d) => [d.id, d.name]));
  const shown = formFields(schema).filter(
    (f) => perms[f.key] !== "hidden" && !isEmpty(value[f.key]) && (only?.(f.key) ?? true),
  );
  if (shown.length === 0) return null;
  const render = (f: FormField, v: unknown): ReactNode => {
    const s = schema.properties?.[f.key] as { "x-format"?: string; format?: string } | undefined;
    // A designer's money field says format "money" (branches route on it); both read as money.
    const shape = s?.["x-format"] ?? (s?.format === "money" ? "money" : undefined);
    if (f.type === "user" || f.type === "users")
      return asList(v).map((id) => <Tag key={String(id)}>{names.get(String(id)) ?? "…"}</Tag>);
    if (f.type === "enum" && f.source === "departments") return depts.get(String(v)) ?? "…";
    if (f.type === "files")
      return context?.instanceId ? (
        <AttachmentList
          instanceId={context.instanceId}
          ids={asList(v).map(String)}
          files={context.files ?? {}}
        />
      ) : null;
    if (f.type === "dateRange") return asList(v).join(" ~ ");
    if (typeof v === "boolean") return t(v ? "schemaUi.yes" : "schemaUi.no");
    if (f.options)
      return asList(v)
        .map((o) => optionLabel(f.optionLabels, o, i18n.language))
        .join(t("recordTabs.history.separator"));
    if (shape && (typeof v === "string" || typeof v === "number")) return formatAs(shape, v);
    return <span className="wf-form-text">{String(v)}</span>;
  };
  return (
    <Descriptions
      className="wf-form-view"
      size="small"
      column={1}
      items={shown.map((f) => ({
        key: f.key,
        label: fieldLabel(f, i18n.language),
        children: render(f, value[f.key]),
      }))}
    />
  );
};

/** The form cut down to the fields the viewer may change now (the rest is shown by FormView). */
export const editableSchema = (schema: JsonSchema, keys: string[]): JsonSchema => ({
  ...schema,
  properties: Object.fromEntries(
    Object.entries(schema.properties ?? {}).filter(([k]) => keys.includes(k)),
  ),
  required: (Array.isArray(schema.required) ? schema.required : []).filter((k) => keys.includes(k)),
});
