import { normalizeId } from "../cases/normalize";
import { asIdentifier, nameKeys, type NameKeys } from "./keys";

/**
 * What the conflict_keys index stores for a name and what a keyword looks it up by. Lengths
 * count characters (code points), as PostgreSQL's char_length and strpos do, so both sides agree.
 */

const chars = (s: string) => [...s];
export const charLength = (s: string) => chars(s).length;

/** The distinct n-character pieces of `s` ("星辰科技" → 星辰, 辰科, 科技 for n = 2). */
export const ngrams = (s: string, n: number) => {
  const c = chars(s);
  const out = new Set<string>();
  for (let i = 0; i + n <= c.length; i++) out.add(c.slice(i, i + n).join(""));
  return [...out];
};

/** Every distinct piece of `s` at least `min` characters long: the stored names a keyword contains. */
export const substringsOf = (s: string, min: number) => {
  const c = chars(s);
  const out = new Set<string>();
  for (let i = 0; i < c.length; i++) for (let j = i + min; j <= c.length; j++) out.add(c.slice(i, j).join(""));
  return [...out];
};

export type StoredKeys = NameKeys & { identifiers: string[]; grams: string[]; pyGrams: string[] };

/** The index row's keys for a stored name and its identifiers (ID numbers, credit codes). */
export const storedKeys = (name: string, ids: (string | null | undefined)[]): StoredKeys => {
  const keys = nameKeys(name);
  const identifiers = [...new Set(ids.map(normalizeId).filter((id): id is string => id !== null))];
  return { ...keys, identifiers, grams: ngrams(keys.norm, 2), pyGrams: ngrams(keys.py, 3) };
};

export type KeywordKeys = NameKeys & {
  /** Set when the keyword is an ID number or credit code: then it matches identifiers only. */
  id: string | null;
  /** Latin letters only: compared with pinyin and initials too. */
  isLatin: boolean;
  normLength: number;
  bareLength: number;
};

export const keywordKeys = (keyword: string): KeywordKeys => {
  const keys = nameKeys(keyword);
  return {
    ...keys,
    id: asIdentifier(keyword),
    isLatin: /^[a-z]+$/u.test(keys.norm),
    normLength: charLength(keys.norm),
    bareLength: charLength(keys.bare),
  };
};
