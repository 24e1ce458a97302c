import { LAYOUT_TITLE } from "../../shared/i18n-config";

/** Preference cookies are prefixed with the app title, last 30 days, path "/". */
export const PREFERENCE_MAX_AGE = 2_592_000;

/** The preferences kept in cookies (public/loader.js reads theme and color-scheme). */
export const COOKIE_NAMES = {
  theme: "theme",
  colorScheme: "color-scheme",
  skin: "skin",
  navbarBlur: "navbar-blur",
  navCollapsed: "nav-collapsed",
  contentWidth: "content-width",
} as const;

export const cookieName = (name: string) => `${LAYOUT_TITLE}-${name}`;

/** The `document.cookie` assignment for one preference. */
export const preferenceCookie = (name: string, value: string) =>
  `${cookieName(name)}=${encodeURIComponent(value)}; max-age=${PREFERENCE_MAX_AGE}; path=/; samesite=lax`;

export const readPreference = (name: string): string | null => {
  const wanted = `${cookieName(name)}=`;
  const entry = document.cookie.split("; ").find((part) => part.startsWith(wanted));
  return entry ? decodeURIComponent(entry.slice(wanted.length)) : null;
};

export const writePreference = (name: string, value: string) => {
  document.cookie = preferenceCookie(name, value);
};
