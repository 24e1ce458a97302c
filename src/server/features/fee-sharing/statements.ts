import { and, asc, between, eq, inArray, sql } from "drizzle-orm";

import type { MemberStatement, PeriodStatements, ShareLine } from "../../../shared/contracts/fees";
import { AppError } from "../../../shared/errors";
import { formatCents, parseCents } from "../../../shared/fees";
import { cases, feePeriods, feeShareLines, members, users } from "../../db/tables";
import type { Answer } from "../../lib/answers";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { SHARING_ERRORS } from "./errors";
import { currentPeriod, periodTotals, previousPeriod } from "./periods";

const SUBJECT = "LAWFIRM_FEE_SHARE" as const;

/** The month asked for, else the firm's current one. */
export const periodOrCurrent = async (ctx: RequestCtx, period?: string) =>
  period ?? (await currentPeriod(ctx));

const closedRow = async (ctx: RequestCtx, period: string) => {
  const [row] = await ctx.db
    .select()
    .from(feePeriods)
    .where(inWorkspace(ctx, feePeriods, eq(feePeriods.period, period)));
  return row;
};

const namesOf = async (ctx: RequestCtx, ids: string[]) => {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
};

/**
 * Every member's total for a month, the firm's lines and what was received (finance). A closed
 * month answers from the totals frozen at its close (its lines can no longer change), an open
 * one from its lines as they stand.
 */
export const periodStatements = async (
  ctx: RequestCtx,
  period: string,
): Promise<Answer<PeriodStatements>> => {
  const closed = await closedRow(ctx, period);
  const totals: Record<string, string> = closed ? closed.totals : await periodTotals(ctx, period);
  const ids = Object.keys(totals)
    .filter((key) => key.startsWith("member:"))
    .map((key) => key.slice("member:".length));
  const names = await namesOf(ctx, ids);
  const cents = (key: string) => parseCents(totals[key] ?? "0.00", { allowNegative: true }) ?? 0n;
  const rows = ids
    .map((id) => ({
      memberId: id,
      name: names.get(id) ?? "",
      lines: Number(totals[`lines:${id}`] ?? 0),
      total: formatCents(cents(`member:${id}`)),
    }))
    .sort((a, b) => {
      const [x, y] = [cents(`member:${a.memberId}`), cents(`member:${b.memberId}`)];
      return x === y ? a.name.localeCompare(b.name, "zh-CN") : x > y ? -1 : 1;
    });
  return {
    period,
    closed: Boolean(closed),
    closedAt: closed?.closedAt ?? null,
    members: rows,
    firm: {
      tax: formatCents(cents("firm:tax")),
      management: formatCents(cents("firm:management")),
      rounding: formatCents(cents("firm:rounding")),
    },
    received: formatCents(cents("received")),
  };
};

/**
 * Another member's statement takes the fee-sharing right (`read`, or `export` for the PDF); a
 * member's own is theirs to see. A member of another firm is not found.
 */
export const assertMayView = (ctx: RequestCtx, memberId: string, action: "read" | "export") => {
  if (memberId !== ctx.userId && !ctx.ability.can(action, SUBJECT))
    throw new AppError(403, SHARING_ERRORS.notOwnStatement);
};

/** The twelve months that end with `period`, oldest first. */
const twelveMonths = (period: string) => {
  const months = [period];
  while (months.length < 12) months.unshift(previousPeriod(months[0]));
  return months;
};

/**
 * One member's lines of a month (only their own: members' lines, never the firm's or a
 * colleague's), with the case each came from, their month total and their last twelve months.
 */
export const memberStatement = async (
  ctx: RequestCtx,
  memberId: string,
  period: string,
): Promise<Answer<MemberStatement>> => {
  const [member] = await ctx.db
    .select({ name: users.name })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(inWorkspace(ctx, members, eq(members.userId, memberId)));
  if (!member) throw new AppError(404, "errors.notFound");
  const mine = (where?: ReturnType<typeof eq>) =>
    inWorkspace(
      ctx,
      feeShareLines,
      eq(feeShareLines.memberId, memberId),
      eq(feeShareLines.kind, "member"),
      where,
    );
  const rows = await ctx.db
    .select({ line: feeShareLines, caseNo: cases.caseNo, caseName: cases.name })
    .from(feeShareLines)
    .leftJoin(
      cases,
      and(eq(cases.workspaceId, feeShareLines.workspaceId), eq(cases.id, feeShareLines.caseId)),
    )
    .where(mine(eq(feeShareLines.period, period)))
    .orderBy(asc(feeShareLines.paidOn), asc(feeShareLines.createdAt), asc(feeShareLines.id));
  const lines: Answer<ShareLine>[] = rows.map(({ line, caseNo, caseName }) => ({
    id: line.id,
    period: line.period,
    paymentId: line.paymentId,
    paidOn: line.paidOn,
    caseId: line.caseId,
    caseNo: caseNo ?? "",
    caseName: caseName ?? "",
    kind: line.kind as ShareLine["kind"],
    memberId: line.memberId,
    role: line.role,
    percent: line.percent,
    amount: line.amount,
    refersTo: line.refersTo,
    reason: line.reason,
    createdAt: line.createdAt,
  }));
  let total = 0n;
  for (const line of lines) total += parseCents(line.amount, { allowNegative: true }) ?? 0n;
  const months = twelveMonths(period);
  // A closed month's total was frozen at its close and the month asked for is its lines' sum:
  // only the other open months are summed from lines (a firm that closes monthly has none).
  const closed = await ctx.db
    .select({
      period: feePeriods.period,
      total: sql<string | null>`${feePeriods.totals} ->> ${`member:${memberId}`}`,
    })
    .from(feePeriods)
    .where(inWorkspace(ctx, feePeriods, between(feePeriods.period, months[0], period)));
  const closedSet = new Set(closed.map((c) => c.period));
  const open = months.filter((p) => p !== period && !closedSet.has(p));
  const sums = open.length
    ? await ctx.db
        .select({
          period: feeShareLines.period,
          total: sql<string>`sum(${feeShareLines.amount})::text`,
        })
        .from(feeShareLines)
        .where(mine(inArray(feeShareLines.period, open)))
        .groupBy(feeShareLines.period)
    : [];
  const sumOf = new Map<string, string | null>([
    ...sums.map((row): [string, string] => [row.period, row.total]),
    ...closed.map((row): [string, string | null] => [row.period, row.total]),
    [period, formatCents(total)],
  ]);
  const money = (v: string | null | undefined) =>
    formatCents(parseCents(v ?? "0.00", { allowNegative: true }) ?? 0n);
  return {
    period,
    closed: closedSet.has(period),
    memberId,
    name: member.name,
    total: formatCents(total),
    lines,
    months: months.map((p) => ({
      period: p,
      total: money(sumOf.get(p)),
      closed: closedSet.has(p),
    })),
  };
};
