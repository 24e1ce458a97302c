import { comparableName, withoutZeroWidth } from "../../../shared/compare-text";

/** A party's name as search and the duplicate-party rule compare it (src/shared/compare-text.ts). */
export const normalizeName = comparableName;

/** Identifiers (ID numbers, credit codes) compare without width, case or spaces. */
export const normalizeId = (id: string | undefined | null) => {
  if (!id) return null;
  const out = withoutZeroWidth(id).normalize("NFKC").toUpperCase().replace(/\s+/gu, "");
  return out === "" ? null : out;
};
