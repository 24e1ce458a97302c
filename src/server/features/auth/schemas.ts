/** JSON schemas of the sign-in routes (Fastify's ajv checks requests before any handler runs). */

export const loginBody = {
  type: "object",
  required: ["username", "password"],
  additionalProperties: false,
  properties: {
    username: { type: "string", minLength: 1, maxLength: 100 },
    password: { type: "string", minLength: 1, maxLength: 200 },
    /** A "trust this browser" token from an earlier code step (the user center keeps it in a cookie). */
    trustedToken: { type: "string", minLength: 1, maxLength: 2000 },
  },
} as const;

export const switchBody = {
  type: "object",
  required: ["workspaceId"],
  additionalProperties: false,
  properties: { workspaceId: { type: "string", format: "uuid" } },
} as const;
