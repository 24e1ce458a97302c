/** JSON schemas of the contract routes (Fastify's ajv checks requests before any handler runs). */

const uuid = { type: "string", format: "uuid" } as const;
const version = { type: "integer", minimum: 1 } as const;
const fileIds = {
  type: "array",
  minItems: 1,
  maxItems: 20,
  uniqueItems: true,
  items: uuid,
} as const;
const start = {
  definitionId: uuid,
  deptId: uuid,
  comment: { type: "string", maxLength: 1000 },
} as const;

export const submitBody = {
  type: "object",
  required: ["values"],
  additionalProperties: false,
  properties: {
    ...start,
    values: { type: "object" },
    contractNo: { type: "string", minLength: 1, maxLength: 100, pattern: "\\S" },
  },
} as const;

export const archiveBody = {
  type: "object",
  required: ["archiveFileIds", "version"],
  additionalProperties: false,
  properties: {
    ...start,
    archiveFileIds: fileIds,
    remark: { type: "string", maxLength: 1000 },
    version,
  },
} as const;

export const voidBody = {
  type: "object",
  required: ["reason", "certificateIds", "version"],
  additionalProperties: false,
  properties: {
    ...start,
    reason: { type: "string", minLength: 1, maxLength: 1000, pattern: "\\S" },
    certificateIds: fileIds,
    version,
  },
} as const;

export const transitionBody = {
  type: "object",
  required: ["to", "version"],
  additionalProperties: false,
  properties: { to: { type: "string", enum: ["signing", "signed"] }, version },
} as const;
