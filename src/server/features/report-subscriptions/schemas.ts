import {
  MONTH_DAY_MAX,
  MONTH_DAY_MIN,
  SUBSCRIPTION_CADENCES,
  SUBSCRIPTION_PERIODS,
  WEEKDAY_MAX,
  WEEKDAY_MIN,
} from "../../../shared/contracts/report-subscriptions";
import { REPORT_SCOPES } from "../../../shared/contracts/reports";
import { LANGUAGES } from "../../../shared/i18n-config";

export const idParams = {
  type: "object",
  properties: { id: { type: "string", format: "uuid" } },
  required: ["id"],
  additionalProperties: false,
} as const;

/** What a subscription may change after it is made; the report itself is fixed (subscribe anew). */
const editable = {
  scope: { type: "string", enum: [...REPORT_SCOPES] },
  departmentId: { type: "string", format: "uuid" },
  period: { type: "string", enum: [...SUBSCRIPTION_PERIODS] },
  cadence: { type: "string", enum: [...SUBSCRIPTION_CADENCES] },
  weekday: { type: "integer", minimum: WEEKDAY_MIN, maximum: WEEKDAY_MAX },
  monthDay: { type: "integer", minimum: MONTH_DAY_MIN, maximum: MONTH_DAY_MAX },
  hour: { type: "integer", minimum: 0, maximum: 23 },
  language: { type: "string", enum: LANGUAGES.map((l) => l.code) },
} as const;

/**
 * A new subscription. Which of weekday and monthDay is needed depends on the cadence: the service
 * checks that (naming the field) and drops the other one.
 */
export const createBody = {
  type: "object",
  properties: {
    reportKey: { type: "string", pattern: "^[a-z][a-z0-9-]{0,40}$" },
    ...editable,
  },
  required: ["reportKey", "scope", "period", "cadence", "hour", "language"],
  additionalProperties: false,
} as const;

/** A change, or a pause/resume (isActive), against the version the form read. */
export const patchBody = {
  type: "object",
  properties: {
    ...editable,
    isActive: { type: "boolean" },
    version: { type: "integer", minimum: 1, maximum: 2_147_483_647 },
  },
  required: ["version"],
  additionalProperties: false,
} as const;
