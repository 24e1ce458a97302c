import { and, eq, exists, gte, sql, type SQL } from "drizzle-orm";

import { archiveLoanOpens, archiveLoans, archiveVolumes } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

/**
 * Volumes the caller holds on loan on the firm's `day`: the loan active and its end day not
 * passed. The other way (besides the case team and the archivist) to read a volume.
 */
export const onLoanTo = (ctx: RequestCtx, day: string): SQL =>
  exists(
    ctx.db
      .select({ one: sql`1` })
      .from(archiveLoans)
      .where(
        and(
          eq(archiveLoans.workspaceId, archiveVolumes.workspaceId),
          eq(archiveLoans.volumeId, archiveVolumes.id),
          eq(archiveLoans.borrowerId, ctx.userId),
          eq(archiveLoans.status, "active"),
          gte(archiveLoans.untilOn, day),
        ),
      ),
  );

/**
 * Logs an open of a volume by a borrower of it (its page or its merged PDF): each of the caller's
 * loans of it in force on `day` gets a row. Nothing is logged for those reading it as its team.
 */
export const logLoanOpen = async (
  ctx: RequestCtx,
  volumeId: string,
  day: string,
  what: "volume" | "pdf",
  ip?: string,
) => {
  const [loan] = await ctx.db
    .select({ id: archiveLoans.id })
    .from(archiveLoans)
    .where(
      inWorkspace(
        ctx,
        archiveLoans,
        eq(archiveLoans.volumeId, volumeId),
        eq(archiveLoans.borrowerId, ctx.userId),
        eq(archiveLoans.status, "active"),
        gte(archiveLoans.untilOn, day),
      ),
    );
  if (!loan) return;
  await ctx.db.insert(archiveLoanOpens).values({
    workspaceId: ctx.workspaceId,
    loanId: loan.id,
    userId: ctx.userId,
    what,
    ip: ip ?? null,
  });
};
