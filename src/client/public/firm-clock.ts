import { getLanguage } from "./i18n";

/**
 * A time on the firm's clock with its offset ("2026/11/27 09:30:00 (UTC+8)"), whatever zone the
 * reader's browser is in (no firm zone: the reader's, labelled). Intl, not dayjs: the public
 * pages stay small. `dateOnly` gives the firm's day with the same label.
 */
export const firmClock = (value: string | null, zone: string | null, dateOnly = false) => {
  if (!value) return "";
  const at = new Date(value);
  const timeZone = zone ?? undefined;
  const offset = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "shortOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  const text = dateOnly
    ? at.toLocaleDateString(getLanguage(), { timeZone })
    : at.toLocaleString(getLanguage(), { timeZone });
  return offset ? `${text} (${offset.replace("GMT", "UTC")})` : text;
};
