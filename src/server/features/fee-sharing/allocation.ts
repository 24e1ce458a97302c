import type {
  FeeAllocationInput,
  FeeAllocationResult,
  FeeAllocationView,
} from "../../../shared/contracts/fees";
import { applyFeeRules, type CaseAllocation } from "../../../shared/fees";
import { AppError } from "../../../shared/errors";
import type { Answer } from "../../lib/answers";
import { readFirmTimeZone } from "../../lib/firm-time";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import type { ResourceRegistry } from "../../schema-engine";
import { getRecord, updateRecord, viewRecord } from "../../schema-engine/service";
import { assertAllocationInput } from "./allocation-checks";
import { computing } from "./errors";
import { syncCaseVersion } from "./resplit";
import { readFeeShareSettings } from "./settings";
import { leadOnly, ruleContextOf } from "./split-facts";
import { allocationOf, percentOrNull, readVersions, stateOfVersion } from "./versions";

const casesOf = (registry: ResourceRegistry) => {
  const res = registry.get("cases");
  if (!res) throw new Error("the cases resource is not loaded");
  return res;
};

/**
 * A case's allocation as entered, the firm's management fee, the allocation after the firm's rules
 * with the steps that moved it (with none entered: the lead lawyer's 100%, which is how its
 * payments are split), every version by its effective day, and the approval deciding a change.
 */
export const getFeeAllocation = async (
  ctx: RequestCtx,
  registry: ResourceRegistry,
  caseId: string,
): Promise<Answer<FeeAllocationView>> => {
  const record = (await viewRecord(ctx, casesOf(registry), caseId)) as Record<string, unknown>;
  // A change the record hooks did not see (opened or changed by approval) is versioned first.
  await ctx.db.transaction((tx) => syncCaseVersion(withDb(ctx, tx), caseId));
  const settings = await readFeeShareSettings(ctx);
  const zone = await readFirmTimeZone(ctx.db, ctx.workspaceId);
  const entered = allocationOf(record.feeAllocation);
  const context = await ruleContextOf(ctx, caseId, zone);
  const basis: CaseAllocation | null =
    entered ??
    (entered === null && typeof record.leadLawyerId === "string"
      ? leadOnly(record.leadLawyerId)
      : null);
  const effective =
    basis && context
      ? computing(ctx.lang, () => {
          const applied = applyFeeRules(basis, settings.rules, context);
          return { lines: applied.lines, steps: applied.steps };
        })
      : null;
  const versions = await readVersions(ctx, caseId);
  return {
    caseId,
    allocation: entered ?? (record.feeAllocation as CaseAllocation | null | undefined) ?? null,
    managementFeePercent: percentOrNull(record.managementFeePercent),
    firmManagementFeePercent: settings.managementFeePercent,
    effective,
    versions: versions
      .slice()
      .reverse()
      .map((v) => ({
        id: v.id,
        effectiveFrom: v.effectiveFrom,
        allocation: stateOfVersion(v).allocation ?? { originatorId: null, lines: [] },
        managementFeePercent: percentOrNull(v.managementFeePercent),
        createdBy: v.createdBy,
        createdAt: v.createdAt,
      })),
    pendingApprovalId:
      typeof record.pendingApprovalId === "string" ? record.pendingApprovalId : null,
  };
};

/**
 * Saves a case's allocation and override through the cases record update, so the case's own
 * rules apply (not while a change is pending, not on a closed case, the version compared) and a
 * formal case of a firm that approves case changes gets its case-change approval instead of the
 * change. Checked here first either way: the approval must not be asked to accept 99%.
 */
export const putFeeAllocation = async (
  ctx: RequestCtx,
  registry: ResourceRegistry,
  caseId: string,
  input: FeeAllocationInput,
): Promise<FeeAllocationResult> => {
  const res = casesOf(registry);
  const current = await getRecord(ctx, res, caseId);
  const wanted = {
    feeAllocation: input.allocation,
    managementFeePercent: input.managementFeePercent,
  };
  await assertAllocationInput(ctx, wanted, current, "allocation");
  const allocation = allocationOf(input.allocation);
  if (allocation === undefined) throw new AppError(422, "errors.fees.invalid");
  const changes: Record<string, unknown> = {};
  // Compared in one form: jsonb reorders keys and "10" is "10.00", so a resend is no change.
  if (JSON.stringify(allocation) !== JSON.stringify(allocationOf(current.feeAllocation) ?? null))
    changes.feeAllocation = allocation;
  const percent = percentOrNull(input.managementFeePercent);
  if (percent !== percentOrNull(current.managementFeePercent))
    changes.managementFeePercent = percent;
  if (Object.keys(changes).length === 0) return { applied: true, approvalId: null };
  const answer = await updateRecord(ctx, res, registry, caseId, {
    ...changes,
    version: input.version ?? current.version,
  });
  const approvalId = typeof answer.pendingApprovalId === "string" ? answer.pendingApprovalId : null;
  return { applied: approvalId === null, approvalId };
};
