import dayjs from "dayjs";
import { and, eq, inArray, notInArray, or, type SQL, sql, type SQLWrapper } from "drizzle-orm";

// The shared module also extends dayjs with its utc and timezone plugins, which dayjs.tz needs.
import { DEFAULT_FIRM_TIME_ZONE, isTimeZone } from "../../shared/firm-time";
import type { Db } from "../db/client";
import { workspaces } from "../db/tables";

/**
 * The firm's time zone (workspaces.settings.timeZone), read at the moment it is needed: the app
 * runs several processes, and an admin's change must reach PDFs and e-mails on all of them.
 */
export const readFirmTimeZone = async (db: Db, workspaceId: string): Promise<string> => {
  const [row] = await db
    .select({ zone: sql<string | null>`${workspaces.settings} ->> 'timeZone'` })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  // A zone a later runtime dropped must not break every date the firm prints.
  return isTimeZone(row?.zone) ? row.zone : DEFAULT_FIRM_TIME_ZONE;
};

/**
 * Day and year formatters by zone: building an Intl formatter costs far more than using one, and
 * a month of the calendar converts thousands of instants.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormatOf = (zone: string) => {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(zone, format);
  }
  return format;
};

/** The firm's calendar date ("YYYY-MM-DD") at an instant: a firm's day ends at its own midnight. */
export const firmDateOf = (at: Date, zone: string) => dayFormatOf(zone).format(at);

/** The firm's calendar year at an instant (case and contract numbers count per year). */
export const firmYearOf = (at: Date, zone: string) => Number(firmDateOf(at, zone).slice(0, 4));

/** The instant a firm's calendar date begins (its midnight, whatever the server's zone). */
export const firmDayStart = (day: string, zone: string) =>
  dayjs.tz(`${day}T00:00:00`, zone).toDate();

/** Today on the firm's clock, reading its zone. */
export const firmTodayOf = async (db: Db, workspaceId: string, now = new Date()) =>
  firmDateOf(now, await readFirmTimeZone(db, workspaceId));

/**
 * A sweep over every firm (reminders, expiries, overdue seals) asks "has this row's day come?" on
 * each firm's own clock: Auckland's day starts 17 hours before New York's. `isDue(today)` is the
 * condition for the firms whose date at `now` is `today`. Firms are grouped by that date (at most
 * three at any instant); the largest group is matched as "every firm but the others", so an
 * install whose firms share a zone adds no list of firms to the statement.
 */
export const dueOnEachFirmsDay = async (
  db: Db,
  now: Date,
  workspaceId: SQLWrapper,
  isDue: (today: string) => SQL | undefined,
): Promise<SQL | undefined> => {
  const rows = await db
    .select({ id: workspaces.id, zone: sql<string | null>`${workspaces.settings} ->> 'timeZone'` })
    .from(workspaces);
  const dayOfZone = new Map<string | null, string>();
  const byDay = new Map<string, string[]>();
  for (const { id, zone } of rows) {
    let day = dayOfZone.get(zone);
    if (day === undefined) {
      day = firmDateOf(now, isTimeZone(zone) ? zone : DEFAULT_FIRM_TIME_ZONE);
      dayOfZone.set(zone, day);
    }
    byDay.set(day, [...(byDay.get(day) ?? []), id]);
  }
  const [main, ...rest] = [...byDay].sort(([, a], [, b]) => b.length - a.length);
  if (!main) return isDue(firmDateOf(now, DEFAULT_FIRM_TIME_ZONE));
  const others = rest.flatMap(([, ids]) => ids);
  return or(
    and(others.length ? notInArray(workspaceId, others) : undefined, isDue(main[0])),
    ...rest.map(([day, ids]) => and(inArray(workspaceId, ids), isDue(day))),
  );
};
