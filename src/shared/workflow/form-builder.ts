import { orderedProperties } from "./form-fields";
import type { Definition, FlowNode, JsonSchema } from "./model";
import { optionLabelsOf, withEnglishOptionLabels } from "./option-labels";

/**
 * The designer's field builder works on the form's JSON schema itself (one source of truth for
 * the builder and the JSON view): each field is one property, in order, built from a template
 * per field type in the vocabulary formFields() reads back (format money, x-options users, …).
 */
export const BUILDER_TYPES = [
  "text",
  "textarea",
  "number",
  "money",
  "date",
  "dateRange",
  "select",
  "multiSelect",
  "member",
  "department",
  "attachment",
  "boolean",
] as const;
export type BuilderType = (typeof BUILDER_TYPES)[number];
/** A property the builder does not recognise: kept as written, edited in the JSON view. */
export type FieldKind = BuilderType | "custom";

/** Decimal strings with at most 12 integer and 2 fraction digits (the server's `money` format). */
export const MONEY_PATTERN = "^-?\\d{1,12}(\\.\\d{1,2})?$";
export const KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export type FieldLabel = { "zh-CN": string; en: string };
export type BuilderField = {
  key: string;
  kind: FieldKind;
  required: boolean;
  label: FieldLabel;
  options: string[];
  optionsEn: string[];
  multiple: boolean;
  schema: JsonSchema;
};

const USERS = { source: "users" };
const DEPARTMENTS = { source: "departments" };
const sourceOf = (s: JsonSchema | undefined) =>
  (s?.["x-options"] as { source?: unknown } | undefined)?.source;

/** The schema a field of this type starts from (options for selects, several people for member). */
export const templateOf = (
  kind: BuilderType,
  opts: { options?: string[]; multiple?: boolean } = {},
): JsonSchema => {
  const options = opts.options ?? [];
  switch (kind) {
    case "text":
      return { type: "string", maxLength: 200 };
    case "textarea":
      return { type: "string", maxLength: 2000, "x-ui": { "ui:widget": "textarea" } };
    case "number":
      return { type: "number" };
    case "money":
      return { type: "string", format: "money", pattern: MONEY_PATTERN };
    case "date":
      return { type: "string", format: "date" };
    case "dateRange":
      return {
        type: "array",
        "x-type": "dateRange",
        items: { type: "string", format: "date" },
        minItems: 2,
        maxItems: 2,
      };
    case "select":
      return { type: "string", enum: options };
    case "multiSelect":
      return { type: "array", items: { type: "string", enum: options }, uniqueItems: true };
    case "member":
      return opts.multiple
        ? {
            type: "array",
            items: { type: "string", format: "uuid", "x-options": USERS },
            uniqueItems: true,
          }
        : { type: "string", format: "uuid", "x-options": USERS };
    case "department":
      return { type: "string", format: "uuid", "x-options": DEPARTMENTS };
    case "attachment":
      return {
        type: "array",
        "x-type": "attachments",
        items: { type: "string", format: "uuid" },
        maxItems: 20,
      };
    default:
      return { type: "boolean" };
  }
};

/** Which builder type a property is, or `custom` when it was written by hand in another shape. */
export const kindOf = (s: JsonSchema): FieldKind => {
  if (s["x-type"] === "dateRange") return "dateRange";
  if (s["x-type"] === "attachments") return "attachment";
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type;
  if (type === "boolean") return "boolean";
  if (type === "number" || type === "integer") return "number";
  if (type === "array") {
    if (sourceOf(s.items) === "users") return "member";
    if (Array.isArray(s.items?.enum)) return "multiSelect";
    return "custom";
  }
  if (type !== "string" && !(type === undefined && Array.isArray(s.enum))) return "custom";
  if (s.format === "money" || s["x-type"] === "money") return "money";
  if (s.format === "date") return "date";
  if (sourceOf(s) === "users") return "member";
  if (sourceOf(s) === "departments") return "department";
  if (Array.isArray(s.enum)) return "select";
  if (s.format === "date-time" || sourceOf(s)) return "custom";
  const widget = (s["x-ui"] as Record<string, unknown> | undefined)?.["ui:widget"];
  return widget === "textarea" ? "textarea" : "text";
};

const labelOf = (s: JsonSchema, key: string): FieldLabel => {
  const x = s["x-label"];
  if (x && typeof x === "object" && !Array.isArray(x)) {
    const l = x as Partial<FieldLabel>;
    return { "zh-CN": l["zh-CN"] ?? "", en: l.en ?? "" };
  }
  return { "zh-CN": typeof s.title === "string" ? s.title : key, en: "" };
};

const props = (form: JsonSchema) =>
  form.properties && typeof form.properties === "object" ? form.properties : {};
const entriesOf = (form: JsonSchema) => orderedProperties(form);

/** The form's fields as the builder lists them, in order. */
export const builderFields = (form: JsonSchema): BuilderField[] => {
  const required = new Set(Array.isArray(form.required) ? form.required : []);
  return entriesOf(form)
    .filter(([, s]) => s && typeof s === "object")
    .map(([key, s]) => {
      const kind = kindOf(s);
      const options = (kind === "multiSelect" ? s.items?.enum : s.enum) ?? [];
      return {
        key,
        kind,
        required: required.has(key),
        label: labelOf(s, key),
        options: options.map(String),
        optionsEn: options.map((o) => optionLabelsOf(s)[String(o)]?.en ?? ""),
        multiple: kind === "member" && s.type === "array",
        schema: s,
      };
    });
};

/** The form with these fields in this order; `x-order` keeps the order through jsonb storage. */
const withProps = (
  form: JsonSchema,
  entries: [string, JsonSchema][],
  required: string[],
): JsonSchema => {
  const next: JsonSchema = {
    ...form,
    type: "object",
    properties: Object.fromEntries(entries),
    "x-order": entries.map(([k]) => k),
  };
  if (required.length > 0) next.required = required;
  else delete next.required;
  return next;
};

const requiredOf = (form: JsonSchema) => (Array.isArray(form.required) ? form.required : []);

const patchField = (
  form: JsonSchema,
  key: string,
  change: (s: JsonSchema) => JsonSchema,
): JsonSchema =>
  withProps(
    form,
    entriesOf(form).map(([k, s]) => [k, k === key ? change(s) : s]),
    requiredOf(form),
  );

/** Title (the zh-CN label, else the English one, else the key) and the per-language labels. */
const labelled = (s: JsonSchema, key: string, label: FieldLabel): JsonSchema => ({
  ...s,
  title: label["zh-CN"] || label.en || key,
  "x-label": { "zh-CN": label["zh-CN"], en: label.en },
});

/** The next free key "fieldN". */
export const freeKey = (form: JsonSchema) => {
  const used = new Set(Object.keys(props(form)));
  let n = used.size + 1;
  while (used.has(`field${n}`)) n += 1;
  return `field${n}`;
};

export const addField = (
  form: JsonSchema,
  kind: BuilderType,
  label: FieldLabel,
): { form: JsonSchema; key: string } => {
  const key = freeKey(form);
  const schema = labelled(templateOf(kind), key, label);
  return { key, form: withProps(form, [...entriesOf(form), [key, schema]], requiredOf(form)) };
};

export const removeField = (form: JsonSchema, key: string): JsonSchema =>
  withProps(
    form,
    entriesOf(form).filter(([k]) => k !== key),
    requiredOf(form).filter((k) => k !== key),
  );

/** Moves the field at `from` to index `to` (drag and drop, or one step up or down). */
export const moveField = (form: JsonSchema, from: number, to: number): JsonSchema => {
  const entries = entriesOf(form);
  if (from < 0 || from >= entries.length || to < 0 || to >= entries.length || from === to)
    return form;
  const [moved] = entries.splice(from, 1);
  entries.splice(to, 0, moved);
  return withProps(form, entries, requiredOf(form));
};

/** Why a key cannot be used: "invalid" (letters, digits, _; not starting with a digit) or "taken". */
export const keyProblem = (
  form: JsonSchema,
  oldKey: string,
  key: string,
): "invalid" | "taken" | undefined => {
  if (!KEY_PATTERN.test(key)) return "invalid";
  if (key !== oldKey && key in props(form)) return "taken";
  return undefined;
};

export const renameField = (form: JsonSchema, oldKey: string, key: string): JsonSchema =>
  withProps(
    form,
    entriesOf(form).map(([k, s]) => [k === oldKey ? key : k, s]),
    requiredOf(form).map((k) => (k === oldKey ? key : k)),
  );

export const setFieldLabel = (form: JsonSchema, key: string, label: FieldLabel) =>
  patchField(form, key, (s) => labelled(s, key, label));

export const setFieldRequired = (form: JsonSchema, key: string, required: boolean): JsonSchema => {
  const rest = requiredOf(form).filter((k) => k !== key);
  // Keep `required` in field order, so the JSON view reads like the list.
  const next = required
    ? entriesOf(form)
        .map(([k]) => k)
        .filter((k) => k === key || rest.includes(k))
    : rest;
  return withProps(form, entriesOf(form), next);
};

/** A new type replaces the field's schema with that type's template; the labels stay. */
export const setFieldKind = (form: JsonSchema, key: string, kind: BuilderType): JsonSchema =>
  patchField(form, key, (s) => {
    const old = builderFields({ type: "object", properties: { [key]: s } })[0];
    const keepOptions = kind === "select" || kind === "multiSelect" ? old.options : undefined;
    const next = labelled(templateOf(kind, { options: keepOptions }), key, old.label);
    return keepOptions ? withEnglishOptionLabels(next, old.options, old.optionsEn) : next;
  });

export const setFieldOptions = (form: JsonSchema, key: string, options: string[]): JsonSchema =>
  patchField(form, key, (s) => {
    const unique = [...new Set(options.map((o) => o.trim()).filter(Boolean))];
    const next =
      s.type === "array" ? { ...s, items: { ...s.items, enum: unique } } : { ...s, enum: unique };
    // An option keeps its English label while it stays; a removed one's label goes with it.
    const labels = optionLabelsOf(s);
    return withEnglishOptionLabels(
      next,
      unique,
      unique.map((v) => labels[v]?.en ?? ""),
    );
  });

/** English labels of a select's options, in the options' order. */
export const setFieldOptionsEn = (form: JsonSchema, key: string, english: string[]): JsonSchema =>
  patchField(form, key, (s) => {
    const options = ((s.type === "array" ? s.items?.enum : s.enum) ?? []).map(String);
    return withEnglishOptionLabels(s, options, english);
  });

/** One person or several, for a member field. */
export const setFieldMultiple = (form: JsonSchema, key: string, multiple: boolean): JsonSchema =>
  patchField(form, key, (s) => labelled(templateOf("member", { multiple }), key, labelOf(s, key)));

const mapNodes = (nodes: FlowNode[], fn: (n: FlowNode) => FlowNode): FlowNode[] =>
  nodes.map((n) => {
    const out = fn(n);
    return out.type === "exclusive" || out.type === "parallel"
      ? ({
          ...out,
          branches: out.branches.map((b) => ({ ...b, nodes: mapNodes(b.nodes, fn) })),
        } as FlowNode)
      : out;
  });

const renameKeys = <V>(
  record: Record<string, V>,
  from: string,
  to: string | null,
): Record<string, V> =>
  Object.fromEntries(
    Object.entries(record).flatMap(([k, v]) =>
      k !== from ? [[k, v]] : to === null ? [] : [[to, v]],
    ),
  );

/**
 * Follows a key change through the flow: field permissions, condition rules and "person chosen
 * in the form" assignees. A removed field (`to` null) loses its permissions; rules naming it
 * stay, so the validator points at the conditions that need another field.
 */
export const renameFieldRefs = (def: Definition, from: string, to: string | null): Definition => {
  const assignee = <A extends { kind: string; field?: string }>(a: A | undefined): A | undefined =>
    a && a.kind === "formUser" && a.field === from && to !== null ? { ...a, field: to } : a;
  return {
    ...def,
    start: { ...def.start, fields: renameKeys(def.start.fields, from, to) },
    nodes: mapNodes(def.nodes, (n) => {
      switch (n.type) {
        case "approval":
        case "handler":
          return { ...n, fields: renameKeys(n.fields, from, to), assignees: assignee(n.assignees) };
        case "cc":
          return {
            ...n,
            fields: renameKeys(n.fields, from, to),
            recipients: assignee(n.recipients),
          };
        case "exclusive":
          return to === null
            ? n
            : {
                ...n,
                branches: n.branches.map((b) =>
                  b.when === "default"
                    ? b
                    : {
                        ...b,
                        when: b.when.map((g) =>
                          g.map((r) => (r.left === from ? { ...r, left: to } : r)),
                        ),
                      },
                ),
              };
        default:
          return n;
      }
    }),
  };
};
