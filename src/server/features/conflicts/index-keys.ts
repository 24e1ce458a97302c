import { normalizeId } from "../../../shared/compare-text";
import { asIdentifier, nameKeys, type NameKeys, surnameReading } from "./keys";

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
  for (let i = 0; i < c.length; i++)
    for (let j = i + min; j <= c.length; j++) out.add(c.slice(i, j).join(""));
  return [...out];
};

export type StoredKeys = NameKeys & { identifiers: string[]; grams: string[]; pyGrams: string[] };

/**
 * Equity edges name outside shareholders and invested companies that are no client and so have
 * no index row of their own (conflict_keys admits only clients, employees and parties, one row
 * per client). Their keys ride in the client row of the edge's client side, in `identifiers`, as
 * tokens a real identifier can never equal (those are upper-case letters and digits). `~e` marks
 * a row that carries them; the lookup (edge-names.ts) narrows by these tokens, then classifies the
 * client's edge names with the same SQL tests as every other key (match.ts).
 */
export const EDGE_MARK = "~e";
export const edgeToken = {
  norm: (k: string) => `~n:${k}`,
  core: (k: string) => `~c:${k}`,
  bare: (k: string) => `~b:${k}`,
  py: (k: string) => `~p:${k}`,
  initials: (k: string) => `~i:${k}`,
  gram: (k: string) => `~g:${k}`,
  pyGram: (k: string) => `~y:${k}`,
};

/**
 * The surname reading of a person's name (keys.ts, surnameReading) where it differs from the
 * ordinary one: a second pinyin and initials, kept in `identifiers` as tokens too, since the row
 * has one `py` and one `initials` column.
 */
export const surnameToken = { py: (k: string) => `~s:${k}`, initials: (k: string) => `~t:${k}` };
const surnameTokens = (bare: string) => {
  const s = surnameReading(bare);
  return s ? [surnameToken.py(s.py), surnameToken.initials(s.initials)] : [];
};

/** The tokens of the outside names on a client's equity edges. */
export const edgeNameTokens = (names: string[]) => {
  const out = new Set<string>();
  for (const name of names) {
    const k = nameKeys(name);
    if (!k.norm) continue;
    out.add(edgeToken.norm(k.norm)).add(edgeToken.core(k.core)).add(edgeToken.bare(k.bare));
    if (k.py) out.add(edgeToken.py(k.py));
    if (k.initials) out.add(edgeToken.initials(k.initials));
    const surname = surnameReading(k.bare);
    if (surname) out.add(edgeToken.py(surname.py)).add(edgeToken.initials(surname.initials));
    for (const g of ngrams(k.norm, 2)) out.add(edgeToken.gram(g));
    for (const g of ngrams(k.py, 3)) out.add(edgeToken.pyGram(g));
  }
  return names.length ? [EDGE_MARK, ...out] : [];
};

/** The index row's keys for a stored name, its identifiers (ID numbers, credit codes) and, for a client, the outside names on its equity edges. */
export const storedKeys = (
  name: string,
  ids: (string | null | undefined)[],
  edgeNames: string[] = [],
): StoredKeys => {
  const keys = nameKeys(name);
  const identifiers = [...new Set(ids.map(normalizeId).filter((id): id is string => id !== null))];
  return {
    ...keys,
    identifiers: [...identifiers, ...surnameTokens(keys.bare), ...edgeNameTokens(edgeNames)],
    grams: ngrams(keys.norm, 2),
    pyGrams: ngrams(keys.py, 3),
  };
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
