/** JSON schemas of the case routes (Fastify's ajv checks requests before any handler runs). */

const uuid = { type: "string", format: "uuid" } as const;
const version = { type: "integer", minimum: 1 } as const;

export const submitBody = {
  type: "object",
  required: ["values"],
  additionalProperties: false,
  properties: {
    definitionId: uuid,
    values: { type: "object" },
    parentCaseId: uuid,
    deptId: uuid,
    comment: { type: "string", maxLength: 1000 },
    conflictReportId: uuid,
  },
} as const;

export const extendBody = {
  type: "object",
  required: ["days", "version"],
  additionalProperties: false,
  properties: { days: { type: "integer", minimum: 1, maximum: 3650 }, version },
} as const;

export const terminateBody = {
  type: "object",
  required: ["reason", "version"],
  additionalProperties: false,
  properties: { reason: { type: "string", minLength: 1, maxLength: 500, pattern: "\\S" }, version },
} as const;

export const versionBody = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: { version },
} as const;

export const caseSettingsBody = {
  type: "object",
  required: ["numberFormat", "firmShortName"],
  additionalProperties: false,
  properties: {
    numberFormat: { type: "string", minLength: 1, maxLength: 100 },
    firmShortName: { type: "string", minLength: 1, maxLength: 20 },
  },
} as const;
