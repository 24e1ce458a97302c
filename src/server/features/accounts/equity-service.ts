import { eq, inArray, sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { accounts, equityEdges } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { syncConflictKeys } from "../conflicts";

export type EdgeInput = {
  holderAccountId?: string;
  holderName?: string;
  companyAccountId?: string;
  companyName?: string;
  share: number;
};

type Edge = typeof equityEdges.$inferSelect;

const accountNames = async (ctx: RequestCtx, ids: string[]) => {
  if (ids.length === 0) return new Map<string, { name: string; accountType: string }>();
  const rows = await ctx.db
    .select({ id: accounts.id, name: accounts.name, accountType: accounts.accountType })
    .from(accounts)
    .where(inWorkspace(ctx, accounts, inArray(accounts.id, ids)));
  return new Map(rows.map((r) => [r.id, { name: r.name, accountType: r.accountType }]));
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A client's equity structure for the diagram: every shareholding up to `tiers` levels above
 * (its holders, their holders…) and below (its investments…). Cross-holdings exist in real
 * groups, so cycles are allowed; the recursion never revisits an edge, so it always ends.
 */
export const getEquityGraph = async (ctx: RequestCtx, accountId: string, tiers = 3) => {
  const related = await findEquityRelated(ctx, accountId, { tiers, minShare: 0 });
  const edgeIds = [...new Set(related.map((r) => r.edgeId))];
  const edges: Edge[] = edgeIds.length
    ? await ctx.db
        .select()
        .from(equityEdges)
        .where(inWorkspace(ctx, equityEdges, inArray(equityEdges.id, edgeIds)))
    : [];
  const ids = new Set<string>([accountId]);
  for (const e of edges)
    for (const id of [e.holderAccountId, e.companyAccountId]) if (id) ids.add(id);
  const names = await accountNames(ctx, [...ids]);
  const nodeOf = (id: string | null, name: string) => (id ? `a:${id}` : `n:${name}`);
  const nodes = new Map<
    string,
    { id: string; accountId: string | null; name: string; accountType: string | null }
  >();
  const add = (id: string | null, name: string) => {
    const key = nodeOf(id, name);
    if (!nodes.has(key))
      nodes.set(key, {
        id: key,
        accountId: id,
        name: id ? (names.get(id)?.name ?? name) : name,
        accountType: id ? (names.get(id)?.accountType ?? null) : null,
      });
    return key;
  };
  add(accountId, "");
  const links = edges.map((e) => ({
    id: e.id,
    source: add(e.holderAccountId, e.holderName),
    target: add(e.companyAccountId, e.companyName),
    share: Number(e.share),
    version: e.version,
  }));
  const direct = (side: "holder" | "company") =>
    links.filter((l) => (side === "holder" ? l.target : l.source) === `a:${accountId}`);
  return {
    nodes: [...nodes.values()],
    edges: links,
    shareholders: direct("holder"),
    investments: direct("company"),
  };
};

export type EquityRelation = {
  direction: "up" | "down";
  tier: number;
  edgeId: string;
  accountId: string | null;
  name: string;
  share: number;
};

/**
 * The conflict check's reach: holders and holdings up to `tiers` levels up and down
 * with at least `minShare` percent at every step. One recursive CTE per direction; `path` keeps
 * the edges already walked so a cross-holding cannot loop.
 */
export const findEquityRelated = async (
  ctx: RequestCtx,
  accountId: string,
  opts: { tiers: number; minShare: number } = { tiers: 3, minShare: 20 },
): Promise<EquityRelation[]> => {
  const ws = ctx.workspaceId;
  const walk = (
    from: "company_account_id" | "holder_account_id",
    to: "holder_account_id" | "company_account_id",
    name: "holder_name" | "company_name",
  ) =>
    sql`with recursive walk(edge_id, next_id, name, share, tier, path) as (
        select e.id, e.${sql.raw(to)}, e.${sql.raw(name)}, e.share, 1, array[e.id]
          from equity_edges e
         where e.workspace_id = ${ws} and e.${sql.raw(from)} = ${accountId} and e.share >= ${opts.minShare}
        union all
        select e.id, e.${sql.raw(to)}, e.${sql.raw(name)}, e.share, w.tier + 1, w.path || e.id
          from equity_edges e join walk w on e.${sql.raw(from)} = w.next_id
         where e.workspace_id = ${ws} and w.tier < ${opts.tiers} and e.share >= ${opts.minShare}
           and not e.id = any(w.path)
      )
      select w.edge_id::text as "edgeId", w.next_id::text as "accountId", coalesce(a.name, w.name) as name,
             w.share::float8 as share, w.tier
        from walk w left join accounts a on a.workspace_id = ${ws} and a.id = w.next_id
       order by w.tier, name`;
  type Row = {
    edgeId: string;
    accountId: string | null;
    name: string;
    share: number;
    tier: number;
  };
  const [up, down] = await Promise.all([
    ctx.db.execute(walk("company_account_id", "holder_account_id", "holder_name")),
    ctx.db.execute(walk("holder_account_id", "company_account_id", "company_name")),
  ]);
  return [
    ...rowsOf<Row>(up).map((r) => ({
      ...r,
      direction: "up" as const,
      share: Number(r.share),
      tier: Number(r.tier),
    })),
    ...rowsOf<Row>(down).map((r) => ({
      ...r,
      direction: "down" as const,
      share: Number(r.share),
      tier: Number(r.tier),
    })),
  ];
};

const assertAccounts = async (ctx: RequestCtx, ids: (string | undefined)[]) => {
  const wanted = ids.filter((id): id is string => Boolean(id));
  const found = await accountNames(ctx, wanted);
  if (wanted.some((id) => !found.has(id))) throw new AppError(404, "errors.notFound");
};

/** An outside holder or company is indexed on its client's conflict keys (conflicts/index-keys.ts). */
const syncEdgeKeys = async (ctx: RequestCtx, edge: Edge) => {
  if (edge.holderAccountId && edge.companyAccountId) return;
  await syncConflictKeys(
    ctx,
    "client",
    [edge.holderAccountId ?? edge.companyAccountId].filter((id): id is string => Boolean(id)),
  );
};

export const createEquityEdge = (ctx: RequestCtx, input: EdgeInput) =>
  ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    await assertAccounts(tctx, [input.holderAccountId, input.companyAccountId]);
    const holderName = input.holderAccountId ? "" : (input.holderName ?? "").trim();
    const companyName = input.companyAccountId ? "" : (input.companyName ?? "").trim();
    if (!input.holderAccountId && !input.companyAccountId)
      throw new AppError(422, "errors.equityNoClient");
    if ((!input.holderAccountId && !holderName) || (!input.companyAccountId && !companyName))
      throw new AppError(422, "errors.equityNoParty");
    if (input.holderAccountId && input.holderAccountId === input.companyAccountId)
      throw new AppError(422, "errors.equitySelf");
    const sameCompany = input.companyAccountId
      ? eq(equityEdges.companyAccountId, input.companyAccountId)
      : eq(equityEdges.companyName, companyName);
    const siblings = await tx
      .select()
      .from(equityEdges)
      .where(inWorkspace(ctx, equityEdges, sameCompany));
    const sameHolder = (e: Edge) =>
      input.holderAccountId
        ? e.holderAccountId === input.holderAccountId
        : !e.holderAccountId && e.holderName === holderName;
    if (siblings.some(sameHolder)) throw new AppError(409, "errors.equityDuplicate");
    const total = siblings.reduce((sum, e) => sum + Number(e.share), 0) + input.share;
    if (total > 100.0001)
      throw new AppError(422, "errors.equityOver100", {
        params: { total: Math.round(total * 100) / 100 },
      });
    const [row] = await tx
      .insert(equityEdges)
      .values({
        workspaceId: ctx.workspaceId,
        holderAccountId: input.holderAccountId ?? null,
        holderName,
        companyAccountId: input.companyAccountId ?? null,
        companyName,
        share: String(input.share),
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "equity_edges",
      entityId: row.id,
      after: row,
    });
    await syncEdgeKeys(tctx, row);
    return row;
  });

export const deleteEquityEdge = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(equityEdges)
      .where(inWorkspace(ctx, equityEdges, eq(equityEdges.id, id)));
    if (!before) throw new AppError(404, "errors.notFound");
    await tx.delete(equityEdges).where(inWorkspace(ctx, equityEdges, eq(equityEdges.id, id)));
    await writeAudit(tx, ctx, { action: "delete", entity: "equity_edges", entityId: id, before });
    await syncEdgeKeys({ ...ctx, db: tx }, before);
    return { id };
  });
