import type { Language } from "./i18n-config";

type Bilingual = Record<Language, string>;

/**
 * The descriptions the seeded roles start with, in both languages. The database keeps one text
 * (the firm's language); a description that still is a seeded one shows in the reader's
 * language, one an admin wrote stays as written.
 */
export const ROLE_DESCRIPTIONS: Record<string, Bilingual> = {
  admin: { "zh-CN": "律所管理员", en: "Firm administrator" },
  partner: { "zh-CN": "合伙人", en: "Partner" },
  lawyer: { "zh-CN": "律师", en: "Lawyer" },
  assistant: { "zh-CN": "律师助理", en: "Legal assistant" },
  finance: { "zh-CN": "财务", en: "Finance" },
  intern: { "zh-CN": "实习生（暂无权限）", en: "Intern (no rights yet)" },
};

/** The seeded roles' names in both languages (the same rule as their descriptions). */
export const ROLE_NAMES: Record<string, Bilingual> = {
  admin: { "zh-CN": "管理员", en: "Administrator" },
  partner: { "zh-CN": "合伙人", en: "Partner" },
  lawyer: { "zh-CN": "律师", en: "Lawyer" },
  assistant: { "zh-CN": "律师助理", en: "Assistant" },
  finance: { "zh-CN": "财务", en: "Finance" },
  intern: { "zh-CN": "实习生", en: "Intern" },
};

const seededText = (
  texts: Record<string, Bilingual>,
  code: string,
  text: string,
  lang: string,
): string => {
  const seeded = Object.hasOwn(texts, code) ? texts[code] : undefined;
  if (!seeded || (text !== seeded["zh-CN"] && text !== seeded.en)) return text;
  return lang === "en" ? seeded.en : seeded["zh-CN"];
};

export const roleDescription = (code: string, description: string, lang: string) =>
  seededText(ROLE_DESCRIPTIONS, code, description, lang);

export const roleName = (code: string, name: string, lang: string) =>
  seededText(ROLE_NAMES, code, name, lang);

/**
 * Notification params may carry a value per language as `name@en` beside `name` (the seeded
 * welcome names the firm in both); the reader's language picks one.
 */
export const paramsIn = (
  params: Record<string, unknown>,
  lang: string,
): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) if (!key.includes("@")) out[key] = value;
  for (const [key, value] of Object.entries(params)) {
    const [name, language] = key.split("@");
    if (language === lang && name) out[name] = value;
  }
  return out;
};
