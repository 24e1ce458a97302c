/** Request bodies of the e-signing routes (Fastify's ajv validates them before any handler runs). */
import {
  type EsignField,
  type EsignOverview,
  FIELD_KINDS,
  MAX_FIELDS,
  MAX_SIGNERS,
  type PageInfo,
  type PdfFile,
  type RequestSummary,
  type Signer,
  SIGNER_MOBILE_PATTERN,
  type SigningRequest,
  SIGNING_ORDERS,
  type TrailEvent,
} from "../../../shared/contracts/esign";
import { answers, fieldsOf, listOf, orNull } from "../../lib/answers";

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
    signingOrder: { type: "string", enum: [...SIGNING_ORDERS] },
    expiresInDays: { type: "integer", minimum: 1, maximum: 90 },
    remindEveryDays: { type: "integer", minimum: 0, maximum: 30 },
    signers: {
      type: "array",
      minItems: 1,
      maxItems: MAX_SIGNERS,
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
              mobile: { type: "string", pattern: SIGNER_MOBILE_PATTERN },
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
      maxItems: MAX_FIELDS,
      items: {
        type: "object",
        required: ["signer", "kind", "page", "x", "y", "w", "h"],
        additionalProperties: false,
        properties: {
          signer: { type: "integer", minimum: 0, maximum: MAX_SIGNERS - 1 },
          kind: { type: "string", enum: [...FIELD_KINDS] },
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

// Answers (lib/answers.ts): each names every field of its shared type.
const str = { type: "string" } as const;
const maybe = orNull("string");
const int = { type: "integer" } as const;
const num = { type: "number" } as const;
const signer = {
  type: "object",
  properties: fieldsOf<Signer>()({
    id: str,
    position: int,
    party: str,
    name: str,
    email: maybe,
    mobile: maybe,
    userId: maybe,
    sealId: maybe,
    status: str,
    sentAt: maybe,
    openedAt: maybe,
    verifiedAt: maybe,
    signedAt: maybe,
    declinedAt: maybe,
    declineReason: maybe,
    verifiedBy: maybe,
    ip: maybe,
    userAgent: maybe,
  }),
} as const;
const trailEvent = {
  type: "object",
  properties: fieldsOf<TrailEvent>()({
    seq: int,
    action: str,
    actorName: maybe,
    ip: maybe,
    userAgent: maybe,
    at: str,
    docSha256: maybe,
    prevHash: maybe,
    hash: str,
    // Whatever the step recorded: sent as stored.
    detail: {},
  }),
} as const;
// Stored as JSON with the request: kept whole.
const field = {
  type: "object",
  additionalProperties: true,
  properties: fieldsOf<EsignField>()({
    id: str,
    signer: int,
    kind: str,
    page: int,
    x: num,
    y: num,
    w: num,
    h: num,
  }),
} as const;
const requestFields = fieldsOf<SigningRequest>()({
  id: str,
  contractId: str,
  status: str,
  signingOrder: str,
  expiresAt: str,
  remindEveryDays: int,
  sourceFileId: str,
  sourceName: str,
  sourceSha256: str,
  pageCount: int,
  fields: listOf(field),
  createdAt: str,
  completedAt: maybe,
  sealedFileId: maybe,
  sealedSha256: maybe,
  endReason: maybe,
  signers: listOf(signer),
  trail: listOf(trailEvent),
  chainValid: { type: "boolean" },
  mayFirmSign: { type: "boolean" },
});
const pdfFile = {
  type: "object",
  properties: fieldsOf<PdfFile>()({ id: str, name: str, size: num, mime: str }),
} as const;

export const signingRequestAnswer = answers({ type: "object", properties: requestFields });
export const overviewAnswer = answers({
  type: "object",
  properties: fieldsOf<EsignOverview>()({
    current: { type: ["object", "null"], properties: requestFields },
    history: listOf({
      type: "object",
      properties: fieldsOf<RequestSummary>()({
        id: str,
        status: str,
        createdAt: str,
        endReason: maybe,
      }),
    }),
    pdfFiles: listOf(pdfFile),
    nonPdfFiles: listOf(pdfFile),
    mayPrepare: { type: "boolean" },
  }),
});
export const pageInfoAnswer = answers({
  type: "object",
  properties: fieldsOf<PageInfo>()({
    pageCount: int,
    pages: listOf({ type: "object", properties: { width: num, height: num } }),
  }),
});
