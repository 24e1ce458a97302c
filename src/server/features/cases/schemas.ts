/** JSON schemas of the case routes (Fastify's ajv checks requests before any handler runs). */
import type {
  CaseFinance,
  CaseStartOptions,
  ChainLink,
  FilingOption,
} from "../../../shared/contracts/cases";
import { answers, fieldsOf, listOf, orNull } from "../../lib/answers";

const uuid = { type: "string", format: "uuid" } as const;
const version = { type: "integer", minimum: 1 } as const;

export const submitBody = {
  type: "object",
  required: ["values"],
  additionalProperties: false,
  properties: {
    definitionId: uuid,
    values: { type: "object" },
    parentCaseId: uuid,
    deptId: uuid,
    comment: { type: "string", maxLength: 1000 },
    conflictReportId: uuid,
    leadId: uuid,
  },
} as const;

export const extendBody = {
  type: "object",
  required: ["days", "version"],
  additionalProperties: false,
  properties: { days: { type: "integer", minimum: 1, maximum: 3650 }, version },
} as const;

export const terminateBody = {
  type: "object",
  required: ["reason", "version"],
  additionalProperties: false,
  properties: { reason: { type: "string", minLength: 1, maxLength: 500, pattern: "\\S" }, version },
} as const;

export const versionBody = {
  type: "object",
  required: ["version"],
  additionalProperties: false,
  properties: { version },
} as const;

export const caseSettingsBody = {
  type: "object",
  required: ["numberFormat", "firmShortName"],
  additionalProperties: false,
  properties: {
    numberFormat: { type: "string", minLength: 1, maxLength: 100 },
    firmShortName: { type: "string", minLength: 1, maxLength: 20 },
  },
} as const;

// Answers (lib/answers.ts): each names every field of its shared type.
const str = { type: "string" } as const;
const maybe = orNull("string");

export const financeAnswer = answers({
  type: "object",
  properties: fieldsOf<CaseFinance>()({
    feeType: maybe,
    agreedFee: str,
    fixedFee: str,
    contingentFee: str,
    timeBillable: str,
    timeUnbilled: str,
    minutes: str,
    billed: str,
    paid: str,
    outstanding: str,
  }),
});
export const chainAnswer = answers(
  listOf({
    type: "object",
    properties: fieldsOf<ChainLink>()({
      id: str,
      caseNo: str,
      name: str,
      stage: maybe,
      status: str,
      parentCaseId: maybe,
      createdAt: str,
    }),
  }),
);
export const startOptionsAnswer = answers({
  type: "object",
  properties: fieldsOf<CaseStartOptions>()({
    caseTypes: listOf({ type: "object", properties: { value: str, label: str } }),
    filingTypes: listOf({
      type: "object",
      properties: fieldsOf<FilingOption>()({
        value: str,
        label: str,
        isPreFiling: { type: "boolean" },
        validityDays: { type: "integer" },
        definitionId: maybe,
      }),
    }),
  }),
});
