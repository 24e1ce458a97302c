import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { I18nProvider } from "@refinedev/core";

import { DEFAULT_LANGUAGE, LANGUAGES, type Language, pickLanguage } from "../../shared/i18n-config";
import { STORAGE_KEYS } from "./storage";

type Messages = Record<string, unknown>;

/** One language per page load: the other language's messages are never downloaded. */
const LOADERS: Record<Language, () => Promise<{ default: Messages }>> = {
  "zh-CN": () => import("../../../locales/zh-CN.json"),
  en: () => import("../../../locales/en.json"),
};

const DAYJS_LOCALES: Record<Language, string> = { "zh-CN": "zh-cn", en: "en" };

const isLanguage = (value: string | null): value is Language =>
  LANGUAGES.some((l) => l.code === value);

export const getStoredLanguage = (): Language => {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
};

const applyDocumentLanguage = (language: Language) => {
  const entry = LANGUAGES.find((l) => l.code === language) ?? LANGUAGES[0];
  document.documentElement.lang = entry.code;
  document.documentElement.dir = entry.dir;
  dayjs.locale(DAYJS_LOCALES[entry.code]);
};

export const i18n = i18next.createInstance();

const loadMessages = async (language: Language) => {
  if (i18n.hasResourceBundle(language, "translation")) return;
  const messages = (await LOADERS[language]()).default;
  i18n.addResourceBundle(language, "translation", messages, true, true);
};

/** Loads the stored language's messages; main.tsx renders once this resolves. */
export const initI18n = async () => {
  const language = getStoredLanguage();
  applyDocumentLanguage(language);
  const messages = (await LOADERS[language]()).default;
  await i18n.use(initReactI18next).init({
    resources: { [language]: { translation: messages } },
    lng: language,
    // Both files hold the same keys (a check enforces it), so the fallback is rarely needed.
    fallbackLng: DEFAULT_LANGUAGE,
    partialBundledLanguages: true,
    supportedLngs: LANGUAGES.map((l) => l.code),
    interpolation: { escapeValue: false },
    returnNull: false,
    // Keep third-party promotions out of the users' console.
    showSupportNotice: false,
  });
};

export const getLanguage = (): Language => pickLanguage(i18n.language);

/**
 * Stores the language and reloads, so every cached server message, antd locale and
 * date format comes back in the new language. `reload: false` is for the login handoff, which
 * renders from scratch anyway.
 */
export const changeLanguage = async (value: string, opts: { reload?: boolean } = {}) => {
  const language = pickLanguage(value);
  localStorage.setItem(STORAGE_KEYS.language, language);
  applyDocumentLanguage(language);
  if (opts.reload ?? true) {
    window.location.reload();
    return;
  }
  await loadMessages(language);
  await i18n.changeLanguage(language);
};

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    // Refine calls translate(key, defaultMessage) as well as translate(key, options, default).
    if (typeof options === "string") return i18n.t(key, { defaultValue: options });
    const params = (options ?? {}) as Record<string, unknown>;
    return i18n.t(key, { ...params, defaultValue: defaultMessage ?? params.defaultValue ?? key });
  },
  changeLocale: (locale: string) => changeLanguage(locale),
  getLocale: () => getLanguage(),
};
