/** JSON schemas of the global-search routes (Fastify's ajv checks requests before any handler runs). */

export const searchQuery = {
  type: "object",
  required: ["q"],
  properties: {
    q: { type: "string", minLength: 1, maxLength: 100 },
    limit: { type: "integer", minimum: 1, maximum: 20, default: 5 },
  },
} as const;
