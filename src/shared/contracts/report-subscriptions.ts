/** Scheduled reports (报表订阅, issue 30): a member's subscription as the server sends it. */
import type { Language } from "../i18n-config";
import type { ReportScope } from "./reports";

export const SUBSCRIPTION_CADENCES = ["weekly", "monthly"] as const;
export type SubscriptionCadence = (typeof SUBSCRIPTION_CADENCES)[number];

/**
 * What one e-mail covers, always ending on the last day of the week or month just ended (on the
 * firm's clock): that week or month itself ("last"), or the month, quarter or year up to it.
 */
export const SUBSCRIPTION_PERIODS = ["last", "month", "quarter", "year"] as const;
export type SubscriptionPeriod = (typeof SUBSCRIPTION_PERIODS)[number];

/** ISO weekdays (1 Monday … 7 Sunday) and days of the month every month has (1–28). */
export const WEEKDAY_MIN = 1;
export const WEEKDAY_MAX = 7;
export const MONTH_DAY_MIN = 1;
export const MONTH_DAY_MAX = 28;

/** Subscriptions one member may keep in one firm: a mailbox, not a mailing list. */
export const MAX_SUBSCRIPTIONS = 50;

export type ReportSubscription = {
  id: string;
  reportKey: string;
  scope: ReportScope;
  departmentId: string | null;
  period: SubscriptionPeriod;
  cadence: SubscriptionCadence;
  /** Weekly only. */
  weekday: number | null;
  /** Monthly only. */
  monthDay: number | null;
  /** The hour (0–23) on the firm's clock. */
  hour: number;
  language: Language;
  isActive: boolean;
  /** The week ("2031-W09") or month ("2031-02") the last e-mail covered. */
  lastSentPeriod: string | null;
  lastSentAt: string | null;
  /** When the next e-mail is due (an instant), or null while paused. */
  nextSendAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
};

export type ReportSubscriptionInput = {
  reportKey: string;
  scope: ReportScope;
  /** Department scope only: the department (a department head's own when left out). */
  departmentId?: string;
  period: SubscriptionPeriod;
  cadence: SubscriptionCadence;
  /** Weekly: required; monthly: ignored. */
  weekday?: number;
  /** Monthly: required; weekly: ignored. */
  monthDay?: number;
  hour: number;
  language: Language;
};

export type ReportSubscriptionPatch = Partial<Omit<ReportSubscriptionInput, "reportKey">> & {
  isActive?: boolean;
  version: number;
};
