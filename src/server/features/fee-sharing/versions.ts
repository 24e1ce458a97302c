import { asc, eq, sql } from "drizzle-orm";

import {
  type AllocationLine,
  type CaseAllocation,
  formatPercentBp,
  parsePercent,
  validateAllocation,
} from "../../../shared/fees";
import { feeAllocations } from "../../db/tables";
import { firmDateOf, readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

/** What a version holds: the allocation as entered (null: none) and the management-fee override. */
export type AllocationState = {
  allocation: CaseAllocation | null;
  managementFeePercent: string | null;
};

export type VersionRow = typeof feeAllocations.$inferSelect;

/**
 * A stored allocation in one form (percentages "60.00", keys in one order, jsonb having reordered
 * them), so two copies compare as text; undefined when it is not a valid allocation at all.
 */
export const allocationOf = (value: unknown): CaseAllocation | null | undefined => {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object" || !Array.isArray((value as { lines?: unknown }).lines))
    return undefined;
  const raw = value as { originatorId?: unknown; lines: AllocationLine[] };
  const allocation: CaseAllocation = {
    originatorId: typeof raw.originatorId === "string" ? raw.originatorId : null,
    lines: raw.lines,
  };
  if (validateAllocation(allocation).length > 0) return undefined;
  return {
    originatorId: allocation.originatorId,
    lines: allocation.lines.map((line) => ({
      memberId: line.memberId,
      role: line.role,
      percent: formatPercentBp(parsePercent(line.percent)!),
    })),
  };
};

export const percentOrNull = (value: unknown): string | null => {
  const bp = parsePercent(typeof value === "number" ? String(value) : value);
  return bp === null ? null : formatPercentBp(bp);
};

/** A case record's allocation state; undefined when what it holds could not be split by. */
export const stateOfCase = (record: Record<string, unknown>): AllocationState | undefined => {
  const allocation = allocationOf(record.feeAllocation);
  if (allocation === undefined) return undefined;
  return { allocation, managementFeePercent: percentOrNull(record.managementFeePercent) };
};

export const stateOfVersion = (row: VersionRow): AllocationState => ({
  allocation:
    row.lines.length > 0
      ? (allocationOf({ originatorId: row.originatorId, lines: row.lines }) ?? null)
      : null,
  managementFeePercent: percentOrNull(row.managementFeePercent),
});

const sameState = (a: AllocationState, b: AllocationState) =>
  JSON.stringify(a) === JSON.stringify(b);
const isEmpty = (s: AllocationState) => s.allocation === null && s.managementFeePercent === null;

/** A case's versions, oldest first. */
export const readVersions = (ctx: RequestCtx, caseId: string) =>
  ctx.db
    .select()
    .from(feeAllocations)
    .where(inWorkspace(ctx, feeAllocations, eq(feeAllocations.caseId, caseId)))
    .orderBy(asc(feeAllocations.effectiveFrom));

/**
 * The version in force on a day: the latest that took effect on or before it. A case's first
 * version also covers the days before it: until an allocation was entered the lead lawyer held
 * the payments provisionally, and the allocation agreed for the case is what they are split by.
 */
export const versionOn = (versions: readonly VersionRow[], day: string) => {
  let found: VersionRow | undefined = versions[0];
  for (const version of versions) if (version.effectiveFrom <= day) found = version;
  return found;
};

/** The first day a payment can have: a first version re-splits every payment of its case. */
const BEGINNING = "0001-01-01";

/**
 * Makes the case's latest version say `state`, effective the firm's day of `at`: a new version,
 * or the same day's replaced (two edits on one day are one version). Nothing is written when the
 * latest version already says it, or when there never was an allocation and still is none.
 * Answers the day from which payments must be split again: the effective day written, or the
 * beginning for a case's first version (it covers every earlier payment, see versionOn).
 */
export const ensureVersion = async (
  ctx: RequestCtx,
  caseId: string,
  state: AllocationState | undefined,
  at: Date,
): Promise<string | null> => {
  if (!state) return null;
  const versions = await readVersions(ctx, caseId);
  const latest = versions.at(-1);
  if (latest ? sameState(stateOfVersion(latest), state) : isEmpty(state)) return null;
  let day = firmDateOf(at, await readFirmTimeZone(ctx.db, ctx.workspaceId));
  // A version never takes effect before the latest one (a clock set back, a late approval).
  if (latest && latest.effectiveFrom > day) day = latest.effectiveFrom;
  const values = {
    originatorId: state.allocation?.originatorId ?? null,
    lines: state.allocation?.lines ?? [],
    managementFeePercent: state.managementFeePercent,
    createdBy: ctx.userId,
  };
  await ctx.db
    .insert(feeAllocations)
    .values({ ...values, workspaceId: ctx.workspaceId, caseId, effectiveFrom: day })
    .onConflictDoUpdate({
      target: [feeAllocations.workspaceId, feeAllocations.caseId, feeAllocations.effectiveFrom],
      set: { ...values, createdAt: sql`now()` },
    });
  // Writing (or replacing) the first version changes the split of every earlier payment too.
  return !latest || day === versions[0].effectiveFrom ? BEGINNING : day;
};
