import { desc, eq, sql } from "drizzle-orm";

import type { FeePeriods } from "../../../shared/contracts/fees";
import { AppError } from "../../../shared/errors";
import { formatCents, nextPeriod, parseCents, periodOf } from "../../../shared/fees";
import { feePeriods, feeShareLines } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { Answer } from "../../lib/answers";
import { firmTodayOf } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { SHARING_ERRORS } from "./errors";
import { lastClosedPeriod, lockPeriodsExclusive } from "./period-lock";

export type ClosedPeriod = FeePeriods["closed"][number];

/** The firm's current month on its own calendar. */
export const currentPeriod = async (ctx: RequestCtx) =>
  periodOf(await firmTodayOf(ctx.db, ctx.workspaceId));

/** The month before a period: "2027-01" → "2026-12". */
export const previousPeriod = (period: string) => {
  const [year, month] = period.split("-").map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
};

/** Closed months, newest first, and the month a close would take next. */
export const listPeriods = async (ctx: RequestCtx): Promise<Answer<FeePeriods>> => {
  const rows = await ctx.db
    .select({
      period: feePeriods.period,
      closedAt: feePeriods.closedAt,
      closedBy: feePeriods.closedBy,
    })
    .from(feePeriods)
    .where(inWorkspace(ctx, feePeriods))
    .orderBy(desc(feePeriods.period));
  const last = rows[0]?.period;
  // Before the first close any month up to this one may be closed; the last month is offered.
  const current = await currentPeriod(ctx);
  return { closed: rows, nextToClose: last ? nextPeriod(last) : previousPeriod(current) };
};

/**
 * The month's totals as they stand, frozen into the close: received (every line), the firm's
 * tax, management fee and rounding, each member's total ("member:<id>") and line count
 * ("lines:<id>"). Sums are numeric in SQL, so nothing passes through a float.
 */
export const periodTotals = async (ctx: RequestCtx, period: string) => {
  const rows = await ctx.db
    .select({
      kind: feeShareLines.kind,
      memberId: feeShareLines.memberId,
      total: sql<string>`sum(${feeShareLines.amount})::text`,
      lines: sql<number>`count(*)::int`,
    })
    .from(feeShareLines)
    .where(inWorkspace(ctx, feeShareLines, eq(feeShareLines.period, period)))
    .groupBy(feeShareLines.kind, feeShareLines.memberId);
  const cents = new Map<string, bigint>();
  const add = (key: string, value: bigint) => cents.set(key, (cents.get(key) ?? 0n) + value);
  const counts: Record<string, string> = {};
  for (const row of rows) {
    const value = parseCents(row.total, { allowNegative: true }) ?? 0n;
    add("received", value);
    if (row.kind === "member" && row.memberId) {
      add(`member:${row.memberId}`, value);
      counts[`lines:${row.memberId}`] = String(row.lines);
    } else add(`firm:${row.kind}`, value);
  }
  for (const key of ["received", "firm:tax", "firm:management", "firm:rounding"]) add(key, 0n);
  return {
    ...Object.fromEntries([...cents].map(([key, value]) => [key, formatCents(value)])),
    ...counts,
  };
};

/**
 * Closes a month: its lines never change again and its totals are kept as they are now. Months
 * close in order: the first close may take any month up to the firm's current one, every later
 * close only the month after the last closed. The firm's period lock makes two closes at once run
 * one after the other (the second finds the month closed: 409), and keeps share lines from being
 * written into the month while it closes; the primary key is the last guard.
 */
export const closePeriod = async (
  ctx: RequestCtx,
  period: string,
): Promise<Answer<ClosedPeriod>> => {
  await lockPeriodsExclusive(ctx);
  const last = await lastClosedPeriod(ctx);
  if (period > (await currentPeriod(ctx)))
    throw new AppError(409, SHARING_ERRORS.periodFuture, { params: { period } });
  if (last && period <= last) {
    const [closed] = await ctx.db
      .select({ period: feePeriods.period })
      .from(feePeriods)
      .where(inWorkspace(ctx, feePeriods, eq(feePeriods.period, period)));
    if (closed) throw new AppError(409, SHARING_ERRORS.periodClosed, { params: { period } });
  }
  if (last && period !== nextPeriod(last))
    throw new AppError(409, SHARING_ERRORS.periodOutOfOrder, {
      params: { period, next: nextPeriod(last) },
    });
  const totals = await periodTotals(ctx, period);
  const [row] = await ctx.db
    .insert(feePeriods)
    .values({ workspaceId: ctx.workspaceId, period, closedBy: ctx.userId, totals })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(409, SHARING_ERRORS.periodClosed, { params: { period } });
  await writeAudit(ctx.db, ctx, {
    action: "update",
    entity: "fee_periods",
    entityId: period,
    after: { period, totals },
  });
  return { period: row.period, closedAt: row.closedAt, closedBy: row.closedBy };
};
