/** JSON schemas of the seal routes (Fastify's ajv checks requests before any handler runs). */

const uuid = { type: "string", format: "uuid" } as const;
const version = { type: "integer", minimum: 1 } as const;

export const submitBody = {
  type: "object",
  required: ["values"],
  additionalProperties: false,
  properties: {
    values: { type: "object" },
    definitionId: uuid,
    deptId: uuid,
    comment: { type: "string", maxLength: 1000 },
  },
} as const;

export const versionBody = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: { version },
} as const;
