/** JSON schemas of the dictionary routes (Fastify's ajv checks requests before any handler runs). */
import { listQuery, textFilter } from "../../lib/list-query";
import { ITEM_SORT } from "./service";

const label = { type: "string", minLength: 1, maxLength: 100 } as const;
const optionalLabel = { type: "string", maxLength: 100 } as const;
const sortOrder = { type: "integer", minimum: 0, maximum: 100_000 } as const;
const version = { type: "integer", minimum: 1 } as const;

/** Codes are stored in business rows and used in `dict:<code>`: short, lowercase, URL-safe. */
const code = {
  type: "string",
  minLength: 1,
  maxLength: 50,
  pattern: "^[a-z0-9][a-z0-9_-]*$",
} as const;

export const typeBody = {
  type: "object",
  required: ["code", "nameZh"],
  additionalProperties: false,
  properties: { code, nameZh: label, nameEn: optionalLabel, sortOrder },
} as const;

export const typePatch = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: { nameZh: label, nameEn: optionalLabel, sortOrder, version },
} as const;

/**
 * What features read from an item beyond its label (features/cases/settings.ts): a case type's
 * number character, a filing type's flow, pre-filing flag and validity days.
 */
const attributes = {
  type: "object",
  additionalProperties: false,
  properties: {
    numberChar: { type: "string", minLength: 1, maxLength: 2 },
    isPreFiling: { type: "boolean" },
    validityDays: { type: "integer", minimum: 1, maximum: 3650 },
    workflowKey: { type: "string", maxLength: 100 },
  },
} as const;

export const itemBody = {
  type: "object",
  required: ["typeId", "code", "labelZh"],
  additionalProperties: false,
  properties: {
    typeId: { type: "string", format: "uuid" },
    code,
    labelZh: label,
    labelEn: optionalLabel,
    sortOrder,
    isEnabled: { type: "boolean" },
    attributes,
  },
} as const;

export const itemPatch = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: {
    labelZh: label,
    labelEn: optionalLabel,
    sortOrder,
    isEnabled: { type: "boolean" },
    attributes,
    version,
  },
} as const;

export const reorderBody = {
  type: "object",
  required: ["typeId", "ids"],
  additionalProperties: false,
  properties: {
    typeId: { type: "string", format: "uuid" },
    ids: { type: "array", maxItems: 1000, items: { type: "string", format: "uuid" } },
  },
} as const;

export const itemListQuery = listQuery(Object.keys(ITEM_SORT), {
  typeId: textFilter,
  q: textFilter,
  label_like: textFilter,
  isEnabled: { type: "string", enum: ["true", "false"] },
});

export const optionsQuery = {
  type: "object",
  properties: { enabled: { type: "boolean" } },
} as const;
