import type Ajv from "ajv";

import { comparableName } from "./compare-text";
import { MEMBER_FORMATS } from "./validators";
import { CALENDAR_FORMATS } from "./calendar-dates";

/**
 * The `x-` keywords of schemas/<resource>.schema.json and the seed's validation
 * Catalogue, registered on the server's ajv and on the browser's rjsf validator so a
 * field is rejected by exactly the same rule, with exactly the same message key, on both sides.
 */

/** Filter bar field types, numbered as in the seed. */
export const FILTER_TYPES = {
  text: 1,
  select: 2,
  multiSelect: 3,
  date: 4,
  dateRange: 5,
  cascade: 6,
  tree: 7,
  numberRange: 8,
} as const;

export type FilterType = (typeof FILTER_TYPES)[keyof typeof FILTER_TYPES];

export type OptionItem = { value: string; label: string; children?: OptionItem[] };

/** `x-options`: where a select gets its choices; `items` are inline (labels are i18n keys). */
export type OptionsSpec = { source?: string; items?: OptionItem[] };

export type FieldSchema = {
  type?: string | string[];
  title?: string;
  format?: string;
  enum?: unknown[];
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
  required?: string[];
  readOnly?: boolean;
  maxLength?: number;
  minLength?: number;
  "x-label"?: string;
  "x-storage"?: "column";
  "x-list"?: { order: number; width?: number };
  "x-filter"?: FilterType;
  "x-ui"?: Record<string, unknown>;
  "x-options"?: OptionsSpec;
  /** Shown and accepted only when the record matches, e.g. `{accountType: "organization"}`. */
  "x-when"?: Record<string, string>;
  /** No two records of the firm may hold the same value ("duplicate value"). */
  "x-unique"?: boolean;
  "x-decimal"?: { integer: number; fraction: number };
  /** How a stored value reads: `money` ¥1,234,567.00, `percent` 35.00% (src/shared/money.ts). */
  "x-format"?: ValueFormat;
  "x-length"?: number;
  "x-exclude"?: string;
  "x-unique-by"?: string;
};

/** The `x-format` values: every screen, export and PDF reads a marked field through src/shared/money.ts. */
export const VALUE_FORMATS = ["money", "percent"] as const;
export type ValueFormat = (typeof VALUE_FORMATS)[number];

/** A key as words, for labels nothing else names: `court-level` / `courtLevel` → "Court level". */
export const humanizeKey = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_.]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

type Translate = (key: string, options: { defaultValue: string }) => string;

/**
 * A field's label: its `x-label` key in the reader's language, else its `title` (the same in both
 * languages: a schema may name a field once, in words), else its key as words. Never a raw key.
 */
export const fieldLabel = (t: Translate, key: string, schema: FieldSchema) => {
  const fallback = schema.title ?? humanizeKey(key);
  return schema["x-label"] ? t(schema["x-label"], { defaultValue: fallback }) : fallback;
};

/** `x-date-order` (on the record): `start` may not be later than `end`; both fields get the message. */
export type DateOrder = { start: string; end: string };

/** The message keys of a broken date order, one per field. */
export const DATE_ORDER_KEYS = {
  start: "validation.startAfterEnd",
  end: "validation.endBeforeStart",
} as const;

/** True when both dates are set and start is after end (ISO dates compare as strings). */
export const isDateOrderBroken = (data: unknown, spec: DateOrder) => {
  if (!data || typeof data !== "object") return false;
  const start = (data as Record<string, unknown>)[spec.start];
  const end = (data as Record<string, unknown>)[spec.end];
  return (
    typeof start === "string" &&
    typeof end === "string" &&
    start !== "" &&
    end !== "" &&
    start > end
  );
};

export type ResourceSchema = FieldSchema & {
  $id: string;
  properties: Record<string, FieldSchema>;
  /** CASL subject guarding the resource's routes and pages. */
  "x-subject": string;
  /** i18n key of the record's title field for detail pages (defaults to `name`). */
  "x-title"?: string;
  /** Where the entity appears when no hand-written screen serves it (README "Screens from the schema"). */
  "x-menu"?: SchemaMenu;
};

export const MENU_VIEWS = ["list", "show", "create", "edit", "import", "export"] as const;
export type MenuView = (typeof MENU_VIEWS)[number];

/** `x-menu`: menu group and order, an @ant-design/icons name, the label key and the views served. */
export type SchemaMenu = {
  group?: string;
  order?: number;
  icon?: string;
  label?: string;
  subject: string;
  views: MenuView[];
};

/** What GET /api/schemas lists: one entry per schema that declares `x-menu`. */
export type SchemaMenuEntry = SchemaMenu & {
  resource: string;
  title?: string;
  /** Field label keys -> the schema's titles: the SPA's fallback when no locale holds the key. */
  labels: Record<string, string>;
};

const CJK = "\\p{Script=Han}";

/** The seed's catalogue as ajv formats; each message key is `validation.formats.<name>`. */
export const CATALOGUE_FORMATS = {
  alphanumeric: { type: "string", validate: (v: string) => /^[A-Za-z0-9]*$/.test(v) },
  zhEnNumber: {
    type: "string",
    validate: (v: string) => new RegExp(`^[${CJK}A-Za-z0-9]*$`, "u").test(v),
  },
  nonNegativeInteger: { type: "number", validate: (v: number) => Number.isInteger(v) && v >= 0 },
  nonNegativeNumber: { type: "number", validate: (v: number) => Number.isFinite(v) && v >= 0 },
  positiveInt3: {
    type: "number",
    validate: (v: number) => Number.isInteger(v) && v > 0 && v < 1000,
  },
  integer: { type: "number", validate: (v: number) => Number.isInteger(v) },
  email: {
    type: "string",
    validate: (v: string) => v === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  },
  uppercase: { type: "string", validate: (v: string) => v === v.toUpperCase() },
  ...CALENDAR_FORMATS,
  uuid: {
    type: "string",
    validate: (v: string) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  },
} as const;

/** True when a decimal has at most `integer` digits before the point and `fraction` after it. */
export const fitsDecimal = (value: unknown, spec: { integer: number; fraction: number }) => {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  const match = /^-?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return false;
  return (
    match[1].replace(/^0+(?=\d)/, "").length <= spec.integer &&
    (match[2] ?? "").length <= spec.fraction
  );
};

/**
 * `x-unique-by`: no two items share the key; "a+b" names a composite key (a case's party may
 * appear once per conflict role). Text is compared as search and the conflict check compare it
 * (compare-text.ts), so "张\u200b三" or "ＡＢＣ" is no second 张三 or ABC.
 */
export const isUniqueBy = (data: unknown[], key: string) => {
  const parts = key.split("+");
  const part = (v: unknown) => (typeof v === "string" ? comparableName(v) : v);
  const seen = data.map((item) =>
    item && typeof item === "object"
      ? JSON.stringify(parts.map((p) => part((item as Record<string, unknown>)[p])))
      : JSON.stringify(part(item)),
  );
  return new Set(seen).size === seen.length;
};

const FILTER_META = { type: "integer", minimum: 1, maximum: 8 };
const OPTION_ITEM = {
  type: "object",
  required: ["value", "label"],
  properties: { value: { type: "string" }, label: { type: "string" }, children: { type: "array" } },
};

/** Annotation keywords: ajv checks their shape when a schema compiles (a typo stops the start). */
const ANNOTATIONS: Record<string, object> = {
  "x-label": { type: "string", minLength: 1 },
  "x-storage": { enum: ["column"] },
  "x-list": {
    type: "object",
    required: ["order"],
    additionalProperties: false,
    properties: { order: { type: "number" }, width: { type: "number", minimum: 40 } },
  },
  "x-filter": FILTER_META,
  "x-ui": { type: "object" },
  "x-options": {
    type: "object",
    additionalProperties: false,
    properties: {
      source: {
        type: "string",
        pattern: "^(users|partners|departments|dict:[a-z0-9_-]+|resource:[a-z0-9-]+)$",
      },
      items: { type: "array", items: OPTION_ITEM },
    },
  },
  "x-when": { type: "object", additionalProperties: { type: "string" } },
  "x-unique": { type: "boolean" },
  "x-format": { enum: [...VALUE_FORMATS] },
  "x-subject": { type: "string", pattern: "^[A-Z_]+$" },
  "x-title": { type: "string" },
  "x-menu": {
    type: "object",
    required: ["subject", "views"],
    additionalProperties: false,
    properties: {
      group: { type: "string", pattern: "^[a-z][a-z0-9-]*$" },
      order: { type: "number" },
      icon: { type: "string", pattern: "^[A-Z][A-Za-z]*$" },
      label: { type: "string", minLength: 1 },
      subject: { type: "string", pattern: "^[A-Z][A-Z0-9_]*$" },
      views: {
        type: "array",
        minItems: 1,
        uniqueItems: true,
        items: { enum: ["list", "show", "create", "edit", "import", "export"] },
      },
    },
  },
};

type AjvLike = Pick<Ajv, "addKeyword" | "addFormat">;

/** Adds the x- vocabulary, the catalogue formats and keywords to one ajv instance. */
export const addSchemaVocabulary = <T extends AjvLike>(ajv: T): T => {
  for (const [keyword, metaSchema] of Object.entries(ANNOTATIONS))
    ajv.addKeyword({ keyword, metaSchema });
  for (const [name, format] of Object.entries(CATALOGUE_FORMATS)) {
    ajv.addFormat(name, format as { type: "string"; validate: (v: string) => boolean });
  }
  ajv.addKeyword({
    keyword: "x-decimal",
    type: ["number", "string"],
    metaSchema: {
      type: "object",
      required: ["integer", "fraction"],
      properties: {
        integer: { type: "integer", minimum: 1 },
        fraction: { type: "integer", minimum: 0 },
      },
    },
    validate: (spec: { integer: number; fraction: number }, data: unknown) =>
      fitsDecimal(data, spec),
  });
  ajv.addKeyword({
    keyword: "x-length",
    type: "string",
    metaSchema: { type: "integer", minimum: 1 },
    validate: (length: number, data: string) => [...data].length === length || data === "",
  });
  ajv.addKeyword({
    keyword: "x-exclude",
    type: "string",
    metaSchema: { type: "string", minLength: 1 },
    validate: (chars: string, data: string) => ![...chars].some((c) => data.includes(c)),
  });
  // Errors name the two fields (not the record), so each shows its own message under its input.
  const dateOrder = function validate(
    spec: DateOrder,
    data: unknown,
    _parent?: unknown,
    cxt?: { instancePath?: string },
  ) {
    if (!isDateOrderBroken(data, spec)) return true;
    const base = cxt?.instancePath ?? "";
    (validate as unknown as { errors: object[] }).errors = (["start", "end"] as const).map(
      (side) => ({
        keyword: "x-date-order",
        instancePath: `${base}/${spec[side]}`,
        params: { key: DATE_ORDER_KEYS[side] },
      }),
    );
    return false;
  };
  ajv.addKeyword({
    keyword: "x-date-order",
    type: "object",
    errors: true,
    metaSchema: {
      type: "object",
      required: ["start", "end"],
      additionalProperties: false,
      properties: { start: { type: "string" }, end: { type: "string" } },
    },
    validate: dateOrder as never,
  });
  ajv.addKeyword({
    keyword: "x-unique-by",
    type: "array",
    metaSchema: { type: "string", minLength: 1 },
    validate: (key: string, data: unknown[]) => isUniqueBy(data, key),
  });
  return ajv;
};

/** An ajv error, reduced to what both sides read. */
export type SchemaIssue = {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: FieldSchema;
};

/** Keywords that only say "a sub-schema failed": the sub-schema's own error says what is wrong. */
const SILENT = new Set(["if", "then", "else", "allOf", "anyOf", "oneOf", "not"]);

/** The field an issue belongs to, dotted (`relatedParties.1.type`). */
export const issueField = (issue: SchemaIssue) => {
  const base = issue.instancePath.replace(/^\//, "").replace(/\//g, ".");
  const extra = issue.params.missingProperty ?? issue.params.additionalProperty;
  return [base, typeof extra === "string" ? extra : ""].filter(Boolean).join(".") || "body";
};

/** i18n key and parameters of an issue's message; undefined for issues that add nothing. */
export const issueMessage = (
  issue: SchemaIssue,
): { key: string; params?: Record<string, unknown> } | undefined => {
  const p = issue.params;
  const schema = issue.parentSchema ?? {};
  switch (issue.keyword) {
    case "required":
      return { key: "validation.required" };
    case "format":
      return typeof p.format === "string" &&
        (p.format in CATALOGUE_FORMATS || p.format in MEMBER_FORMATS)
        ? { key: `validation.formats.${p.format}` }
        : { key: "validation.format" };
    case "minLength":
    case "maxLength":
      return schema.minLength !== undefined && schema.minLength === schema.maxLength
        ? { key: "validation.exactLength", params: { limit: schema.maxLength } }
        : { key: `validation.${issue.keyword}`, params: { limit: p.limit } };
    case "x-length":
      return { key: "validation.exactLength", params: { limit: schema["x-length"] } };
    case "x-decimal":
      return { key: "validation.decimalDigits", params: schema["x-decimal"] };
    case "x-exclude":
      return { key: "validation.excludedChars", params: { chars: schema["x-exclude"] } };
    case "x-unique-by":
      return { key: "validation.duplicateItem" };
    case "x-date-order":
      return typeof p.key === "string" ? { key: p.key } : { key: "validation.invalid" };
    case "minItems":
      return { key: "validation.minItems", params: { limit: p.limit } };
    case "type":
      return { key: "validation.type", params: { type: p.type } };
    case "enum":
    case "const":
      return { key: "validation.enum" };
    case "minimum":
    case "maximum":
    case "pattern":
    case "additionalProperties":
      return { key: `validation.${issue.keyword}`, params: { limit: p.limit } };
    default:
      return SILENT.has(issue.keyword) ? undefined : { key: "validation.invalid" };
  }
};
