/** JSON schemas of the sign-in routes (Fastify's ajv checks requests before any handler runs). */

export const loginBody = {
  type: "object",
  required: ["username", "password"],
  additionalProperties: false,
  properties: {
    username: { type: "string", minLength: 1, maxLength: 100 },
    password: { type: "string", minLength: 1, maxLength: 200 },
  },
} as const;

export const switchBody = {
  type: "object",
  required: ["workspaceId"],
  additionalProperties: false,
  properties: { workspaceId: { type: "string", format: "uuid" } },
} as const;
