import { REPORT_PERIODS, REPORT_SCOPES } from "../../../shared/contracts/reports";

export const keyParams = {
  type: "object",
  properties: { key: { type: "string", pattern: "^[a-z][a-z0-9-]{0,40}$" } },
  required: ["key"],
  additionalProperties: false,
} as const;

/** A day that is no calendar day (2031-02-30) is refused here, naming the field, like every route's. */
export const reportQuery = {
  type: "object",
  properties: {
    scope: { type: "string", enum: [...REPORT_SCOPES] },
    period: { type: "string", enum: [...REPORT_PERIODS] },
    from: { type: "string", format: "date" },
    to: { type: "string", format: "date" },
    departmentId: { type: "string", format: "uuid" },
  },
  additionalProperties: false,
} as const;
