import type { PermissionRule } from "../../shared/permissions";

/** localStorage keys shared with the user-center handoff and the logout flow. */
export const STORAGE_KEYS = {
  accessToken: "accessToken",
  userInfo: "userInfo",
  userAbilityRules: "userAbilityRules",
  language: "language",
} as const;

/** sessionStorage: where to go back to after the user center sends the user home. */
const RETURN_TO_KEY = "returnTo";

const readJson = <T>(key: string): T | null => {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
};

export const getAccessToken = (): string | null => localStorage.getItem(STORAGE_KEYS.accessToken);

export const setAccessToken = (token: string) =>
  localStorage.setItem(STORAGE_KEYS.accessToken, token);

export const hasAccessToken = (): boolean => Boolean(getAccessToken());

export const getStoredRules = (): PermissionRule[] | null => {
  const rules = readJson<unknown>(STORAGE_KEYS.userAbilityRules);
  return Array.isArray(rules) ? (rules as PermissionRule[]) : null;
};

export const setStoredRules = (rules: PermissionRule[]) =>
  localStorage.setItem(STORAGE_KEYS.userAbilityRules, JSON.stringify(rules));

export const getStoredUserInfo = <T>(): T | null => readJson<T>(STORAGE_KEYS.userInfo);

export const setStoredUserInfo = (info: unknown) =>
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));

/** Logout and 401 both drop everything that identifies the user in this browser. */
export const clearAuthStorage = () => {
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.userInfo);
  localStorage.removeItem(STORAGE_KEYS.userAbilityRules);
};

export const setReturnTo = (path: string) => sessionStorage.setItem(RETURN_TO_KEY, path);

export const takeReturnTo = (): string | null => {
  const path = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  // Only in-app paths: a crafted value must not send the user to another site.
  return path && path.startsWith("/") && !path.startsWith("//") ? path : null;
};
