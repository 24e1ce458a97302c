/**
 * How two names are compared wherever "the same name" matters: the duplicate-party rule
 * (schema-vocabulary's `x-unique-by`), global search and the conflict check. One function, so a
 * name that counts as a duplicate is also found by search and by the check, and the other way round.
 */

/**
 * Zero-width space, non-joiner and joiner, word joiner and the BOM: a pasted name often carries
 * one, and "张\u200b三" must not be a second 张三. Nothing else is removed here, so ID numbers and
 * other text keep every character they were typed with.
 */
export const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/gu;

/** The text without zero-width characters (search terms, before any pattern is made of them). */
export const withoutZeroWidth = (s: string) => s.replace(ZERO_WIDTH, "");

/**
 * A name as it is compared: zero-width characters dropped, NFKC (full-width Ａ and ４ become A and
 * 4), lower case, every blank removed ("Zhang  Wei", "zhangwei" and "ｚｈａｎｇ wei" are one name).
 */
export const comparableName = (s: string) =>
  withoutZeroWidth(s).normalize("NFKC").toLowerCase().replace(/\s+/gu, "");

/** Identifiers (ID numbers, credit codes) compare without width, case or spaces; empty is null. */
export const normalizeId = (id: string | undefined | null) => {
  if (!id) return null;
  const out = withoutZeroWidth(id).normalize("NFKC").toUpperCase().replace(/\s+/gu, "");
  return out === "" ? null : out;
};
