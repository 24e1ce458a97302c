import { setReturnTo, clearAuthStorage } from "./storage";
import { buildLoginUrl, loadAppConfig } from "./config";

/** The router base path; in-app paths below are relative to it. */
export const BASE_PATH = "/manage";

export const PATHS = {
  home: "/",
  login: "/login",
  notAuthorized: "/not-authorized",
  notFound: "/pages/misc/not-found/404",
  serverError: "/pages/misc/server-error",
} as const;

type NavigateFn = (to: string, opts?: { replace?: boolean }) => void;

let navigateFn: NavigateFn | null = null;

/**
 * The axios interceptors live outside React but must move the SPA (403 -> not-authorized)
 * without a full reload; the router registers its navigate function here once mounted.
 */
export const registerNavigate = (fn: NavigateFn | null) => {
  navigateFn = fn;
};

export const navigateTo = (path: string, opts: { replace?: boolean } = {}) => {
  if (navigateFn) {
    navigateFn(path, opts);
    return;
  }
  window.location.assign(`${BASE_PATH}${path}`);
};

const currentInAppPath = () => {
  const { pathname, search, hash } = window.location;
  const inApp = pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) || "/" : "/";
  return `${inApp}${search}${hash}`;
};

let isRedirecting = false;

/**
 * Leaves the SPA for a full page (user center). Later redirects in the same tick (a guard
 * noticing the cleared token) must not overwrite this one.
 */
export const leaveApp = (url: string) => {
  isRedirecting = true;
  window.location.assign(url);
};

/**
 * Sends the browser to the user-center sign-in page. The page the user wanted is remembered
 * so the token handoff can bring them back to it.
 */
export const redirectToLogin = async (opts: { clear?: boolean; returnTo?: string } = {}) => {
  if (opts.clear) clearAuthStorage();
  if (isRedirecting) return;
  isRedirecting = true;
  const returnTo = opts.returnTo ?? currentInAppPath();
  if (returnTo !== "/" && !returnTo.startsWith(PATHS.login)) setReturnTo(returnTo);
  const config = await loadAppConfig();
  window.location.assign(buildLoginUrl(config));
};
