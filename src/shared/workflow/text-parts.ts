/**
 * A text kept in parts so that each reader sees it in their own language, rendered when it is
 * read (an approval's change summary, like its title): the words as i18n keys, and data in the
 * form it was entered in.
 *
 * - a string is shown as it is (a name, a number, money already formatted);
 * - `{ key, params }` is an i18n key whose values are parts themselves, rendered first;
 * - `{ byLanguage }` is one text per language (a dictionary item's Chinese and English labels);
 * - `{ join, with }` is parts in a row (a list's values, a summary's lines).
 */
export type TextParts =
  | string
  | { key: string; params?: Record<string, TextParts> }
  | { byLanguage: Record<string, string> }
  | { join: TextParts[]; with: string };

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Parts nested deeper than any summary writes them are not followed (stored data, not trusted code). */
const MAX_DEPTH = 8;

/**
 * The text in `lang`, translated by `t` (that language's translator). A language a by-language
 * text lacks falls back to `fallback`, then to any it has; a shape this code does not know reads
 * as nothing rather than as raw JSON.
 */
export const renderText = (
  parts: TextParts,
  t: Translate,
  lang: string,
  fallback: string,
  depth = 0,
): string => {
  if (typeof parts === "string") return parts;
  if (depth > MAX_DEPTH || !parts || typeof parts !== "object") return "";
  const inner = (p: TextParts) => renderText(p, t, lang, fallback, depth + 1);
  if ("key" in parts && typeof parts.key === "string") {
    const params = Object.fromEntries(
      Object.entries(parts.params ?? {}).map(([name, value]) => [name, inner(value)]),
    );
    return t(parts.key, params);
  }
  if ("byLanguage" in parts && parts.byLanguage && typeof parts.byLanguage === "object") {
    const texts = parts.byLanguage;
    return texts[lang] ?? texts[fallback] ?? Object.values(texts)[0] ?? "";
  }
  if ("join" in parts && Array.isArray(parts.join))
    return parts.join.map(inner).join(typeof parts.with === "string" ? parts.with : "");
  return "";
};
