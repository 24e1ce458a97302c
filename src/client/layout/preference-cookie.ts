import { LAYOUT_TITLE } from "../../shared/i18n-config";

/** SPEC §9: preference cookies are prefixed with the app title, last 30 days, path "/". */
const MAX_AGE = 2_592_000;

const cookieName = (name: string) => `${LAYOUT_TITLE}-${name}`;

export const readPreference = (name: string): string | null => {
  const wanted = `${cookieName(name)}=`;
  const entry = document.cookie.split("; ").find((part) => part.startsWith(wanted));
  return entry ? decodeURIComponent(entry.slice(wanted.length)) : null;
};

export const writePreference = (name: string, value: string) => {
  document.cookie = `${cookieName(name)}=${encodeURIComponent(value)}; max-age=${MAX_AGE}; path=/; samesite=lax`;
};
