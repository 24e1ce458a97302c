/**
 * Calendar-day arithmetic for due dates, ageing and periods. Days are YYYY-MM-DD strings checked
 * with the one calendar check the API uses, so 2031-02-30 is refused here as at the edge; the
 * arithmetic goes through UTC midnights, where every day is 86 400 000 ms (no DST to skip).
 */
import { isCalendarDate } from "../calendar-dates";

const DAY_MS = 86_400_000;

const toUtc = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export { isCalendarDate };

/** `day` moved by `days` (negative goes back). */
export const addDays = (day: string, days: number): string => fromUtc(toUtc(day) + days * DAY_MS);

/** Whole days from `from` to `to`: positive when `to` is later. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((toUtc(to) - toUtc(from)) / DAY_MS);

/**
 * The same day `years` earlier; 29 February falls back to the 28th, the way a "within two years"
 * rule is read by people (and by PostgreSQL's interval arithmetic).
 */
export const subtractYears = (day: string, years: number): string => {
  const year = Number(day.slice(0, 4)) - years;
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const monthDay = day.slice(5) === "02-29" && !isLeap ? "02-28" : day.slice(5);
  return `${String(year).padStart(4, "0")}-${monthDay}`;
};

/** The accounting month a day belongs to: "2026-03-15" → "2026-03". */
export const periodOf = (day: string): string => day.slice(0, 7);

/** The month after a period: "2026-12" → "2027-01". */
export const nextPeriod = (period: string): string => {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(5, 7));
  return month === 12
    ? `${year + 1}-01`
    : `${period.slice(0, 4)}-${String(month + 1).padStart(2, "0")}`;
};
