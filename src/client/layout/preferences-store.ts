import { useSyncExternalStore } from "react";

import { DEFAULT_PREFERENCES, mergePreferences, type Preferences } from "../../shared/preferences";
import { api } from "../lib/api";
import { getStoredLanguage } from "../providers/i18n";
import { hasAccessToken } from "../providers/storage";
import { COOKIE_NAMES, readPreference, writePreference } from "./preference-cookie";

/**
 * The interface preferences for this tab. The first paint needs them before any
 * request, so they live in cookies (theme, skin, navbar blur, nav collapsed, content width: the
 * The listed ones) and localStorage (the rest); the server keeps a copy per user so a new browser
 * starts from the user's choices.
 */
const LOCAL_KEY = "law-manage-layout";
const PREFERENCES_API = "/profile/preferences";

type CookieKey = "theme" | "skin" | "navbarBlur" | "navCollapsed" | "contentWidth";
const COOKIE_KEYS: CookieKey[] = ["theme", "skin", "navbarBlur", "navCollapsed", "contentWidth"];
const LOCAL_KEYS = ["navLayout", "navbarType", "footerType", "isRtl"] as const;

const cookieNameOf = (key: CookieKey) => COOKIE_NAMES[key];

const parseCookie = (key: CookieKey, raw: string | null): unknown => {
  if (raw === null) return undefined;
  return typeof DEFAULT_PREFERENCES[key] === "boolean" ? raw === "true" : raw;
};

const readLocal = (): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LOCAL_KEY) ?? "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** Keys this browser already holds a value for: the server copy does not override them. */
const storedHere = new Set<string>();

const readInitial = (): Preferences => {
  const stored: Record<string, unknown> = { ...readLocal() };
  for (const key of COOKIE_KEYS) {
    const value = parseCookie(key, readPreference(cookieNameOf(key)));
    if (value !== undefined) stored[key] = value;
  }
  for (const key of Object.keys(stored)) storedHere.add(key);
  return { ...mergePreferences(stored), language: getStoredLanguage() };
};

let state: Preferences = DEFAULT_PREFERENCES;
let isInitialised = false;
const listeners = new Set<() => void>();

const ensureInit = () => {
  if (isInitialised) return;
  isInitialised = true;
  state = readInitial();
};

const persistLocally = (next: Preferences) => {
  for (const key of COOKIE_KEYS) writePreference(cookieNameOf(key), String(next[key]));
  const local = Object.fromEntries(LOCAL_KEYS.map((key) => [key, next[key]]));
  localStorage.setItem(LOCAL_KEY, JSON.stringify(local));
};

const changedKeys = (before: Preferences, after: Preferences) =>
  (Object.keys(after) as Array<keyof Preferences>).filter((key) => before[key] !== after[key]);

const setState = (next: Preferences) => {
  state = next;
  listeners.forEach((listener) => listener());
};

/** Sends the changed keys to the server; the cookies already hold them if this fails. */
const saveOnServer = async (patch: Partial<Preferences>) => {
  if (!hasAccessToken() || Object.keys(patch).length === 0) return;
  await api.put(PREFERENCES_API, patch, { skipErrorHandler: true }).catch(() => undefined);
};

/** The language is stored before the reload that applies it, so the server copy keeps up. */
export const saveLanguagePreference = (language: Preferences["language"]) =>
  saveOnServer({ language });

export const getPreferences = (): Preferences => {
  ensureInit();
  return state;
};

/** Applies a change (already run through the layout rules), stores it everywhere. */
export const setPreferences = (next: Preferences) => {
  ensureInit();
  const keys = changedKeys(state, next);
  if (!keys.length) return;
  keys.forEach((key) => storedHere.add(key));
  persistLocally(next);
  void saveOnServer(Object.fromEntries(keys.map((key) => [key, next[key]])));
  setState(next);
};

export const updatePreferences = (patch: Partial<Preferences>) =>
  setPreferences({ ...getPreferences(), ...patch });

/**
 * After sign-in: takes the server's values for whatever this browser has never stored, and
 * answers the account's preferences (language included, which this does not apply: changing
 * It means a reload, unless the sign-in handoff does it before the first screen).
 */
export const syncServerPreferences = async (): Promise<Preferences | undefined> => {
  if (!hasAccessToken()) return undefined;
  try {
    const data = await api.get<Record<string, unknown>>(PREFERENCES_API, {
      skipErrorHandler: true,
    });
    const server = mergePreferences(data);
    const current = getPreferences();
    const adopted = (Object.keys(server) as Array<keyof Preferences>).filter(
      (key) => key !== "language" && !storedHere.has(key) && server[key] !== current[key],
    );
    if (adopted.length) {
      const next = { ...current, ...Object.fromEntries(adopted.map((key) => [key, server[key]])) };
      persistLocally(next);
      setState(next);
    }
    return server;
  } catch {
    // Offline or signed out: the local values stay.
    return undefined;
  }
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const usePreferences = (): Preferences =>
  useSyncExternalStore(subscribe, getPreferences, getPreferences);
