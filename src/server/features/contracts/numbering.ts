import { sql } from "drizzle-orm";

import { contractNumberCounters, workspaces } from "../../db/tables";
import { firmYearOf, readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { formatCaseNumber } from "../cases";
import { readCaseSettings } from "../cases";

export type NumberKind = "contract" | "seal-request";

/** Default formats; a firm may set its own under workspaces.settings.contracts.{contract,seal-request}. */
export const DEFAULT_FORMATS: Record<NumberKind, string> = {
  contract: "（{year}）{firm}合字第{seq:4}号",
  "seal-request": "YY{year}{seq:5}",
};

/** The year on the firm's clock: numbers count per firm year. */
const yearOf = async (ctx: Pick<RequestCtx, "db" | "workspaceId">, at: Date) =>
  firmYearOf(at, await readFirmTimeZone(ctx.db, ctx.workspaceId));

const formatOf = async (ctx: Pick<RequestCtx, "db" | "workspaceId">, kind: NumberKind) => {
  const [row] = await ctx.db
    .select({ format: sql<string | null>`${workspaces.settings} -> 'contracts' ->> ${kind}` })
    .from(workspaces)
    .where(sql`${workspaces.id} = ${ctx.workspaceId}`);
  return row?.format || DEFAULT_FORMATS[kind];
};

const render = async (
  ctx: Pick<RequestCtx, "db" | "workspaceId">,
  kind: NumberKind,
  year: number,
  seq: number,
) => {
  const { firmShortName } = await readCaseSettings(ctx);
  return formatCaseNumber(await formatOf(ctx, kind), { year, firm: firmShortName, type: "", seq });
};

/**
 * The next number of a kind this year. The counter row is inserted or bumped in one statement,
 * which locks it until the caller's transaction ends: concurrent accepts queue on it and get
 * consecutive numbers, and a rolled-back accept gives its number back (no gaps, never max()+1).
 */
export const nextNumber = async (ctx: RequestCtx, kind: NumberKind, at = new Date()) => {
  const year = await yearOf(ctx, at);
  const [{ seq }] = await ctx.db
    .insert(contractNumberCounters)
    .values({ workspaceId: ctx.workspaceId, kind, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [
        contractNumberCounters.workspaceId,
        contractNumberCounters.kind,
        contractNumberCounters.year,
      ],
      set: { lastValue: sql`${contractNumberCounters.lastValue} + 1` },
    })
    .returning({ seq: contractNumberCounters.lastValue });
  return render(ctx, kind, year, seq);
};

/** What the next number would be now, for the form (nothing is reserved: the accept takes it). */
export const previewNumber = async (ctx: RequestCtx, kind: NumberKind, at = new Date()) => {
  const year = await yearOf(ctx, at);
  const [row] = await ctx.db
    .select({ last: contractNumberCounters.lastValue })
    .from(contractNumberCounters)
    .where(
      sql`${contractNumberCounters.workspaceId} = ${ctx.workspaceId} and ${contractNumberCounters.kind} = ${kind} and ${contractNumberCounters.year} = ${year}`,
    );
  return render(ctx, kind, year, (row?.last ?? 0) + 1);
};
