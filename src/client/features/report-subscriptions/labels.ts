import type { TFunction } from "i18next";

import type {
  ReportSubscription,
  SubscriptionCadence,
  SubscriptionPeriod,
} from "../../../shared/contracts/report-subscriptions";

/** "The week just ended" or "The month just ended" by cadence; the rest read the same for both. */
export const periodLabel = (
  t: TFunction,
  period: SubscriptionPeriod,
  cadence: SubscriptionCadence,
) =>
  period === "last"
    ? t(
        cadence === "weekly"
          ? "reportSubscriptions.periods.lastWeek"
          : "reportSubscriptions.periods.lastMonth",
      )
    : t(`reportSubscriptions.periods.${period}`);

/** "Every Monday at 8:00" / "Day 1 of every month at 8:00", on the firm's clock. */
export const scheduleLabel = (
  t: TFunction,
  s: Pick<ReportSubscription, "cadence" | "weekday" | "monthDay" | "hour">,
) =>
  s.cadence === "weekly"
    ? t("reportSubscriptions.schedule.weekly", {
        weekday: t(`reportSubscriptions.weekdays.${s.weekday ?? 1}`),
        hour: s.hour,
      })
    : t("reportSubscriptions.schedule.monthly", { day: s.monthDay ?? 1, hour: s.hour });
