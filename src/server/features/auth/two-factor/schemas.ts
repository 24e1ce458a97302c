/** JSON schemas of the two-factor routes (Fastify's ajv checks requests before any handler runs). */
import { TOTP_DIGITS, TWO_FACTOR_MODES } from "../../../../shared/contracts/security";

const challenge = { type: "string", minLength: 1, maxLength: 2000 } as const;
const code = { type: "string", pattern: `^[0-9]{${TOTP_DIGITS}}$` } as const;

export const verifyBody = {
  type: "object",
  required: ["challenge"],
  additionalProperties: false,
  properties: {
    challenge,
    code,
    // Typed from paper: any case, dashes and spaces allowed; the service checks the letters.
    recoveryCode: { type: "string", minLength: 1, maxLength: 40 },
    trustBrowser: { type: "boolean", default: false },
  },
} as const;

export const challengeBody = {
  type: "object",
  required: ["challenge"],
  additionalProperties: false,
  properties: { challenge },
} as const;

export const confirmEnrolmentBody = {
  type: "object",
  required: ["challenge", "code"],
  additionalProperties: false,
  properties: { challenge, code },
} as const;

export const codeBody = {
  type: "object",
  required: ["code"],
  additionalProperties: false,
  properties: { code },
} as const;

export const disableBody = {
  type: "object",
  required: ["password", "code"],
  additionalProperties: false,
  properties: { password: { type: "string", minLength: 1, maxLength: 200 }, code },
} as const;

export const securitySettingsBody = {
  type: "object",
  required: ["twoFactor"],
  additionalProperties: false,
  properties: {
    twoFactor: {
      type: "object",
      required: ["mode"],
      additionalProperties: false,
      properties: {
        mode: { type: "string", enum: [...TWO_FACTOR_MODES] },
        roleIds: {
          type: "array",
          maxItems: 200,
          items: { type: "string", format: "uuid" },
          default: [],
        },
      },
    },
  },
} as const;
