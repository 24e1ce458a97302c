import dayjs from "dayjs";

import type { ReportPeriod } from "../../../shared/contracts/reports";
import { AppError } from "../../../shared/errors";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day: 2031-02-30 has the right shape but is no day. */
const isDay = (value: string) => DAY.test(value) && dayjs(value).format("YYYY-MM-DD") === value;

const bad = (field: string) =>
  new AppError(422, "errors.reports.badDate", {
    fields: [{ field, message: "errors.reports.badDate" }],
  });

/**
 * The firm's days a period covers, both included: the month, quarter or year holding `today`
 * (on the firm's clock), or a custom range of at most five years (a dashboard, not an archive).
 */
export const periodDays = (
  period: ReportPeriod,
  today: string,
  from?: string,
  to?: string,
): { from: string; to: string } => {
  if (period === "custom") {
    if (!from || !isDay(from)) throw bad("from");
    if (!to || !isDay(to)) throw bad("to");
    if (from > to)
      throw new AppError(422, "errors.reports.rangeReversed", {
        fields: [{ field: "to", message: "errors.reports.rangeReversed" }],
      });
    if (dayjs(to).diff(dayjs(from), "year", true) > 5)
      throw new AppError(422, "errors.reports.rangeTooLong", {
        fields: [{ field: "to", message: "errors.reports.rangeTooLong" }],
      });
    return { from, to };
  }
  const day = dayjs(today);
  if (period === "month")
    return {
      from: day.startOf("month").format("YYYY-MM-DD"),
      to: day.endOf("month").format("YYYY-MM-DD"),
    };
  if (period === "year")
    return {
      from: day.startOf("year").format("YYYY-MM-DD"),
      to: day.endOf("year").format("YYYY-MM-DD"),
    };
  const q = Math.floor(day.month() / 3) * 3;
  const start = day.month(q).startOf("month");
  return {
    from: start.format("YYYY-MM-DD"),
    to: start.add(2, "month").endOf("month").format("YYYY-MM-DD"),
  };
};

export const nextDay = (day: string) => dayjs(day).add(1, "day").format("YYYY-MM-DD");
