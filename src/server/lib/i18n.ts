import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import i18next, { type TFunction } from "i18next";

import { DEFAULT_LANGUAGE, type Language, pickLanguage } from "../../shared/i18n-config";

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../locales");

const load = (lang: Language) =>
  JSON.parse(readFileSync(path.join(LOCALES_DIR, `${lang}.json`), "utf8")) as Record<
    string,
    unknown
  >;

const instance = i18next.createInstance();
void instance.init({
  initImmediate: false,
  showSupportNotice: false,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: {
    "zh-CN": { translation: load("zh-CN") },
    en: { translation: load("en") },
  },
  interpolation: { escapeValue: false },
  // Field messages may already be sentences ("must be: a, b"); never split them as namespaces.
  nsSeparator: false,
});

const fixed: Record<Language, TFunction> = {
  "zh-CN": instance.getFixedT("zh-CN"),
  en: instance.getFixedT("en"),
};

/** Translator for the language a request asked for (the `Lang` header, zh-CN by default). */
export const translatorFor = (lang: unknown) => fixed[pickLanguage(lang)];

export type Translate = (key: string, params?: Record<string, unknown>) => string;
