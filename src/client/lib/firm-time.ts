import dayjs, { type Dayjs } from "dayjs";
import { useSyncExternalStore } from "react";

import {
  DEFAULT_FIRM_TIME_ZONE,
  firmDay,
  firmWallToInstant,
  formatFirmTime,
  inFirmZone,
  isTimeZone,
  utcOffsetLabel,
} from "../../shared/firm-time";

type Instant = string | number | Date | Dayjs;

/**
 * The signed-in firm's time zone, from the login user info. Every time the SPA shows is on this
 * clock, not the browser's: a 09:30 Beijing hearing stays 09:30 on a laptop set to New York.
 */
let zone = DEFAULT_FIRM_TIME_ZONE;
const listeners = new Set<() => void>();
/**
 * antd's date pickers take "now" (the Today and Now buttons, the highlighted day, the month they
 * open on) from dayjs().tz(), that is dayjs's default zone: set to the firm's, a picker's today is
 * the firm's today, not the browser's.
 */
dayjs.tz.setDefault(zone);

export const setFirmTimeZone = (next: unknown) => {
  const value = isTimeZone(next) ? next : DEFAULT_FIRM_TIME_ZONE;
  if (value === zone) return;
  zone = value;
  dayjs.tz.setDefault(zone);
  for (const listener of listeners) listener();
};

export const firmTimeZone = () => zone;

/** Re-renders when the firm's zone changes (switching firm, an admin saving a new zone). */
export const useFirmTimeZone = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => zone,
  );

/** Whether the reader's clock shows another hour than the firm's at that instant (offsets, not names). */
export const isOtherZone = (instant: Instant = Date.now()) =>
  inFirmZone(instant, zone).utcOffset() !== dayjs(instant).utcOffset();

/** An instant as the firm reads it; labelled "(UTC+8)" when the browser's zone differs. */
export const firmTime = (instant: Instant, format = "YYYY-MM-DD HH:mm") =>
  formatFirmTime(instant, zone, format, isOtherZone(instant));

/** The firm's offset label now ("UTC+8"). */
export const firmOffset = (instant: Instant = Date.now()) => utcOffsetLabel(instant, zone);

/** Today on the firm's calendar ("YYYY-MM-DD"). */
export const firmToday = () => firmDay(Date.now(), zone);

/**
 * antd pickers work in the browser's zone; a date or time the user picks is the firm's. So a
 * picker shows the firm's wall clock (a local Dayjs with the same digits) and what it returns is
 * read back on the firm's clock.
 */
export const toPickerValue = (instant: Instant) =>
  dayjs(inFirmZone(instant, zone).format("YYYY-MM-DDTHH:mm:ss"));

/** The instant a picker's wall-clock value names on the firm's clock (ISO, for the API). */
export const fromPickerValue = (value: Dayjs) =>
  firmWallToInstant(value.format("YYYY-MM-DDTHH:mm:ss"), zone);

/** Now on the firm's wall clock, as a picker value. */
export const firmNow = () => toPickerValue(Date.now());
