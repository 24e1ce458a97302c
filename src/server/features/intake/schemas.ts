/** JSON schemas of the intake routes (Fastify's ajv checks requests before any handler runs). */
const uuid = { type: "string", format: "uuid" } as const;
const day = { type: "string", format: "date" } as const;

export { idParams } from "../../lib/route-schemas";

export const reportBody = {
  type: "object",
  required: ["reportId"],
  additionalProperties: false,
  properties: { reportId: uuid },
} as const;

export const statsQuery = {
  type: "object",
  additionalProperties: false,
  properties: { from: day, to: day },
} as const;
