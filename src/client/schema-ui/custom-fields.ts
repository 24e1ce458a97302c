import type { Field } from "@rjsf/utils";
import type { ComponentType } from "react";

/**
 * Fields a feature draws itself (a schema property with x-ui "ui:field": "<name>"): the form's
 * editor and, optionally, how the detail shows the stored value. schema-ui imports no feature,
 * so the route list (src/client/routes.tsx) registers them when the app loads.
 */
export type CustomField = { edit: Field; show?: ComponentType<{ value: unknown }> };

/** rjsf's `fields`, by ui:field name. */
export const FORM_FIELDS: Record<string, Field> = {};
const views = new Map<string, ComponentType<{ value: unknown }>>();

export const registerFormField = (name: string, field: CustomField) => {
  FORM_FIELDS[name] = field.edit;
  if (field.show) views.set(name, field.show);
};

/** A custom field takes the form's whole row, like a nested object. */
export const customFieldSpans = () =>
  Object.fromEntries(Object.keys(FORM_FIELDS).map((name) => [name, 24]));

export const fieldViewOf = (name: unknown) =>
  typeof name === "string" ? views.get(name) : undefined;
