/** Request bodies of the e-signing routes (Fastify's ajv validates them before any handler runs). */
const uuid = { type: "string", format: "uuid" } as const;
const fraction = { type: "number", minimum: 0, maximum: 1 } as const;
const text = (max: number) =>
  ({ type: "string", minLength: 1, maxLength: max, pattern: "\\S" }) as const;

export const prepareBody = {
  type: "object",
  required: ["fileId", "signingOrder", "signers", "fields"],
  additionalProperties: false,
  properties: {
    fileId: uuid,
    signingOrder: { type: "string", enum: ["sequential", "parallel"] },
    expiresInDays: { type: "integer", minimum: 1, maximum: 90 },
    remindEveryDays: { type: "integer", minimum: 0, maximum: 30 },
    signers: {
      type: "array",
      minItems: 1,
      maxItems: 10,
      items: {
        oneOf: [
          {
            type: "object",
            required: ["party", "name"],
            additionalProperties: false,
            properties: {
              party: { const: "counterparty" },
              name: text(100),
              email: { type: "string", format: "email", maxLength: 200 },
              mobile: { type: "string", pattern: "^\\+?[0-9]{6,20}$" },
            },
          },
          {
            type: "object",
            required: ["party", "userId", "sealId"],
            additionalProperties: false,
            properties: { party: { const: "firm" }, userId: uuid, sealId: uuid },
          },
        ],
      },
    },
    fields: {
      type: "array",
      minItems: 1,
      maxItems: 200,
      items: {
        type: "object",
        required: ["signer", "kind", "page", "x", "y", "w", "h"],
        additionalProperties: false,
        properties: {
          signer: { type: "integer", minimum: 0, maximum: 9 },
          kind: { type: "string", enum: ["signature", "date"] },
          page: { type: "integer", minimum: 1, maximum: 10_000 },
          x: fraction,
          y: fraction,
          w: { type: "number", exclusiveMinimum: 0, maximum: 1 },
          h: { type: "number", exclusiveMinimum: 0, maximum: 1 },
        },
      },
    },
  },
} as const;

export const cancelBody = {
  type: "object",
  additionalProperties: false,
  properties: { reason: { type: "string", maxLength: 500 } },
} as const;
export const uploadCertBody = {
  type: "object",
  required: ["p12Base64", "passphrase"],
  additionalProperties: false,
  properties: {
    p12Base64: {
      type: "string",
      minLength: 10,
      maxLength: 200_000,
      pattern: "^[A-Za-z0-9+/=\\s]+$",
    },
    passphrase: { type: "string", maxLength: 500 },
  },
} as const;
export const codeBody = {
  type: "object",
  required: ["code"],
  additionalProperties: false,
  properties: { code: { type: "string", pattern: "^[0-9]{6}$" } },
} as const;
export const signBody = {
  type: "object",
  required: ["marks"],
  additionalProperties: false,
  properties: {
    marks: {
      type: "object",
      maxProperties: 50,
      propertyNames: { format: "uuid" },
      additionalProperties: {
        type: "object",
        required: ["png"],
        additionalProperties: false,
        properties: {
          png: {
            type: "string",
            minLength: 10,
            maxLength: 1_500_000,
            pattern: "^[A-Za-z0-9+/=]+$",
          },
        },
      },
    },
  },
} as const;
export const declineBody = {
  type: "object",
  required: ["reason"],
  additionalProperties: false,
  properties: { reason: text(500) },
} as const;
export const tokenParams = {
  type: "object",
  required: ["token"],
  properties: { token: { type: "string", maxLength: 100 } },
} as const;
/**
 * A page of a signing link: a positive integer, as the signed-in twin accepts. The route answers a
 * failed check with the link's 404 (attachValidation), never a renderer run on NaN.
 */
export const pageParams = {
  type: "object",
  required: ["token", "n"],
  // Digits only: ajv would coerce "1e0" or " 1" to a number, and those are not how a page is named.
  properties: {
    token: tokenParams.properties.token,
    n: { type: "string", pattern: "^[1-9][0-9]{0,4}$" },
  },
} as const;
