export const LANGUAGES = [
  { code: "zh-CN", label: "中文", dir: "ltr" },
  { code: "en", label: "English", dir: "ltr" },
] as const;

export type Language = (typeof LANGUAGES)[number]["code"];

export const DEFAULT_LANGUAGE: Language = "zh-CN";

export const pickLanguage = (value: unknown): Language => {
  if (typeof value !== "string") return DEFAULT_LANGUAGE;
  const lower = value.toLowerCase();
  if (lower.startsWith("en")) return "en";
  return DEFAULT_LANGUAGE;
};

export const SYSTEM_TITLE_KEY = "app.systemTitle";
export const LAYOUT_TITLE = "law-manage";
