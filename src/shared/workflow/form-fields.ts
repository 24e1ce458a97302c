import type { FieldPerm, FieldPerms, JsonSchema, Operator } from "./model";

/** What a form field is, as far as conditions and assignees care. */
export type FieldType = "number" | "money" | "string" | "enum" | "multi" | "date" | "boolean" | "user" | "users";

export type FormField = { key: string; title: string; type: FieldType; required: boolean; options?: unknown[] };

const optionSource = (s: JsonSchema | undefined): string | undefined => {
  const options = s?.["x-options"];
  if (!options || typeof options !== "object") return undefined;
  const source = (options as { source?: unknown }).source;
  return typeof source === "string" ? source : undefined;
};

const typeOf = (s: JsonSchema): FieldType => {
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

/** The top-level fields of a form schema, in declaration order. */
export const formFields = (form: unknown): FormField[] => {
  if (!form || typeof form !== "object") return [];
  const schema = form as JsonSchema;
  const props = schema.properties;
  if (!props || typeof props !== "object") return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(props)
    .filter(([, s]) => s && typeof s === "object")
    .map(([key, s]) => ({
      key,
      title: typeof s.title === "string" ? s.title : key,
      type: typeOf(s),
      required: required.has(key),
      options: Array.isArray(s.enum) ? s.enum : Array.isArray(s.items?.enum) ? s.items?.enum : undefined,
    }));
};

const EMPTY_OPS: Operator[] = ["isEmpty", "notEmpty"];

/** Operators each field type offers (WORKFLOW.md §1 "Operators"). */
export const OPERATORS_BY_TYPE: Record<FieldType | "dept" | "role", Operator[]> = {
  number: ["eq", "ne", "gt", "gte", "lt", "lte", "between", ...EMPTY_OPS],
  money: ["eq", "ne", "gt", "gte", "lt", "lte", "between", ...EMPTY_OPS],
  string: ["eq", "ne", "contains", "notContains", "in", "notIn", ...EMPTY_OPS],
  enum: ["eq", "ne", "in", "notIn", ...EMPTY_OPS],
  multi: ["containsAny", "containsAll", "notContains", ...EMPTY_OPS],
  date: ["eq", "before", "after", "between", ...EMPTY_OPS],
  boolean: ["eq", ...EMPTY_OPS],
  user: ["in", "notIn", ...EMPTY_OPS],
  users: ["in", "notIn", ...EMPTY_OPS],
  dept: ["in", "notIn", ...EMPTY_OPS],
  role: ["in", "notIn", ...EMPTY_OPS],
};

/** Type of a rule's left side, or undefined when it names nothing. */
export const leftType = (fields: FormField[], left: string): FieldType | "dept" | "role" | undefined => {
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
export const stripHidden = (data: Record<string, unknown>, perms: FieldPerms): Record<string, unknown> =>
  Object.fromEntries(Object.entries(data).filter(([k]) => (perms[k] ?? "hidden") !== "hidden"));

/** The form schema without hidden fields, so the renderer never even learns their names. */
export const stripHiddenSchema = (form: JsonSchema, perms: FieldPerms): JsonSchema => {
  const props = form.properties ?? {};
  const visible = Object.fromEntries(Object.entries(props).filter(([k]) => (perms[k] ?? "hidden") !== "hidden"));
  const required = (form.required ?? []).filter((k) => k in visible);
  return { ...form, properties: visible, required };
};
