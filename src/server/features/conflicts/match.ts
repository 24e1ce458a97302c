import { type SQL, sql } from "drizzle-orm";

import type { RequestCtx } from "../../lib/request-ctx";
import { type KeywordKeys, ngrams, substringsOf, surnameToken } from "./index-keys";
import type { MatchKind } from "./keys";
import type { KeySource } from "./sync-keys";

export type KeyMatch = {
  source: KeySource;
  match: MatchKind;
  name: string;
  conflictRole: string | null;
  accountId: string | null;
  accountName: string | null;
  caseId: string | null;
  caseNo: string | null;
  caseName: string | null;
  caseStatus: string | null;
  caseCreatedAt: string | null;
  leadLawyer: string | null;
  /** The case's supervising partner: whom to ask about a case the caller may not open. */
  leadPartner: string | null;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/**
 * The tests a stored key row passes for one keyword, strongest first; the first that holds names
 * the match. Each is an equality on a btree column or an array containment on a GIN column (then
 * a strpos check), so the same list is both the index lookup and the classification.
 */
export const kindTests = (kw: KeywordKeys): [MatchKind, SQL][] => {
  if (kw.id) return [["identifier", sql`k.identifiers @> ${textArray([kw.id])}`]];
  if (!kw.norm) return [];
  const tests: [MatchKind, SQL][] = [
    ["exact", sql`k.norm = ${kw.norm}`],
    ["suffix", sql`k.core = ${kw.core}`],
    ["region", sql`k.bare = ${kw.bare}`],
  ];
  // Latin-only keywords are compared with the name's pinyin ("zhangwei", "zhang wei") and initials
  // ("zw"), and with a surname's own reading ("shantianfang" for 单田芳, index-keys.ts surnameToken).
  if (kw.isLatin)
    tests.push([
      "pinyin",
      sql`(k.py = ${kw.norm} or k.identifiers @> ${textArray([surnameToken.py(kw.norm)])})`,
    ]);
  if (kw.isLatin && kw.normLength >= 2) {
    tests.push([
      "initials",
      sql`(k.initials = ${kw.norm} or k.identifiers @> ${textArray([surnameToken.initials(kw.norm)])})`,
    ]);
  }
  // Partial both ways: the name contains the keyword's bare name (its bigrams narrow the rows), or
  // the keyword contains the name's bare name (one of the keyword's pieces equals it).
  const partial: SQL[] = [];
  if (kw.bareLength >= 2)
    partial.push(
      sql`(k.grams @> ${textArray(ngrams(kw.bare, 2))} and strpos(k.norm, ${kw.bare}) > 0)`,
    );
  const pieces = substringsOf(kw.norm, 2);
  if (pieces.length) partial.push(sql`k.bare = any(${textArray(pieces)})`);
  if (partial.length) tests.push(["partial", sql.join(partial, sql` or `)]);
  if (kw.isLatin && kw.normLength >= 4) {
    tests.push([
      "pinyin",
      sql`(k.py_grams @> ${textArray(ngrams(kw.norm, 3))} and strpos(k.py, ${kw.norm}) > 0)`,
    ]);
  }
  return tests;
};

/**
 * The firm's clients, employees and parties one keyword matches, with what a hit shows (the
 * client of an employee, the case of a party). Clients first, then employees, then parties, each
 * by name, so a check run twice lists its hits in the same order.
 */
export const findKeyMatches = async (
  ctx: RequestCtx,
  kw: KeywordKeys,
  sources: KeySource[],
): Promise<KeyMatch[]> => {
  const tests = kindTests(kw);
  if (tests.length === 0 || sources.length === 0) return [];
  const ws = ctx.workspaceId;
  const kind = sql`case ${sql.join(
    tests.map(([k, test]) => sql`when ${test} then ${k}`),
    sql` `,
  )} end`;
  const any = sql.join(
    tests.map(([, test]) => sql`(${test})`),
    sql` or `,
  );
  const result = await ctx.db.execute(sql`
    with m as (
      select k.source, k.account_id, k.employee_id, k.case_id, k.position, ${kind} as match
        from conflict_keys k
       where k.workspace_id = ${ws} and k.source = any(${textArray(sources)}) and (${any})
    )
    select m.source, m.match, coalesce(a.name, e.name, p.name) as name, p.conflict_role as "conflictRole",
           coalesce(a.id, e.account_id, p.account_id)::text as "accountId", coalesce(a.name, ea.name) as "accountName",
           c.id::text as "caseId", c.case_no as "caseNo", c.name as "caseName", c.status as "caseStatus",
           c.created_at::text as "caseCreatedAt", u.name as "leadLawyer", up.name as "leadPartner"
      from m
      left join accounts a on a.workspace_id = ${ws} and a.id = m.account_id
      left join account_employees e on e.workspace_id = ${ws} and e.id = m.employee_id
      left join accounts ea on ea.workspace_id = ${ws} and ea.id = e.account_id
      left join case_parties p on p.workspace_id = ${ws} and p.case_id = m.case_id and p.position = m.position
      left join cases c on c.workspace_id = ${ws} and c.id = p.case_id
      left join users u on u.id = c.lead_lawyer_id
      left join users up on up.id = c.lead_partner_id
     order by case m.source when 'client' then 0 when 'employee' then 1 else 2 end, 3, c.created_at, m.case_id, m.position, 5`);
  return rowsOf<KeyMatch>(result);
};
