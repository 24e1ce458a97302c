import type { RJSFSchema, RJSFValidationError, UiSchema } from "@rjsf/utils";
import type { TFunction } from "i18next";

import {
  type FieldSchema,
  issueMessage,
  type ResourceSchema,
} from "../../shared/schema-vocabulary";
import type { OptionsByField } from "./use-options";
import { appliesTo, type Field } from "./use-schema";

export { schemaValidator } from "./validator";

const widgetOf = (field: Field) => {
  const spec = field.schema["x-options"];
  if (spec?.source === "departments") return "tree";
  if (spec?.items?.some((i) => i.children)) return "cascader";
  if (spec || field.schema.enum) return "choice";
  return undefined;
};

const titled = (schema: FieldSchema, t: TFunction): FieldSchema => {
  const out: FieldSchema = {
    ...schema,
    title: t(schema["x-label"] ?? "", { defaultValue: schema.title ?? "" }),
  };
  if (schema.items?.properties) {
    out.items = {
      ...schema.items,
      title: "",
      properties: Object.fromEntries(
        Object.entries(schema.items.properties).map(([k, s]) => [k, titled(s, t)]),
      ),
    };
  }
  return out;
};

/**
 * A field a feature draws itself (x-ui "ui:field") checks its own inside: without its `required`,
 * rjsf does not invent a value ({ lines: [] }) for an optional object the record leaves empty,
 * which a change reported from the form's first state would write over the loaded value.
 */
const drawn = (schema: FieldSchema): FieldSchema => {
  if (typeof schema["x-ui"]?.["ui:field"] !== "string") return schema;
  const { required: _inside, ...rest } = schema;
  return rest;
};

/**
 * The rjsf schema and uiSchema of one record: read-only fields and fields whose `x-when` does
 * not match are left out, titles are translated labels, and select fields get antd widgets
 * with their choices (dictionaries, members, departments, inline items).
 */
export const formSchemaOf = (
  schema: ResourceSchema,
  fields: Field[],
  record: Record<string, unknown>,
  options: OptionsByField,
  t: TFunction,
) => {
  const shown = fields.filter((f) => !f.schema.readOnly && appliesTo(f, record));
  const { $id: _id, $schema: _schema, ...rest } = schema as ResourceSchema & { $schema?: string };
  const rjsf = {
    ...rest,
    title: "",
    properties: Object.fromEntries(shown.map((f) => [f.key, drawn(titled(f.schema, t))])),
  } as unknown as RJSFSchema;
  const ui: UiSchema = { "ui:submitButtonOptions": { norender: true } };
  for (const f of shown) {
    const own = f.schema["x-ui"] ?? {};
    const entry: Record<string, unknown> = { ...own };
    if (typeof own["ui:placeholder"] === "string")
      entry["ui:placeholder"] = t(own["ui:placeholder"]);
    const widget = widgetOf(f);
    if (widget && own["ui:widget"] !== "hidden") {
      entry["ui:widget"] = widget;
      const source = f.schema["x-options"]?.source;
      entry["ui:options"] = {
        choices: options[f.key] ?? [],
        isRadio: own["ui:widget"] === "radio",
        isMultiple: f.schema.type === "array",
        ...(source?.startsWith("resource:") ? { remote: source.slice("resource:".length) } : {}),
      };
    }
    const itemProps = f.schema.items?.properties;
    if (itemProps) {
      const column = (k: string, s: FieldSchema) => {
        const spec = s["x-options"];
        if (spec?.items)
          return {
            "ui:widget": "choice",
            "ui:options": {
              choices: spec.items.map((i) => ({ value: i.value, label: t(i.label) })),
            },
          };
        // A column naming another record (a party's related client) is a picker of it, not free text.
        if (spec?.source) {
          const remote = spec.source.startsWith("resource:")
            ? { remote: spec.source.slice("resource:".length) }
            : {};
          return {
            "ui:widget": "choice",
            "ui:options": { choices: options[`${f.key}.${k}`] ?? [], ...remote },
          };
        }
        return {};
      };
      entry.items = Object.fromEntries(
        Object.entries(itemProps).map(([k, s]) => [k, column(k, s)]),
      );
    }
    ui[f.key] = entry;
  }
  return { schema: rjsf, uiSchema: ui };
};

const schemaAt = (schema: FieldSchema, path: string[]): FieldSchema | undefined => {
  let node: FieldSchema | undefined = schema;
  for (const part of path) {
    if (!node) return undefined;
    node = /^\d+$/.test(part) ? node.items : node.properties?.[part];
  }
  return node;
};

/** rjsf's errors in the words the server uses (same catalogue, same i18n keys). */
export const localizeErrors =
  (schema: ResourceSchema, t: TFunction) => (errors: RJSFValidationError[]) =>
    errors.flatMap((e) => {
      const path = (e.property ?? "").replace(/^\./, "").split(".").filter(Boolean);
      const missing = e.name === "required" ? String(e.params?.missingProperty ?? "") : "";
      const field = missing && path[path.length - 1] !== missing ? [...path, missing] : path;
      const message = issueMessage({
        keyword: e.name ?? "",
        instancePath: "",
        params: (e.params ?? {}) as Record<string, unknown>,
        parentSchema: schemaAt(schema, field),
      });
      return message ? [{ ...e, message: t(message.key, message.params) }] : [];
    });
