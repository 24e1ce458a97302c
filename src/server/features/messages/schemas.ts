/** JSON schemas of the Outbox routes (Fastify's ajv checks requests before any handler runs). */

export const outboxQuery = {
  type: "object",
  additionalProperties: false,
  properties: {
    page: { type: "integer", minimum: 1, maximum: 100_000, default: 1 },
    pageSize: { type: "integer", minimum: 1, maximum: 100, default: 20 },
    q: { type: "string", maxLength: 200 },
    channel: { type: "string", enum: ["email", "sms"] },
  },
} as const;
