/**
 * A name as the conflict check and search compare it: NFKC (full-width Ａ and ４ become A and 4),
 * trimmed, case-folded, every whitespace removed ("Zhang  Wei" and "zhangwei" are one key).
 */
export const normalizeName = (name: string) => name.normalize("NFKC").toLowerCase().replace(/\s+/gu, "");

/** Identifiers (ID numbers, credit codes) compare without width, case or spaces. */
export const normalizeId = (id: string | undefined | null) => {
  if (!id) return null;
  const out = id.normalize("NFKC").toUpperCase().replace(/\s+/gu, "");
  return out === "" ? null : out;
};
