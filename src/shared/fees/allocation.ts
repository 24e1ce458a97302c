/**
 * A case's fee-sharing allocation (提成分配): who shares the distributable part of every payment
 * and by what percentage. Percentages have two decimals and must make exactly 100.00, so no
 * payment is ever split into more or less than it holds.
 */
import { FULL_PERCENT, formatPercentBp, parsePercent } from "./cents";
import { FEE_ERRORS, type FeeError } from "./errors";
import { isCalendarDate } from "./fee-dates";

/** 案源人, 主办律师, 协办律师. */
export const ALLOCATION_ROLES = ["originator", "lead", "co-counsel"] as const;
export type AllocationRole = (typeof ALLOCATION_ROLES)[number];

export type AllocationLine = { memberId: string; role: AllocationRole; percent: string };

/**
 * `originatorId` is the case's originator whether or not they hold a line: an originator who also
 * works on the case holds a working line (one line per member), and the originator rules then do
 * not apply; one who does not work on it holds the `originator` line, or gets one from a rule.
 */
export type CaseAllocation = { originatorId: string | null; lines: AllocationLine[] };

/** One version of a case's allocation, in force from a day on (a change is a new version). */
export type AllocationVersion = { effectiveFrom: string; allocation: CaseAllocation };

/** Every problem with an allocation: sum to 100.00, nothing negative, each member once, one lead. */
export const validateAllocation = (allocation: CaseAllocation): FeeError[] => {
  const errors: FeeError[] = [];
  const lines = allocation.lines ?? [];
  if (lines.length === 0) return [{ code: FEE_ERRORS.allocationEmpty, field: "lines" }];
  const seen = new Set<string>();
  let total = 0n;
  lines.forEach((line, index) => {
    const at = `lines.${index}`;
    if (!ALLOCATION_ROLES.includes(line.role))
      errors.push({ code: FEE_ERRORS.roleInvalid, field: `${at}.role` });
    if (typeof line.percent === "string" && line.percent.trim().startsWith("-")) {
      errors.push({ code: FEE_ERRORS.percentNegative, field: `${at}.percent` });
    } else {
      const bp = parsePercent(line.percent);
      if (bp === null) errors.push({ code: FEE_ERRORS.percentInvalid, field: `${at}.percent` });
      else total += bp;
    }
    if (seen.has(line.memberId))
      errors.push({ code: FEE_ERRORS.memberDuplicate, field: `${at}.memberId` });
    seen.add(line.memberId);
    if (line.role === "originator" && line.memberId !== allocation.originatorId) {
      errors.push({ code: FEE_ERRORS.originatorMismatch, field: `${at}.memberId` });
    }
  });
  const leads = lines.filter((line) => line.role === "lead").length;
  if (leads !== 1)
    errors.push({ code: FEE_ERRORS.leadCount, field: "lines", params: { count: leads } });
  const hasBadPercent = errors.some(
    (e) => e.code === FEE_ERRORS.percentInvalid || e.code === FEE_ERRORS.percentNegative,
  );
  if (!hasBadPercent && total !== FULL_PERCENT) {
    errors.push({
      code: FEE_ERRORS.allocationSum,
      field: "lines",
      params: { total: formatPercentBp(total) },
    });
  }
  return errors;
};

/** Whether the originator works on the case (holds a working line). */
export const originatorWorks = (allocation: CaseAllocation): boolean =>
  allocation.originatorId !== null &&
  allocation.lines.some(
    (line) => line.memberId === allocation.originatorId && line.role !== "originator",
  );

/**
 * The version in force on `day`: the latest that took effect on or before it, so a payment is
 * split by the allocation of its own date, not by today's; null before the first version.
 */
export const allocationInForce = (
  versions: readonly AllocationVersion[],
  day: string,
): CaseAllocation | null => {
  if (!isCalendarDate(day)) return null;
  let best: AllocationVersion | null = null;
  for (const version of versions) {
    if (version.effectiveFrom <= day && (!best || version.effectiveFrom >= best.effectiveFrom))
      best = version;
  }
  return best?.allocation ?? null;
};
