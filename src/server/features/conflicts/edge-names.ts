import { sql } from "drizzle-orm";

import type { RequestCtx } from "../../lib/request-ctx";
import { EQUITY_TIERS, type EquityPath, MIN_SHARE, equityPaths } from "./equity";
import { type KeywordKeys, edgeToken, ngrams, storedKeys, substringsOf } from "./index-keys";
import { type MatchKind, normKey } from "./keys";
import { kindTests } from "./match";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** An equity edge whose outside side (a holder or company that is no client) a keyword names. */
type EdgeMatch = {
  edgeId: string;
  isHolder: boolean;
  accountId: string;
  accountName: string;
  name: string;
  share: number;
};

/**
 * The client rows carrying an edge-name token the keyword could match (index-keys.ts): the same
 * keys kindTests compares, as GIN lookups on `identifiers`. Names nothing for an identifier.
 */
const tokenLookup = (kw: KeywordKeys) => {
  if (kw.id || !kw.norm) return null;
  const any = [
    edgeToken.norm(kw.norm),
    edgeToken.core(kw.core),
    edgeToken.bare(kw.bare),
    ...substringsOf(kw.norm, 2).map(edgeToken.bare),
  ];
  if (kw.isLatin) any.push(edgeToken.py(kw.norm), edgeToken.initials(kw.norm));
  const tests = [sql`k.identifiers && ${textArray(any)}`];
  if (kw.bareLength >= 2)
    tests.push(sql`k.identifiers @> ${textArray(ngrams(kw.bare, 2).map(edgeToken.gram))}`);
  if (kw.isLatin && kw.normLength >= 4)
    tests.push(sql`k.identifiers @> ${textArray(ngrams(kw.norm, 3).map(edgeToken.pyGram))}`);
  return sql.join(tests, sql` or `);
};

/**
 * The edges (each link at least MIN_SHARE) whose outside name the keyword matches, with how it
 * matched: the client rows are narrowed by token, then the candidate names' keys are put through
 * kindTests, so an outside name matches exactly as a client's name would.
 */
const findEdgeNameMatches = async (
  ctx: RequestCtx,
  kw: KeywordKeys,
): Promise<(EdgeMatch & { match: MatchKind })[]> => {
  const lookup = tokenLookup(kw);
  if (!lookup) return [];
  const ws = ctx.workspaceId;
  const edges = rowsOf<EdgeMatch>(
    await ctx.db.execute(sql`
      with c as (select k.account_id from conflict_keys k where k.workspace_id = ${ws} and k.source = 'client' and (${lookup}))
      select e.id::text as "edgeId", e.holder_account_id is null as "isHolder", a.id::text as "accountId", a.name as "accountName",
             case when e.holder_account_id is null then e.holder_name else e.company_name end as name, e.share::float8 as share
        from c
        join equity_edges e on e.workspace_id = ${ws} and e.share >= ${MIN_SHARE}
             and ((e.holder_account_id is null and e.company_account_id = c.account_id) or (e.company_account_id is null and e.holder_account_id = c.account_id))
        join accounts a on a.workspace_id = ${ws} and a.id = c.account_id
       order by name, a.name, e.id`),
  );
  if (edges.length === 0) return [];
  const names = [...new Set(edges.map((e) => e.name))];
  const keyed = names.map((name, i) => {
    const k = storedKeys(name, []);
    return {
      i,
      identifiers: k.identifiers,
      norm: k.norm,
      core: k.core,
      bare: k.bare,
      py: k.py,
      initials: k.initials,
      grams: k.grams,
      py_grams: k.pyGrams,
    };
  });
  const tests = kindTests(kw);
  const kind = sql`case ${sql.join(
    tests.map(([k, test]) => sql`when ${test} then ${k}`),
    sql` `,
  )} end`;
  const anyTest = sql.join(
    tests.map(([, test]) => sql`(${test})`),
    sql` or `,
  );
  const matched = rowsOf<{ i: number; match: MatchKind }>(
    await ctx.db.execute(sql`select k.i, ${kind} as match
      from jsonb_to_recordset(${JSON.stringify(keyed)}::jsonb) as k(i int, identifiers text[], norm text, core text, bare text,
           py text, initials text, grams text[], py_grams text[])
     where ${anyTest}`),
  );
  const kindOf = new Map(matched.map((m) => [names[Number(m.i)], m.match]));
  return edges
    .filter((e) => kindOf.has(e.name))
    .map((e) => ({ ...e, share: Number(e.share), match: kindOf.get(e.name)! }));
};

export type OutsidePath = Omit<EquityPath, "steps"> & { from: string; steps: EquityPath["steps"] };

/**
 * The equity walk from an outside shareholder or invested company the keyword names: its edge to
 * the client is tier 1 (a holder walks down through the client, a company up), then the client's
 * own walk continues for the tiers left. A path that comes back to the outside name is cut.
 */
export const outsideNamePaths = async (
  ctx: RequestCtx,
  kw: KeywordKeys,
): Promise<OutsidePath[]> => {
  const edges = await findEdgeNameMatches(ctx, kw);
  if (edges.length === 0) return [];
  const further = await equityPaths(
    ctx,
    [...new Set(edges.map((e) => e.accountId))],
    EQUITY_TIERS - 1,
  );
  const out: OutsidePath[] = [];
  for (const e of edges) {
    const direction = e.isHolder ? ("down" as const) : ("up" as const);
    const first = { name: e.accountName, share: e.share };
    const start = normKey(e.name);
    out.push({
      from: e.name,
      direction,
      tier: 1,
      accountId: e.accountId,
      name: e.accountName,
      steps: [first],
    });
    for (const p of further) {
      if (p.fromId !== e.accountId || p.direction !== direction) continue;
      if (p.steps.some((s) => normKey(s.name) === start)) continue;
      out.push({
        from: e.name,
        direction,
        tier: p.tier + 1,
        accountId: p.accountId,
        name: p.name,
        steps: [first, ...p.steps],
      });
    }
  }
  return out;
};
