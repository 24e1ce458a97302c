/**
 * What the API accepts as a date or a date-time, in one place: every ajv instance (Fastify's route
 * schemas, the resource schemas, workflow forms), the browser's schema checker and the list
 * filters use these checks, so 2031-02-30 is refused everywhere instead of reaching the database
 * as an error (PostgreSQL) or being rolled over to 2 March (JavaScript's Date).
 */

/**
 * The years a date may fall in. A firm's records (births, contracts, limitation periods) fit
 * comfortably; year 0000 or 9999 is a slip of the keyboard, and PostgreSQL has no year 0 at all.
 */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2199;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * ISO 8601 as browsers write it (`toISOString`, dayjs): seconds and fractions optional, and an
 * offset always, since a time without one is not an instant.
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const daysIn = (year: number, month: number) =>
  month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

const isRealDay = (match: RegExpExecArray | null) => {
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return (
    year >= YEAR_MIN &&
    year <= YEAR_MAX &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(year, month)
  );
};

/** A real calendar day written YYYY-MM-DD, in YEAR_MIN..YEAR_MAX (2026-02-29 is not one). */
export const isCalendarDate = (value: unknown): value is string =>
  typeof value === "string" && isRealDay(DATE.exec(value));

/** A real instant: a calendar day (as isCalendarDate), a real time of day and an offset. */
export const isCalendarDateTime = (value: unknown): value is string =>
  typeof value === "string" && isRealDay(DATE_TIME.exec(value));

/** The `date` and `date-time` formats; their message keys are `validation.formats.date(-time)`. */
export const CALENDAR_FORMATS = {
  date: { type: "string", validate: (v: string) => isCalendarDate(v) },
  "date-time": { type: "string", validate: (v: string) => isCalendarDateTime(v) },
} as const;

type FormatTarget = {
  addFormat: (
    name: string,
    format: { type: "string"; validate: (v: string) => boolean },
  ) => unknown;
};

/**
 * Replaces ajv-formats' `date`/`date-time` (which take year 0000 and want seconds) on an ajv
 * instance; call it after ajv-formats, which would otherwise put its own back.
 */
export const addCalendarFormats = <T extends FormatTarget>(ajv: T): T => {
  for (const [name, format] of Object.entries(CALENDAR_FORMATS)) ajv.addFormat(name, format);
  return ajv;
};
