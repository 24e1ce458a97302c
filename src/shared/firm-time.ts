import dayjs, { type Dayjs } from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Every time the firm shows (screens, PDFs, e-mails) is on the firm's clock, not the reader's:
 * a 09:30 hearing in Beijing is 09:30 for a partner travelling in New York. A firm sets its zone
 * in workspaces.settings.timeZone; this is the zone of a firm that never set one.
 */
export const DEFAULT_FIRM_TIME_ZONE = "Asia/Shanghai";

/** An IANA zone name the runtime knows ("Asia/Shanghai"); anything else is refused. */
export const isTimeZone = (name: unknown): name is string => {
  if (typeof name !== "string" || name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/** The zone names a firm may pick (the runtime's list, plus UTC, which some runtimes omit). */
export const timeZoneNames = (): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const names = intl.supportedValuesOf?.("timeZone") ?? [DEFAULT_FIRM_TIME_ZONE];
  return names.includes("UTC") ? names : [...names, "UTC"];
};

/** An instant on the firm's clock. */
export const inFirmZone = (instant: string | number | Date | Dayjs, zone: string) =>
  dayjs(instant).tz(zone);

/** "UTC+8", "UTC-4", "UTC+5:30": the zone's offset at that instant (summer time moves it). */
export const utcOffsetLabel = (instant: string | number | Date | Dayjs, zone: string) => {
  const minutes = inFirmZone(instant, zone).utcOffset();
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, "0")}` : ""}`;
};

/** An instant as the firm reads it, "2026-11-27 09:30", with " (UTC+8)" when `isLabelled`. */
export const formatFirmTime = (
  instant: string | number | Date | Dayjs,
  zone: string,
  format = "YYYY-MM-DD HH:mm",
  isLabelled = false,
) => {
  const text = inFirmZone(instant, zone).format(format);
  return isLabelled ? `${text} (${utcOffsetLabel(instant, zone)})` : text;
};

/** The firm's calendar day of an instant ("YYYY-MM-DD"). */
export const firmDay = (instant: string | number | Date | Dayjs, zone: string) =>
  inFirmZone(instant, zone).format("YYYY-MM-DD");

/**
 * The instant of a wall-clock time ("YYYY-MM-DD HH:mm[:ss]") on the firm's clock: "2026-11-27 09:30" in Asia/Shanghai is
 * 01:30Z whatever zone the computer that typed it is in.
 */
export const firmWallToInstant = (wall: string, zone: string) => dayjs.tz(wall, zone).toISOString();
