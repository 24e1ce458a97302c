/** JSON schemas of the archive routes (ajv checks requests before any handler runs). */
import {
  MAX_RETENTION_YEARS,
  MAX_VOLUME_ITEMS,
  VOLUME_STATUSES,
} from "../../../shared/contracts/archive";
import { LOAN_PURPOSE_MAX, LOAN_STATUSES } from "../../../shared/contracts/archive-loans";

export { idParams } from "../../lib/route-schemas";

const uuid = { type: "string", format: "uuid" } as const;
const version = { type: "integer", minimum: 1, maximum: 2_147_483_647 } as const;

export const listQuery = {
  type: "object",
  additionalProperties: false,
  properties: {
    status: { type: "string", enum: [...VOLUME_STATUSES] },
    overdue: { type: "boolean" },
    caseId: uuid,
  },
} as const;

export const itemsBody = {
  type: "object",
  required: ["version", "items"],
  additionalProperties: false,
  properties: {
    version,
    items: {
      type: "array",
      maxItems: MAX_VOLUME_ITEMS,
      items: {
        type: "object",
        required: ["fileId", "included"],
        additionalProperties: false,
        properties: { fileId: uuid, included: { type: "boolean" } },
      },
    },
  },
} as const;

export const qualityCardBody = {
  type: "object",
  required: ["fileId", "version"],
  additionalProperties: false,
  properties: { fileId: uuid, version },
} as const;

export const settingsBody = {
  type: "object",
  required: ["numberFormat", "dueMonths", "retentionYears"],
  additionalProperties: false,
  properties: {
    numberFormat: {
      type: "string",
      minLength: 1,
      maxLength: 100,
      pattern: "^[^\\u0000-\\u001f]*$",
    },
    dueMonths: { type: "integer", minimum: 0, maximum: 120 },
    retentionYears: {
      type: "object",
      maxProperties: 200,
      propertyNames: { type: "string", pattern: "^[a-z0-9][a-z0-9_-]{0,63}$" },
      additionalProperties: { type: "integer", minimum: 0, maximum: MAX_RETENTION_YEARS },
    },
  },
} as const;

export const loanBody = {
  type: "object",
  required: ["purpose", "untilOn"],
  additionalProperties: false,
  properties: {
    purpose: {
      type: "string",
      minLength: 1,
      maxLength: LOAN_PURPOSE_MAX,
      pattern: "^[^\\u0000]*$",
    },
    untilOn: { type: "string", format: "date" },
  },
} as const;

export const loanListQuery = {
  type: "object",
  additionalProperties: false,
  properties: {
    status: { type: "string", enum: [...LOAN_STATUSES] },
    volumeId: uuid,
    mine: { type: "boolean" },
    overdue: { type: "boolean" },
  },
} as const;

export const catalogueQuery = {
  type: "object",
  additionalProperties: false,
  properties: {
    q: { type: "string", maxLength: 100, pattern: "^[^\\u0000]*$" },
    _start: { type: "integer", minimum: 0, maximum: 1_000_000 },
    _end: { type: "integer", minimum: 0, maximum: 1_000_100 },
  },
} as const;
