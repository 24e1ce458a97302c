import { inArray } from "drizzle-orm";

import { type FeeError, FEE_ERRORS, parsePercent, validateAllocation } from "../../../shared/fees";
import { members } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { failFees } from "./errors";
import { SHARING_ERRORS } from "./errors";
import { allocationOf } from "./versions";

type Input = { feeAllocation?: unknown; managementFeePercent?: unknown };

const sameAllocation = (a: unknown, b: unknown) =>
  JSON.stringify(allocationOf(a) ?? a ?? null) === JSON.stringify(allocationOf(b) ?? b ?? null);

/**
 * A case's allocation and management-fee override as entered: percentages that make exactly
 * 100.00, nothing negative, one lead, each member once, every member (and the originator) a
 * member of this firm; the override 0.00–100.00. Only what changes is checked, so a case whose
 * lawyer has since left can still be edited in its other fields. Throws the translated 422.
 */
export const assertAllocationInput = async (
  ctx: RequestCtx,
  input: Input,
  before: Input = {},
  /** How the allocation field is named in the request ("allocation" on the allocation route). */
  allocationField = "feeAllocation",
) => {
  const errors: FeeError[] = [];
  const at = (field: string) =>
    field.startsWith("feeAllocation")
      ? allocationField + field.slice("feeAllocation".length)
      : field;
  const allocation = input.feeAllocation;
  if (
    allocation !== undefined &&
    allocation !== null &&
    !sameAllocation(allocation, before.feeAllocation)
  ) {
    const raw = allocation as { originatorId?: unknown; lines?: unknown };
    const shaped = {
      originatorId: typeof raw.originatorId === "string" ? raw.originatorId : null,
      lines: Array.isArray(raw.lines) ? raw.lines : [],
    };
    for (const e of validateAllocation(shaped))
      errors.push({ ...e, field: [at("feeAllocation"), e.field].filter(Boolean).join(".") });
    const ids = [
      ...new Set(
        [
          shaped.originatorId,
          ...shaped.lines.map((l: { memberId?: unknown }) => l?.memberId),
        ].filter((id): id is string => typeof id === "string"),
      ),
    ];
    const found = ids.length
      ? new Set(
          (
            await ctx.db
              .select({ id: members.userId })
              .from(members)
              .where(inWorkspace(ctx, members, inArray(members.userId, ids)))
          ).map((r) => r.id),
        )
      : new Set<string>();
    if (shaped.originatorId && !found.has(shaped.originatorId))
      errors.push({
        code: SHARING_ERRORS.memberNotInFirm as FeeError["code"],
        field: at("feeAllocation.originatorId"),
      });
    shaped.lines.forEach((line: { memberId?: unknown }, index: number) => {
      if (typeof line?.memberId === "string" && !found.has(line.memberId))
        errors.push({
          code: SHARING_ERRORS.memberNotInFirm as FeeError["code"],
          field: at(`feeAllocation.lines.${index}.memberId`),
        });
    });
  }
  // Not a percentage at all is refused whatever was stored; a stored one resent is not re-checked.
  const percent = input.managementFeePercent;
  if (percent !== undefined && percent !== null && percent !== "" && parsePercent(percent) === null)
    errors.push({ code: FEE_ERRORS.percentInvalid, field: at("managementFeePercent") });
  failFees(errors, ctx.lang);
};
