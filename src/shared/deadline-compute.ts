import dayjs from "dayjs";

import { isCalendarDate } from "./calendar-dates";

/** A firm's holiday calendar as the computation reads it. */
export type HolidayCalendar = {
  /** "YYYY-MM-DD" → "holiday" (statutory holiday) or "workday" (make-up working day, 调休). */
  days: Map<string, "holiday" | "workday">;
  /** Years the firm has a calendar for; any other year is flagged, never assumed weekdays only. */
  years: Set<number>;
};

export type PeriodUnit = "day" | "month" | "year";

export type DeadlineRuleInput = { amount: number; unit: PeriodUnit };

export type ComputedDeadline = {
  dueDate: string;
  /** The last day the period named before it was moved to the next working day; null if not moved. */
  shiftedFrom: string | null;
  /** Years the computation needed but has no calendar for (sorted). */
  missingYears: number[];
};

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one), the one check the API uses. */
export { isCalendarDate };

/**
 * Whether a day is a working day: make-up working days count even on a weekend, statutory
 * holidays never do, otherwise Monday to Friday.
 */
export const isWorkingDay = (day: string, calendar: HolidayCalendar) => {
  const kind = calendar.days.get(day);
  if (kind === "workday") return true;
  if (kind === "holiday") return false;
  const weekday = dayjs(day).day();
  return weekday !== 0 && weekday !== 6;
};

/**
 * The last day of a period under the Civil Procedure Law (art. 85): the day of the trigger is not
 * counted; a period in months or years ends on the corresponding day (or the month's last day);
 * when the last day is a statutory holiday or rest day the period ends on the next working day.
 * Holidays inside the period are counted. Every year the search touches without a calendar is
 * reported, so a screen can warn instead of silently trusting weekdays.
 */
export const computeDeadline = (
  triggerDate: string,
  rule: DeadlineRuleInput,
  calendar: HolidayCalendar,
): ComputedDeadline => {
  if (!isCalendarDate(triggerDate)) throw new RangeError(`not a date: ${triggerDate}`);
  const last = dayjs(triggerDate).add(rule.amount, rule.unit);
  const lastDay = last.format("YYYY-MM-DD");
  let due = last;
  // The longest run of non-working days in a Chinese calendar is 9 (Spring Festival); 40 is ample.
  for (let guard = 0; guard < 40 && !isWorkingDay(due.format("YYYY-MM-DD"), calendar); guard += 1)
    due = due.add(1, "day");
  const dueDate = due.format("YYYY-MM-DD");
  const missing = new Set<number>();
  for (let y = last.year(); y <= due.year(); y += 1) if (!calendar.years.has(y)) missing.add(y);
  return {
    dueDate,
    shiftedFrom: dueDate === lastDay ? null : lastDay,
    missingYears: [...missing].sort(),
  };
};

/** The date a reminder `offsetDays` before `dueDate` goes out. */
export const reminderDate = (dueDate: string, offsetDays: number) =>
  dayjs(dueDate).subtract(offsetDays, "day").format("YYYY-MM-DD");

/** Builds the calendar from rows as the API and the database give them. */
export const calendarOf = (rows: { day: string; kind: string }[]): HolidayCalendar => {
  const days = new Map<string, "holiday" | "workday">();
  const years = new Set<number>();
  for (const r of rows) {
    if (r.kind !== "holiday" && r.kind !== "workday") continue;
    days.set(r.day, r.kind);
    years.add(Number(r.day.slice(0, 4)));
  }
  return { days, years };
};
