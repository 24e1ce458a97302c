import { useCustom } from "@refinedev/core";
import { useMemo } from "react";

import type { TFunction } from "i18next";

import { type FieldSchema, fieldLabel, type ResourceSchema } from "../../shared/schema-vocabulary";

export type Field = { key: string; schema: FieldSchema };

const isResourceSchema = (value: unknown): value is ResourceSchema =>
  typeof value === "object" && value !== null && "properties" in value;

/**
 * A resource's schema as the server loaded it (GET /api/schemas/<name>): an admin's edit to the
 * schema file shows after a server restart, without rebuilding the SPA.
 */
export const useResourceSchema = (resource: string) => {
  const { result, query } = useCustom<ResourceSchema>({
    url: `/api/schemas/${resource}`,
    method: "get",
    queryOptions: { staleTime: Infinity },
  });
  const raw: unknown = result?.data;
  const schema = isResourceSchema(raw) ? raw : undefined;
  const fields = useMemo<Field[]>(
    () => (schema ? Object.entries(schema.properties).map(([key, s]) => ({ key, schema: s })) : []),
    [schema],
  );
  return { schema, fields, isLoading: query.isLoading };
};

/** Whether a field applies to a record (its `x-when` matches, e.g. organization-only fields). */
export const appliesTo = (field: Field, record: Record<string, unknown> | undefined) =>
  !field.schema["x-when"] ||
  Object.entries(field.schema["x-when"]).every(([k, v]) => record?.[k] === v);

export const listFields = (fields: Field[]) =>
  fields
    .filter((f) => f.schema["x-list"])
    .sort((a, b) => (a.schema["x-list"]?.order ?? 0) - (b.schema["x-list"]?.order ?? 0));

export const filterFields = (fields: Field[]) => fields.filter((f) => f.schema["x-filter"]);

export const isHidden = (field: Field) => field.schema["x-ui"]?.["ui:widget"] === "hidden";

/** A field's label in the reader's language: its x-label, else its title, never its raw key. */
export const fieldLabelOf = (t: TFunction, field: Field) =>
  fieldLabel((key, options) => t(key, options), field.key, field.schema);
