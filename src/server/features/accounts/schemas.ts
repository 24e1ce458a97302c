/** JSON schemas of the accounts routes (Fastify's ajv checks requests before any handler runs). */

const uuid = { type: "string", format: "uuid" } as const;
const name = { type: "string", maxLength: 200 } as const;

export const edgeBody = {
  type: "object",
  required: ["share"],
  additionalProperties: false,
  properties: {
    holderAccountId: uuid,
    holderName: name,
    companyAccountId: uuid,
    companyName: name,
    share: { type: "number", exclusiveMinimum: 0, maximum: 100, multipleOf: 0.0001 },
  },
} as const;

export const relatedQuery = {
  type: "object",
  properties: {
    tiers: { type: "integer", minimum: 1, maximum: 10, default: 3 },
    minShare: { type: "number", minimum: 0, maximum: 100, default: 20 },
  },
} as const;

export const submitBody = {
  type: "object",
  required: ["changes", "version"],
  additionalProperties: false,
  properties: { changes: { type: "object" }, version: { type: "integer", minimum: 1 } },
} as const;
