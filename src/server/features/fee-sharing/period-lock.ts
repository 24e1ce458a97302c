import { max, sql } from "drizzle-orm";

import { feePeriods } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

/** The first key of the firm's period lock (the second is the firm's id hashed). */
const PERIOD_LOCK_CLASS = sql.raw("280028");

/**
 * Writing share lines and closing a month exclude each other per firm, for the rest of the
 * transaction: every writer holds the lock shared, a close holds it alone. So a line is never
 * written into a month while it is being closed (the writer waits, then sees the month closed
 * and writes into the next), and two closes at once run one after the other.
 */
export const lockPeriodsShared = (ctx: RequestCtx) =>
  ctx.db.execute(
    sql`select pg_advisory_xact_lock_shared(${PERIOD_LOCK_CLASS}, hashtext(${ctx.workspaceId}))`,
  );

export const lockPeriodsExclusive = (ctx: RequestCtx) =>
  ctx.db.execute(
    sql`select pg_advisory_xact_lock(${PERIOD_LOCK_CLASS}, hashtext(${ctx.workspaceId}))`,
  );

/** The firm's last closed month (YYYY-MM), null when none is closed. */
export const lastClosedPeriod = async (ctx: RequestCtx): Promise<string | null> => {
  const [row] = await ctx.db
    .select({ period: max(feePeriods.period) })
    .from(feePeriods)
    .where(inWorkspace(ctx, feePeriods));
  return row?.period ?? null;
};
