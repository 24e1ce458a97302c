/** JSON schemas of the invoice routes (Fastify's ajv checks requests before any handler runs). */
import {
  type CaseInvoicing,
  INVOICE_CODE_PATTERN,
  INVOICE_NO_PATTERN,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  type InvoiceMatch,
  type InvoiceRequestResult,
} from "../../../shared/contracts/fees";
import { answers, fieldsOf, listOf, orNull } from "../../lib/answers";

const uuid = { type: "string", format: "uuid" } as const;
/** Money as text; its value (positive, two decimals) is checked by the service, with its own message. */
const money = { type: "string", minLength: 1, maxLength: 20 } as const;
const text = (max: number) =>
  ({ type: "string", minLength: 1, maxLength: max, pattern: "\\S" }) as const;
const optional = (max: number) => ({ type: ["string", "null"], maxLength: max }) as const;

export const requestBody = {
  type: "object",
  required: ["caseId", "invoiceType", "amount", "taxRate", "items"],
  additionalProperties: false,
  properties: {
    caseId: uuid,
    billId: { anyOf: [uuid, { type: "null" }] },
    paymentId: { anyOf: [uuid, { type: "null" }] },
    invoiceType: { type: "string", enum: [...INVOICE_TYPES] },
    buyerTitle: optional(200),
    buyerTaxId: optional(30),
    amount: money,
    taxRate: { type: "string", minLength: 1, maxLength: 10 },
    items: {
      type: "array",
      minItems: 1,
      maxItems: 20,
      items: {
        type: "object",
        required: ["name", "amount"],
        additionalProperties: false,
        properties: { name: text(100), amount: money },
      },
    },
    remark: optional(500),
    definitionId: uuid,
    deptId: uuid,
    comment: { type: "string", maxLength: 1000 },
  },
} as const;

export const issueBody = {
  type: "object",
  required: ["invoiceNo", "issuedOn", "invoiceFileIds"],
  additionalProperties: false,
  properties: {
    // Spaces around are allowed (a pasted number) and trimmed by the route.
    invoiceNo: { type: "string", pattern: `^\\s*${INVOICE_NO_PATTERN.slice(1, -1)}\\s*$` },
    invoiceCode: {
      anyOf: [
        { type: "string", pattern: `^\\s*(${INVOICE_CODE_PATTERN.slice(1, -1)})?\\s*$` },
        { type: "null" },
      ],
    },
    issuedOn: { type: "string", format: "date" },
    invoiceFileIds: { type: "array", minItems: 1, maxItems: 10, uniqueItems: true, items: uuid },
  },
} as const;

export const cancelBody = {
  type: "object",
  required: ["reason", "on"],
  additionalProperties: false,
  properties: { reason: text(500), on: { type: "string", format: "date" } },
} as const;

export const matchBody = {
  type: "object",
  required: ["paymentId", "amount"],
  additionalProperties: false,
  properties: { paymentId: uuid, amount: money },
} as const;

// Answers (lib/answers.ts): each names every field of its shared type.
const str = { type: "string" } as const;

export const requestAnswer = answers({
  type: "object",
  properties: fieldsOf<InvoiceRequestResult>()({ invoiceId: str, instanceId: str }),
});

const match = {
  type: "object",
  properties: fieldsOf<InvoiceMatch>()({
    invoiceId: str,
    paymentId: str,
    amount: str,
    paidOn: str,
    paymentAmount: str,
  }),
} as const;
export const matchesAnswer = answers(listOf(match));

export const invoicingAnswer = answers({
  type: "object",
  properties: fieldsOf<CaseInvoicing>()({
    billed: str,
    received: str,
    invoiced: str,
    invoicedNotReceived: str,
    receivedNotInvoiced: str,
    payments: listOf({
      type: "object",
      properties: fieldsOf<CaseInvoicing["payments"][number]>()({
        id: str,
        paidOn: str,
        amount: str,
        matched: str,
      }),
    }),
    invoices: listOf({
      type: "object",
      properties: fieldsOf<CaseInvoicing["invoices"][number]>()({
        id: str,
        requestNo: str,
        status: { type: "string", enum: [...INVOICE_STATUSES] },
        invoiceNo: orNull("string"),
        amount: str,
        matched: str,
      }),
    }),
  }),
});
