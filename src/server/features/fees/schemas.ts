/** JSON schemas of the fees routes (Fastify's ajv checks requests before any handler runs). */
import type {
  FeeSettingsView,
  FeeTerms,
  ReceivableRow,
  Receivables,
} from "../../../shared/contracts/fees";
import {
  AGEING_BUCKETS,
  CONTINGENCY_BASES,
  FEE_ARRANGEMENT_KINDS,
  FEE_RULE_KINDS,
  INSTALMENT_TRIGGERS,
  type InstalmentState,
} from "../../../shared/fees";
import { answers, fieldsOf, listOf, orNull } from "../../lib/answers";
import { MANAGEMENT_FEE_BASES } from "./settings";

const uuid = { type: "string", format: "uuid" } as const;
const day = { type: "string", format: "date" } as const;
/** Money and percentages are decimal text; the shared validators judge the digits (errors.fees.*). */
const decimal = { type: "string", minLength: 1, maxLength: 20 } as const;
const maybeDecimal = { type: ["string", "null"], minLength: 1, maxLength: 20 } as const;
/** 0: the case has no terms yet (the first save creates them). */
const termsVersion = { type: "integer", minimum: 0, maximum: 2_147_483_647 } as const;

const contingency = {
  type: ["object", "null"],
  additionalProperties: false,
  required: ["base"],
  properties: {
    base: { type: "string", enum: [...CONTINGENCY_BASES] },
    percent: decimal,
    tiers: {
      type: "array",
      maxItems: 10,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["upTo", "percent"],
        properties: { upTo: maybeDecimal, percent: decimal },
      },
    },
    cap: maybeDecimal,
  },
} as const;

const arrangement = {
  type: ["object", "null"],
  additionalProperties: false,
  required: ["kind"],
  properties: {
    kind: { type: "string", enum: [...FEE_ARRANGEMENT_KINDS] },
    amount: decimal,
    rate: decimal,
    cap: maybeDecimal,
    fixedAmount: decimal,
    includedHours: decimal,
    contingency,
    basis: { type: "string", enum: ["legalAid", "proBono"] },
  },
} as const;

/** A contract's schedule is seldom more than a dozen lines; 60 is five years of monthly fees. */
export const MAX_INSTALMENTS = 60;

const instalment = {
  type: "object",
  additionalProperties: false,
  properties: {
    label: { type: "string", maxLength: 100 },
    amount: decimal,
    percent: decimal,
    dueDate: day,
    trigger: { type: "string", enum: [...INSTALMENT_TRIGGERS] },
    graceDays: { type: "integer", minimum: 0, maximum: 3650 },
  },
} as const;

const triggerDates = {
  type: "object",
  additionalProperties: false,
  properties: Object.fromEntries(INSTALMENT_TRIGGERS.map((trigger) => [trigger, day])),
} as const;

export const feeTermsBody = {
  type: "object",
  required: ["arrangement", "schedule", "triggerDates", "version"],
  additionalProperties: false,
  properties: {
    arrangement,
    schedule: { type: "array", maxItems: MAX_INSTALMENTS, items: instalment },
    triggerDates,
    version: termsVersion,
  },
} as const;

export const fromContractBody = {
  type: "object",
  required: ["contractId", "version"],
  additionalProperties: false,
  properties: { contractId: uuid, version: termsVersion },
} as const;

export const feeTermsQuery = {
  type: "object",
  additionalProperties: false,
  properties: { asOf: day },
} as const;

const rule = {
  type: "object",
  additionalProperties: false,
  required: ["kind"],
  properties: {
    kind: { type: "string", enum: [...FEE_RULE_KINDS] },
    when: { type: "string", enum: ["notWorking"] },
    percent: decimal,
    withinYears: { type: "integer", minimum: 1, maximum: 50 },
    pointsPerRepeat: decimal,
    floor: decimal,
  },
} as const;

export const feeSettingsBody = {
  type: "object",
  required: ["managementFeePercent", "deductInvoiceTax", "managementFeeBase", "rules"],
  additionalProperties: false,
  properties: {
    managementFeePercent: decimal,
    deductInvoiceTax: { type: "boolean" },
    managementFeeBase: { type: "string", enum: [...MANAGEMENT_FEE_BASES] },
    rules: { type: "array", maxItems: 20, items: rule },
  },
} as const;

export const receivablesQuery = {
  type: "object",
  additionalProperties: false,
  properties: {
    accountId: uuid,
    departmentId: uuid,
    leadLawyerId: uuid,
    asOf: day,
    _start: { type: "integer", minimum: 0 },
    _end: { type: "integer", minimum: 0 },
  },
} as const;

export const receivablesExportQuery = {
  type: "object",
  additionalProperties: false,
  properties: {
    accountId: uuid,
    departmentId: uuid,
    leadLawyerId: uuid,
    asOf: day,
  },
} as const;

// Answers (lib/answers.ts): each names every field of its shared type.
const str = { type: "string" } as const;
const maybe = orNull("string");
const open = { type: "object", additionalProperties: true } as const;

export const feeTermsAnswer = answers({
  type: "object",
  properties: fieldsOf<FeeTerms>()({
    caseId: str,
    arrangement: { type: ["object", "null"], additionalProperties: true },
    schedule: listOf(open),
    triggerDates: open,
    sourceContractId: maybe,
    agreedFee: str,
    instalments: listOf({
      type: "object",
      properties: fieldsOf<InstalmentState>()({
        index: { type: "integer" },
        label: maybe,
        amount: str,
        dueDate: maybe,
        trigger: maybe,
        graceDays: { type: "integer" },
        effectiveDueDate: maybe,
        received: str,
        outstanding: str,
        status: str,
        daysOverdue: { type: "integer" },
      }),
    }),
    unallocated: str,
    version: { type: "integer" },
  }),
});

export const feeSettingsAnswer = answers({
  type: "object",
  properties: fieldsOf<FeeSettingsView>()({
    managementFeePercent: str,
    deductInvoiceTax: { type: "boolean" },
    managementFeeBase: str,
    rules: listOf(open),
  }),
});

const buckets = {
  type: "object",
  properties: Object.fromEntries(AGEING_BUCKETS.map((b) => [b, str])),
} as const;

export const receivablesAnswer = answers({
  type: "object",
  properties: fieldsOf<Receivables>()({
    asOf: str,
    rows: listOf({
      type: "object",
      properties: fieldsOf<ReceivableRow>()({
        accountId: str,
        accountName: str,
        accountType: str,
        cases: { type: "integer" },
        billed: str,
        received: str,
        invoiced: str,
        outstanding: str,
        buckets,
      }),
    }),
    totals: {
      type: "object",
      properties: fieldsOf<Receivables["totals"]>()({
        billed: str,
        received: str,
        invoiced: str,
        outstanding: str,
        buckets,
      }),
    },
  }),
});
