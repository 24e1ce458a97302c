import { REPORT_PERIODS, REPORT_SCOPES } from "../../../shared/contracts/reports";

export const keyParams = {
  type: "object",
  properties: { key: { type: "string", pattern: "^[a-z][a-z0-9-]{0,40}$" } },
  required: ["key"],
  additionalProperties: false,
} as const;

/** Days are checked as real calendar days by period.ts, so a 2031-02-30 gets its own message. */
export const reportQuery = {
  type: "object",
  properties: {
    scope: { type: "string", enum: [...REPORT_SCOPES] },
    period: { type: "string", enum: [...REPORT_PERIODS] },
    from: { type: "string", maxLength: 10 },
    to: { type: "string", maxLength: 10 },
    departmentId: { type: "string", format: "uuid" },
  },
  additionalProperties: false,
} as const;
