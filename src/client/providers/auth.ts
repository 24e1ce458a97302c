import type { AuthProvider } from "@refinedev/core";

import { isApiError } from "./api-error";
import { buildLogoutUrl, loadAppConfig } from "./config";
import { api } from "../lib/api";
import { leaveApp, PATHS, redirectToLogin } from "./navigation";
import { fetchLoginUser, USER_API } from "./session";
import { clearAuthStorage, getStoredUserInfo, hasAccessToken } from "./storage";

const beforeSignOut = new Set<() => void>();

/** Runs `step` at the start of every sign-out, before the token is revoked (the live notification stream closes itself here). */
export const onSignOut = (step: () => void) => {
  beforeSignOut.add(step);
};

export const authProvider: AuthProvider = {
  // Sign-in happens on the user center; the SPA only receives the token (features/auth).
  login: async () => {
    await redirectToLogin();
    return { success: true };
  },
  logout: async () => {
    // The revocation also ends the live stream with `reauth`; its 401 check would race this
    // redirect to the sign-in page, so the stream is closed first.
    beforeSignOut.forEach((step) => step());
    try {
      // Revokes the token server-side; a failure must not keep the user signed in here.
      await api.post(USER_API.logout, null, { skipErrorHandler: true });
    } catch {
      // ignored on purpose
    }
    const config = await loadAppConfig();
    // The ability is left as is: the page is about to unload, and emptying it would flash
    // the not-authorized page first.
    clearAuthStorage();
    leaveApp(buildLogoutUrl(config));
    return { success: true };
  },
  // No side effect here: Refine calls check() on every route change, and the route guard
  // (routing/app-router) already sends anonymous users to the user center. `/login` without a
  // token is the page that does that redirect.
  check: async () =>
    hasAccessToken()
      ? { authenticated: true }
      : { authenticated: false, logout: false, redirectTo: PATHS.login },
  onError: async (error: unknown) => {
    if (isApiError(error) && error.statusCode === 401) {
      await redirectToLogin({ clear: true });
    }
    return {};
  },
  getIdentity: async () => {
    if (!hasAccessToken()) return null;
    try {
      return await fetchLoginUser();
    } catch {
      return getStoredUserInfo();
    }
  },
  getPermissions: async () => null,
};
