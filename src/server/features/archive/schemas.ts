/** JSON schemas of the archive routes (ajv checks requests before any handler runs). */
import {
  MAX_RETENTION_YEARS,
  MAX_VOLUME_ITEMS,
  VOLUME_STATUSES,
} from "../../../shared/contracts/archive";

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
