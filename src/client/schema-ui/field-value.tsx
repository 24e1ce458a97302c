import { useQuery } from "@tanstack/react-query";
import { Skeleton, Tag } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { formatAs } from "../../shared/money";
import { FileLinks } from "../components/file-links";
import { firmTime } from "../lib/firm-time";
import { api } from "../lib/api";
import { fieldViewOf } from "./custom-fields";
import type { Choice } from "./use-options";
import { labelOf } from "./use-options";
import { ObjectTable } from "./object-table";
import type { Field } from "./use-schema";

/** A row of another resource beyond the first page of choices, named by its own answer. */
const ResourceName = ({ resource, id }: { resource: string; id: string }) => {
  const { data, isError } = useQuery({
    queryKey: ["schema-options-name", resource, id],
    queryFn: async () =>
      (await api.get<{ name?: string }>(`/${resource}/${id}`, { skipErrorHandler: true })).name ??
      id,
    staleTime: 60_000,
    retry: false,
  });
  // Gone or out of the viewer's scope: the id is all there is to show.
  if (isError) return id;
  return data ?? <Skeleton.Input active size="small" className="schema-value-loading" />;
};

const isCascade = (field: Field) =>
  field.schema["x-filter"] === 6 ||
  Boolean(field.schema["x-options"]?.items?.some((i) => i.children));

/** A stored value as people read it: labels for choices, local dates, tags for multi-selects. */
export const FieldValue = ({
  field,
  value,
  choices,
}: {
  field: Field;
  value: unknown;
  choices?: Choice[];
}): ReactNode => {
  const { t } = useTranslation();
  if (
    value === null ||
    value === undefined ||
    value === "" ||
    (Array.isArray(value) && value.length === 0)
  ) {
    return <span className="schema-empty">{t("schemaUi.notSet")}</span>;
  }
  const s = field.schema;
  const View = fieldViewOf(s["x-ui"]?.["ui:field"]);
  if (View) return <View value={value} />;
  if (s["x-format"] && (typeof value === "string" || typeof value === "number"))
    return formatAs(s["x-format"], value);
  if (s.format === "date-time") return firmTime(String(value));
  if (s["x-ui"]?.["ui:widget"] === "attachments") return <FileLinks ids={value} />;
  if (typeof value === "boolean") return t(value ? "schemaUi.yes" : "schemaUi.no");
  if (s.type === "array" && s.items?.type === "object")
    return <ObjectTable field={field} value={value as Record<string, unknown>[]} />;
  if (!choices && s["x-options"]?.source)
    return <Skeleton.Input active size="small" className="schema-value-loading" />;
  if (!choices) return String(value);
  const resource = s["x-options"]?.source?.startsWith("resource:")
    ? s["x-options"].source.slice("resource:".length)
    : undefined;
  if (resource && typeof value === "string" && !choices.some((c) => c.value === value))
    return <ResourceName resource={resource} id={value} />;
  if (Array.isArray(value) && !isCascade(field)) {
    return value.map((v) => <Tag key={String(v)}>{labelOf(choices, v)}</Tag>);
  }
  return labelOf(choices, value, " / ");
};
