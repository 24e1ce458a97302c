/** JSON schemas of the fee-sharing routes: requests checked before any handler, answers named in full. */
import type {
  FeeAllocationResult,
  FeeAllocationView,
  FeePeriods,
  MemberStatement,
  PeriodStatements,
  ShareLine,
} from "../../../shared/contracts/fees";
import { ALLOCATION_ROLES, type AllocationLine, type RuleStep } from "../../../shared/fees";
import { answers, fieldsOf, listOf, orNull } from "../../lib/answers";

const uuid = { type: "string", format: "uuid" } as const;
const text = { type: "string" } as const;
const PERIOD = "^[0-9]{4}-(0[1-9]|1[0-2])$";
const period = { type: "string", pattern: PERIOD } as const;
// Percentages as text, loosely: the shared validator answers "negative", "not a number" or "adds
// up to 99.00%" in the user's language, which a pattern could only call invalid.
const percent = { type: "string", maxLength: 12 } as const;

export { idParams } from "../../lib/route-schemas";

export const memberParams = {
  type: "object",
  required: ["memberId"],
  additionalProperties: false,
  properties: { memberId: uuid },
} as const;

export const periodQuery = {
  type: "object",
  additionalProperties: false,
  properties: { period },
} as const;

export const closeBody = {
  type: "object",
  required: ["period"],
  additionalProperties: false,
  properties: { period },
} as const;

export const allocationBody = {
  type: "object",
  required: ["allocation"],
  additionalProperties: false,
  properties: {
    allocation: {
      type: "object",
      required: ["lines"],
      additionalProperties: false,
      properties: {
        originatorId: { anyOf: [uuid, { type: "null" }] },
        lines: {
          type: "array",
          maxItems: 20,
          items: {
            type: "object",
            required: ["memberId", "role", "percent"],
            additionalProperties: false,
            properties: {
              memberId: uuid,
              role: { type: "string", enum: [...ALLOCATION_ROLES] },
              percent,
            },
          },
        },
      },
    },
    managementFeePercent: { anyOf: [percent, { type: "null" }] },
    /** The case's version the form read (optional: without it the save is last-writer-wins). */
    version: { type: "integer", minimum: 0 },
  },
} as const;

const allocationLine = {
  type: "object",
  properties: fieldsOf<AllocationLine>()({ memberId: text, role: text, percent: text }),
} as const;
const allocation = {
  type: "object",
  properties: { originatorId: orNull("string"), lines: listOf(allocationLine) },
} as const;
const ruleStep = {
  type: "object",
  properties: fieldsOf<RuleStep>()({
    rule: { type: "integer" },
    kind: text,
    before: text,
    after: text,
    repeats: { type: "integer" },
  }),
} as const;

type View = FeeAllocationView;
export const allocationAnswer = answers({
  type: "object",
  properties: fieldsOf<View>()({
    caseId: text,
    allocation: { anyOf: [allocation, { type: "null" }] },
    managementFeePercent: orNull("string"),
    firmManagementFeePercent: text,
    effective: {
      anyOf: [
        {
          type: "object",
          properties: { lines: listOf(allocationLine), steps: listOf(ruleStep) },
        },
        { type: "null" },
      ],
    },
    versions: listOf({
      type: "object",
      properties: fieldsOf<View["versions"][number]>()({
        id: text,
        effectiveFrom: text,
        allocation,
        managementFeePercent: orNull("string"),
        createdBy: orNull("string"),
        createdAt: text,
      }),
    }),
    pendingApprovalId: orNull("string"),
  }),
});

export const allocationResultAnswer = answers({
  type: "object",
  properties: fieldsOf<FeeAllocationResult>()({
    applied: { type: "boolean" },
    approvalId: orNull("string"),
  }),
});

const closedPeriod = {
  type: "object",
  properties: fieldsOf<FeePeriods["closed"][number]>()({
    period: text,
    closedAt: text,
    closedBy: orNull("string"),
  }),
} as const;

export const periodsAnswer = answers({
  type: "object",
  properties: fieldsOf<FeePeriods>()({ closed: listOf(closedPeriod), nextToClose: text }),
});

export const closeAnswer = answers(closedPeriod);

export const statementsAnswer = answers({
  type: "object",
  properties: fieldsOf<PeriodStatements>()({
    period: text,
    closed: { type: "boolean" },
    closedAt: orNull("string"),
    members: listOf({
      type: "object",
      properties: fieldsOf<PeriodStatements["members"][number]>()({
        memberId: text,
        name: text,
        lines: { type: "integer" },
        total: text,
      }),
    }),
    firm: {
      type: "object",
      properties: fieldsOf<PeriodStatements["firm"]>()({
        tax: text,
        management: text,
        rounding: text,
      }),
    },
    received: text,
  }),
});

const shareLine = {
  type: "object",
  properties: fieldsOf<ShareLine>()({
    id: text,
    period: text,
    paymentId: text,
    paidOn: text,
    caseId: text,
    caseNo: text,
    caseName: text,
    kind: text,
    memberId: orNull("string"),
    role: orNull("string"),
    percent: orNull("string"),
    amount: text,
    refersTo: orNull("string"),
    reason: text,
    createdAt: text,
  }),
} as const;

export const memberStatementAnswer = answers({
  type: "object",
  properties: fieldsOf<MemberStatement>()({
    period: text,
    closed: { type: "boolean" },
    memberId: text,
    name: text,
    total: text,
    lines: listOf(shareLine),
    months: listOf({
      type: "object",
      properties: fieldsOf<MemberStatement["months"][number]>()({
        period: text,
        total: text,
        closed: { type: "boolean" },
      }),
    }),
  }),
});
