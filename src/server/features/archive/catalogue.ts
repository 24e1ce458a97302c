import { and, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";

import type { CatalogueRow, LoanStatus } from "../../../shared/contracts/archive-loans";
import { archiveLoans, archiveVolumes, cases } from "../../db/tables";
import { pageOf } from "../../lib/list-query";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { likePattern } from "../search";
import { today, volumeReadScope } from "./volumes";

/**
 * GET /archive-catalogue: the firm's archived volumes by number, case number and name — what a
 * member with archive rights may ask to borrow without seeing inside (the contents stay behind
 * canReadVolume). Each row says whether the caller has asked for it or holds it already.
 */
export const catalogue = async (
  ctx: RequestCtx,
  q: { q?: string; _start?: number; _end?: number },
): Promise<{ rows: CatalogueRow[]; total: number }> => {
  const text = q.q?.trim();
  const where = inWorkspace(
    ctx,
    archiveVolumes,
    eq(archiveVolumes.status, "archived"),
    text
      ? or(
          ilike(archiveVolumes.volumeNo, likePattern(text)),
          ilike(cases.caseNo, likePattern(text)),
          ilike(cases.name, likePattern(text)),
        )
      : undefined,
  );
  const join = and(
    eq(cases.workspaceId, archiveVolumes.workspaceId),
    eq(cases.id, archiveVolumes.caseId),
  );
  const { offset, limit } = pageOf(q);
  // Whether the caller may open the volume already (its team, a loan, the archivist): its number
  // is then a link, as in every list.
  const scope = volumeReadScope(ctx, await today(ctx));
  const readable = scope ? sql<boolean>`coalesce((${scope}), false)` : sql<boolean>`true`;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        id: archiveVolumes.id,
        volumeNo: sql<string>`${archiveVolumes.volumeNo}`,
        caseNo: cases.caseNo,
        caseName: cases.name,
        year: sql<number>`${archiveVolumes.year}`,
        archivedAt: archiveVolumes.archivedAt,
        readable,
      })
      .from(archiveVolumes)
      .innerJoin(cases, join)
      .where(where)
      .orderBy(desc(archiveVolumes.archivedAt), desc(archiveVolumes.id))
      .limit(limit)
      .offset(offset),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(archiveVolumes)
      .innerJoin(cases, join)
      .where(where),
  ]);
  const mine = rows.length
    ? await ctx.db
        .select({
          id: archiveLoans.id,
          volumeId: archiveLoans.volumeId,
          status: sql<LoanStatus>`${archiveLoans.status}`,
          untilOn: archiveLoans.untilOn,
        })
        .from(archiveLoans)
        .where(
          inWorkspace(
            ctx,
            archiveLoans,
            eq(archiveLoans.borrowerId, ctx.userId),
            inArray(
              archiveLoans.volumeId,
              rows.map((r) => r.id),
            ),
            inArray(archiveLoans.status, ["pending", "active"]),
          ),
        )
    : [];
  const loanOf = new Map(mine.map((l) => [l.volumeId, l]));
  return {
    rows: rows.map((r) => {
      const loan = loanOf.get(r.id);
      return {
        ...r,
        archivedAt: r.archivedAt ? r.archivedAt.toISOString() : "",
        myLoan: loan ? { id: loan.id, status: loan.status, untilOn: loan.untilOn } : null,
      };
    }),
    total,
  };
};
