import {
  type FieldPerm,
  type FieldPerms,
  type I18nText,
  type JsonSchema,
  type Operator,
  textOf,
} from "./model";
import { type OptionLabels, optionLabelsOf } from "./option-labels";

/** What a form field is, as far as conditions and assignees care. */
export type FieldType =
  | "number"
  | "money"
  | "string"
  | "enum"
  | "multi"
  | "date"
  | "dateRange"
  | "boolean"
  | "user"
  | "users"
  | "files";

export type FormField = {
  key: string;
  title: string;
  type: FieldType;
  required: boolean;
  options?: unknown[];
  /** Where a select's choices come from (`users`, `departments`), when not inline. */
  source?: string;
  /** The label in each language (`x-label: {"zh-CN", "en"}`), when the form gives one. */
  label?: I18nText;
  /** The options' labels per language (`x-enum-labels`), when the form gives them. */
  optionLabels?: OptionLabels;
};

const optionSource = (s: JsonSchema | undefined): string | undefined => {
  const options = s?.["x-options"];
  if (!options || typeof options !== "object") return undefined;
  const source = (options as { source?: unknown }).source;
  return typeof source === "string" ? source : undefined;
};

const typeOf = (s: JsonSchema): FieldType => {
  // Composite types the field builder writes name themselves: a date range, uploaded files.
  if (s["x-type"] === "dateRange") return "dateRange";
  if (s["x-type"] === "attachments") return "files";
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  if (type === "number" || type === "integer") return "number";
  if (type === "boolean") return "boolean";
  if (type === "array") {
    return optionSource(s.items) === "users" ? "users" : "multi";
  }
  if (s.format === "money" || s["x-type"] === "money") return "money";
  if (s.format === "date" || s.format === "date-time") return "date";
  const source = optionSource(s);
  if (source === "users") return "user";
  if (s.enum || source) return "enum";
  return "string";
};

/**
 * A form's properties in their order: the order `x-order` lists (PostgreSQL's jsonb keeps an
 * object's keys sorted, not as written, so the order is kept in an array), then any others.
 */
export const orderedProperties = (schema: JsonSchema): [string, JsonSchema][] => {
  const props = schema.properties;
  if (!props || typeof props !== "object") return [];
  const order = Array.isArray(schema["x-order"])
    ? (schema["x-order"] as unknown[]).filter(
        (k): k is string => typeof k === "string" && k in props,
      )
    : [];
  const rest = Object.keys(props).filter((k) => !order.includes(k));
  return [...new Set(order), ...rest].map((k) => [k, props[k]]);
};

/** The top-level fields of a form schema, in their order (see orderedProperties). */
export const formFields = (form: unknown): FormField[] => {
  if (!form || typeof form !== "object") return [];
  const schema = form as JsonSchema;
  const props = schema.properties;
  if (!props || typeof props !== "object") return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return orderedProperties(schema)
    .filter(([, s]) => s && typeof s === "object")
    .map(([key, s]) => ({
      key,
      title: typeof s.title === "string" ? s.title : key,
      type: typeOf(s),
      required: required.has(key),
      options: Array.isArray(s.enum)
        ? s.enum
        : Array.isArray(s.items?.enum)
          ? s.items?.enum
          : undefined,
      ...((optionSource(s) ?? optionSource(s.items))
        ? { source: optionSource(s) ?? optionSource(s.items) }
        : {}),
      ...(isLabel(s["x-label"]) ? { label: s["x-label"] } : {}),
      ...(Object.keys(optionLabelsOf(s)).length > 0 ? { optionLabels: optionLabelsOf(s) } : {}),
    }));
};

/** Admin-written forms label a field per language as `x-label: {"zh-CN": …, "en": …}`. */
const isLabel = (v: unknown): v is I18nText =>
  !!v &&
  typeof v === "object" &&
  !Array.isArray(v) &&
  Object.values(v).every((x) => typeof x === "string");

/** A field's label in one language: its x-label, else its title, else its key. */
export const fieldLabel = (
  field: Pick<FormField, "key" | "title" | "label">,
  lang: string,
): string => (field.label ? textOf(field.label, lang) : "") || field.title || field.key;

const EMPTY_OPS: Operator[] = ["isEmpty", "notEmpty"];

/** Operators each field type offers. */
export const OPERATORS_BY_TYPE: Record<FieldType | "dept" | "role", Operator[]> = {
  number: ["eq", "ne", "gt", "gte", "lt", "lte", "between", ...EMPTY_OPS],
  money: ["eq", "ne", "gt", "gte", "lt", "lte", "between", ...EMPTY_OPS],
  string: ["eq", "ne", "contains", "notContains", "in", "notIn", ...EMPTY_OPS],
  enum: ["eq", "ne", "in", "notIn", ...EMPTY_OPS],
  multi: ["containsAny", "containsAll", "notContains", ...EMPTY_OPS],
  date: ["eq", "before", "after", "between", ...EMPTY_OPS],
  dateRange: [...EMPTY_OPS],
  boolean: ["eq", ...EMPTY_OPS],
  files: [...EMPTY_OPS],
  user: ["in", "notIn", ...EMPTY_OPS],
  users: ["in", "notIn", ...EMPTY_OPS],
  dept: ["in", "notIn", ...EMPTY_OPS],
  role: ["in", "notIn", ...EMPTY_OPS],
};

/** Type of a rule's left side, or undefined when it names nothing. */
export const leftType = (
  fields: FormField[],
  left: string,
): FieldType | "dept" | "role" | undefined => {
  if (left === "initiator.dept") return "dept";
  if (left === "initiator.role") return "role";
  return fields.find((f) => f.key === left)?.type;
};

const RANK: Record<FieldPerm, number> = { hidden: 0, read: 1, edit: 2 };

/** The most open of several permissions (edit > read > hidden). */
export const widestPerm = (perms: FieldPerm[]): FieldPerm =>
  perms.reduce<FieldPerm>((a, b) => (RANK[b] > RANK[a] ? b : a), "hidden");

/** Permission of every field at one node: missing means `edit` at start, `read` elsewhere. */
export const permsAt = (fields: FormField[], perms: FieldPerms, isStart: boolean): FieldPerms =>
  Object.fromEntries(fields.map((f) => [f.key, perms[f.key] ?? (isStart ? "edit" : "read")]));

/** Merges several nodes' permissions for one viewer (the most open wins). */
export const mergePerms = (fields: FormField[], list: FieldPerms[]): FieldPerms =>
  Object.fromEntries(fields.map((f) => [f.key, widestPerm(list.map((p) => p[f.key] ?? "hidden"))]));

/** The form data without the fields the viewer may not see. */
export const stripHidden = (
  data: Record<string, unknown>,
  perms: FieldPerms,
): Record<string, unknown> =>
  Object.fromEntries(Object.entries(data).filter(([k]) => (perms[k] ?? "hidden") !== "hidden"));

/** The form schema without hidden fields, so the renderer never even learns their names. */
export const stripHiddenSchema = (form: JsonSchema, perms: FieldPerms): JsonSchema => {
  const props = form.properties ?? {};
  const visible = Object.fromEntries(
    Object.entries(props).filter(([k]) => (perms[k] ?? "hidden") !== "hidden"),
  );
  const required = (form.required ?? []).filter((k) => k in visible);
  return { ...form, properties: visible, required };
};
