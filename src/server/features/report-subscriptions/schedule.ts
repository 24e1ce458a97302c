import dayjs from "dayjs";

import type {
  SubscriptionCadence,
  SubscriptionPeriod,
} from "../../../shared/contracts/report-subscriptions";
// The shared module extends dayjs with utc and timezone, which dayjs.utc and dayjs.tz need.
import { inFirmZone } from "../../../shared/firm-time";

/** When a subscription sends: weekly on an ISO weekday or monthly on a day, at an hour of the firm's clock. */
export type Schedule = {
  cadence: SubscriptionCadence;
  weekday: number | null;
  monthDay: number | null;
  hour: number;
};

/** A week or month one send reports on: its key ("2031-W09", "2031-02") and its days, both included. */
export type DuePeriod = { key: string; start: string; end: string };

const DAY = "YYYY-MM-DD";
// Calendar arithmetic in UTC: the server's own zone (and its summer time) must not move a day.
const utcDay = (day: string) => dayjs.utc(day);
const addDays = (day: string, n: number) => utcDay(day).add(n, "day").format(DAY);

/** The firm's wall clock at an instant: its day, ISO weekday (1 Monday … 7 Sunday), day of month, hour. */
const wallClock = (now: Date, zone: string) => {
  const local = inFirmZone(now, zone);
  return {
    day: local.format(DAY),
    weekday: ((local.day() + 6) % 7) + 1,
    monthDay: local.date(),
    hour: local.hour(),
  };
};

/** The ISO week of a Monday ("2031-W09"): the year is its Thursday's, so keys sort in time order. */
export const isoWeekKey = (monday: string) => {
  const thursday = utcDay(addDays(monday, 3));
  const week = Math.floor(thursday.diff(thursday.startOf("year"), "day") / 7) + 1;
  return `${thursday.year()}-W${String(week).padStart(2, "0")}`;
};

/**
 * The period the latest send moment at or before `now` reports on: a weekly send (its weekday, its
 * hour, firm's clock) reports the ISO week before the one it falls in, a monthly send the month
 * before its own. After downtime this is the newest period only: the missed ones are not sent.
 */
export const latestDue = (schedule: Schedule, now: Date, zone: string): DuePeriod => {
  const clock = wallClock(now, zone);
  if (schedule.cadence === "weekly") {
    const weekday = schedule.weekday ?? 1;
    const monday = addDays(clock.day, 1 - clock.weekday);
    const reached =
      clock.weekday > weekday || (clock.weekday === weekday && clock.hour >= schedule.hour);
    const sendMonday = reached ? monday : addDays(monday, -7);
    const start = addDays(sendMonday, -7);
    return { key: isoWeekKey(start), start, end: addDays(sendMonday, -1) };
  }
  const monthDay = schedule.monthDay ?? 1;
  const month = utcDay(clock.day).startOf("month");
  const reached =
    clock.monthDay > monthDay || (clock.monthDay === monthDay && clock.hour >= schedule.hour);
  const covered = (reached ? month : month.subtract(1, "month")).subtract(1, "month");
  return {
    key: covered.format("YYYY-MM"),
    start: covered.format(DAY),
    end: covered.endOf("month").format(DAY),
  };
};

/**
 * The days one e-mail reports on: the week or month just ended, or the month, quarter or year up
 * to its last day (a Monday's "month to date" ends on the Sunday before).
 */
export const coveredDays = (period: SubscriptionPeriod, due: DuePeriod) => {
  if (period === "last") return { from: due.start, to: due.end };
  const end = utcDay(due.end);
  const start =
    period === "month"
      ? end.startOf("month")
      : period === "year"
        ? end.startOf("year")
        : end.month(Math.floor(end.month() / 3) * 3).startOf("month");
  return { from: start.format(DAY), to: due.end };
};

/** The instant of an hour on a firm's day (a summer-time gap moves it to the next real hour). */
const instantOf = (day: string, hour: number, zone: string) =>
  dayjs.tz(`${day}T${String(hour).padStart(2, "0")}:00:00`, zone).toDate();

/** The next send moment after `now`, as an instant (what the subscriptions list shows). */
export const nextSendAt = (schedule: Schedule, now: Date, zone: string): Date => {
  const clock = wallClock(now, zone);
  if (schedule.cadence === "weekly") {
    const day = addDays(clock.day, (schedule.weekday ?? 1) - clock.weekday);
    const at = instantOf(day, schedule.hour, zone);
    return at > now ? at : instantOf(addDays(day, 7), schedule.hour, zone);
  }
  const month = utcDay(clock.day).startOf("month");
  const dayIn = (m: dayjs.Dayjs) => m.date(schedule.monthDay ?? 1).format(DAY);
  const at = instantOf(dayIn(month), schedule.hour, zone);
  return at > now ? at : instantOf(dayIn(month.add(1, "month")), schedule.hour, zone);
};

/**
 * The period a subscription counts as sent up to when it is made, rescheduled or resumed: the
 * latest one already due, so the first e-mail goes at the next send moment, never at once for a
 * period that ended before. Within one cadence it never moves back, so a reschedule cannot send a
 * period twice; a new cadence starts its own keys.
 */
export const baselineOf = (
  schedule: Schedule,
  now: Date,
  zone: string,
  before?: { cadence: string; lastSentPeriod: string | null },
) => {
  const due = latestDue(schedule, now, zone).key;
  if (!before || before.cadence !== schedule.cadence || !before.lastSentPeriod) return due;
  return before.lastSentPeriod > due ? before.lastSentPeriod : due;
};
