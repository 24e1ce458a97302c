/** JSON schemas of the profile routes (Fastify's ajv checks requests before any handler runs). */

export const profileBody = {
  type: "object",
  required: ["name"],
  additionalProperties: false,
  properties: {
    name: { type: "string", minLength: 1, maxLength: 50, format: "memberName" },
    nameSuffix: { type: "string", maxLength: 50, default: "" },
    email: { type: "string", maxLength: 200, format: "contactEmail", default: "" },
    phone: { type: "string", maxLength: 30, format: "phone", default: "" },
  },
} as const;

export const passwordBody = {
  type: "object",
  required: ["oldPassword", "newPassword"],
  additionalProperties: false,
  properties: {
    oldPassword: { type: "string", minLength: 1, maxLength: 200 },
    newPassword: { type: "string", minLength: 8, maxLength: 128 },
  },
} as const;

export const avatarBody = {
  type: "object",
  required: ["dataUrl"],
  additionalProperties: false,
  properties: { dataUrl: { type: "string", maxLength: 400_000 } },
} as const;
