import { sql } from "drizzle-orm";

import type { EquityStep } from "../../../shared/contracts/conflicts";
import type { RequestCtx } from "../../lib/request-ctx";

export type EquityPath = {
  direction: "up" | "down";
  tier: number;
  accountId: string | null;
  name: string;
  steps: EquityStep[];
};

/** Three tiers each way, every link at least 20%. */
export const EQUITY_TIERS = 3;
export const MIN_SHARE = 20;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Holders up and holdings down from `accountIds`, three tiers, every link ≥ 20%. The
 * names and shares walked are kept so the hit can draw A —35%→ B —22%→ C; `path` of edge ids
 * stops a cross-holding from looping (a loop back is cut, not followed).
 */
export const equityPaths = async (
  ctx: RequestCtx,
  accountIds: string[],
  tiers = EQUITY_TIERS,
  minShare = MIN_SHARE,
): Promise<(EquityPath & { fromId: string })[]> => {
  if (accountIds.length === 0) return [];
  const ws = ctx.workspaceId;
  // One array parameter: a broad keyword can name thousands of clients, past the 65 535 parameters.
  const ids = sql`${sql.param(accountIds)}::uuid[]`;
  const walk = (from: string, to: string, toName: string) =>
    sql`with recursive walk(from_id, next_id, name, tier, path, names, shares) as (
        select e.${sql.raw(from)}, e.${sql.raw(to)}, coalesce(a.name, e.${sql.raw(toName)}), 1, array[e.id],
               array[coalesce(a.name, e.${sql.raw(toName)})], array[e.share::float8]
          from equity_edges e left join accounts a on a.workspace_id = e.workspace_id and a.id = e.${sql.raw(to)}
         where e.workspace_id = ${ws} and e.${sql.raw(from)} = any(${ids}) and e.share >= ${minShare}
        union all
        select w.from_id, e.${sql.raw(to)}, coalesce(a.name, e.${sql.raw(toName)}), w.tier + 1, w.path || e.id,
               w.names || coalesce(a.name, e.${sql.raw(toName)}), w.shares || e.share::float8
          from walk w join equity_edges e on e.workspace_id = ${ws} and e.${sql.raw(from)} = w.next_id
          left join accounts a on a.workspace_id = e.workspace_id and a.id = e.${sql.raw(to)}
         where w.tier < ${tiers} and e.share >= ${minShare} and not e.id = any(w.path)
           and e.${sql.raw(to)} is distinct from w.from_id
      )
      select from_id::text as "fromId", next_id::text as "accountId", name, tier, names, shares from walk`;
  type Row = {
    fromId: string;
    accountId: string | null;
    name: string;
    tier: number;
    names: string[];
    shares: number[];
  };
  const [up, down] = await Promise.all([
    ctx.db.execute(walk("company_account_id", "holder_account_id", "holder_name")),
    ctx.db.execute(walk("holder_account_id", "company_account_id", "company_name")),
  ]);
  const shape = (direction: "up" | "down") => (r: Row) => ({
    direction,
    fromId: r.fromId,
    accountId: r.accountId,
    name: r.name,
    tier: Number(r.tier),
    steps: r.names.map((name, i) => ({ name, share: Number(r.shares[i]) })),
  });
  return [...rowsOf<Row>(up).map(shape("up")), ...rowsOf<Row>(down).map(shape("down"))];
};
