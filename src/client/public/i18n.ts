import i18next from "i18next";

import { DEFAULT_LANGUAGE, type Language, LANGUAGES, pickLanguage } from "../../shared/i18n-config";

/**
 * The signing and verify pages' own i18next: just the `esignPublic` part of the locales (the
 * admin app's messages would triple the page's download) and no react-i18next. The language is
 * the one chosen on the page before, else the browser's, else zh-CN.
 */
const LOADERS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  "zh-CN": () => import("virtual:esign-public-locale/zh-CN"),
  en: () => import("virtual:esign-public-locale/en"),
};

/** The admin app's key, so someone who picked a language there keeps it here. */
const STORAGE_KEY = "language";

export const i18n = i18next.createInstance();
export const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options ?? {});

const browserLanguage = (): Language => {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && LANGUAGES.some((l) => l.code === stored)) return stored as Language;
  const preferred = navigator.languages?.find((l) => /^(zh|en)/i.test(l));
  return preferred ? pickLanguage(preferred) : DEFAULT_LANGUAGE;
};

const load = async (language: Language) => {
  if (i18n.hasResourceBundle(language, "esignPublic")) return;
  i18n.addResourceBundle(language, "esignPublic", (await LOADERS[language]()).default, true, true);
};

const applyDocument = (language: Language) => {
  document.documentElement.lang = language;
  document.title = i18n.t("title");
};

export const initI18n = async () => {
  const language = browserLanguage();
  await i18n.init({
    lng: language,
    fallbackLng: false,
    ns: ["esignPublic"],
    defaultNS: "esignPublic",
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  await load(language);
  applyDocument(language);
};

export const getLanguage = (): Language => pickLanguage(i18n.language);

export const changeLanguage = async (language: Language) => {
  localStorage.setItem(STORAGE_KEY, language);
  await load(language);
  await i18n.changeLanguage(language);
  applyDocument(language);
};
