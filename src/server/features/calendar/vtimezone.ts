/**
 * The VTIMEZONE block of a firm's zone, built from the runtime's time zone data, so the feed can
 * give every time as the firm's wall clock (DTSTART;TZID=Asia/Shanghai:…T093000) for any zone a
 * firm may pick. It describes only the span the feed's items cover: each offset change in it is
 * one observance (no recurrence rules to get wrong), which RFC 5545 allows and calendar apps read.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const wallFormats = new Map<string, Intl.DateTimeFormat>();
const wallFormatOf = (zone: string) => {
  let format = wallFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    wallFormats.set(zone, format);
  }
  return format;
};

/** The zone's offset from UTC in minutes at an instant (its wall clock minus UTC). */
export const offsetMinutes = (zone: string, at: number) => {
  const parts = Object.fromEntries(
    wallFormatOf(zone)
      .formatToParts(new Date(at))
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return Math.round((wall - Math.floor(at / 1000) * 1000) / MINUTE);
};

/** The first minute at which the offset differs from the one at `from` (the change lies in (from, to]). */
const changeIn = (zone: string, from: number, to: number) => {
  const before = offsetMinutes(zone, from);
  let lo = from;
  let hi = to;
  while (hi - lo > MINUTE) {
    const mid = lo + Math.max(1, Math.floor((hi - lo) / 2 / MINUTE)) * MINUTE;
    if (offsetMinutes(zone, mid) === before) lo = mid;
    else hi = mid;
  }
  return hi;
};

/** Every offset change in [from, to], probed day by day (zones change at most a few times a year). */
const changesIn = (zone: string, from: number, to: number) => {
  const out: { at: number; from: number; to: number }[] = [];
  let at = from;
  let offset = offsetMinutes(zone, from);
  while (at < to) {
    const next = Math.min(at + DAY, to);
    const nextOffset = offsetMinutes(zone, next);
    if (nextOffset !== offset) {
      const change = changeIn(zone, at, next);
      out.push({ at: change, from: offset, to: offsetMinutes(zone, change) });
      offset = offsetMinutes(zone, change);
      at = change;
      continue;
    }
    at = next;
  }
  return out;
};

/** "+0800", "-0430". */
const offsetText = (minutes: number) => {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
};

/** An instant as the wall time of a clock `offset` minutes from UTC, "YYYYMMDDTHHMMSS". */
const wallText = (at: number, offset: number) =>
  new Date(at + offset * MINUTE).toISOString().slice(0, 19).replace(/[-:]/g, "");

/** Summer time: the higher of the year's two offsets (January's and July's), in a zone that has two. */
const isDaylight = (zone: string, at: number) => {
  const year = new Date(at).getUTCFullYear();
  const january = offsetMinutes(zone, Date.UTC(year, 0, 15));
  const july = offsetMinutes(zone, Date.UTC(year, 6, 15));
  return january !== july && offsetMinutes(zone, at) > Math.min(january, july);
};

/** True when the zone keeps UTC's clock all through [from, to]: its times go out as UTC. */
export const isUtcThroughout = (zone: string, from: number, to: number) =>
  offsetMinutes(zone, from) === 0 && changesIn(zone, from, to).length === 0;

/**
 * The VTIMEZONE of `zone` for the instants from `from` to `to` (milliseconds): the offset in force
 * at the start from that day's midnight, then one observance per change, its DTSTART on the clock
 * in force before it (as RFC 5545 §3.6.5 reads it).
 */
export const vtimezoneOf = (zone: string, from: number, to: number) => {
  const start = Math.floor(from / DAY) * DAY - DAY;
  const end = Math.ceil(to / DAY) * DAY + DAY;
  const initial = offsetMinutes(zone, start);
  const observance = (at: number, before: number, after: number) => {
    const type = isDaylight(zone, at) ? "DAYLIGHT" : "STANDARD";
    return [
      `BEGIN:${type}`,
      `DTSTART:${wallText(at, before)}`,
      `TZOFFSETFROM:${offsetText(before)}`,
      `TZOFFSETTO:${offsetText(after)}`,
      `END:${type}`,
    ];
  };
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${zone}`,
    ...observance(start, initial, initial),
    ...changesIn(zone, start, end).flatMap((c) => observance(c.at, c.from, c.to)),
    "END:VTIMEZONE",
  ].join("\r\n");
};
