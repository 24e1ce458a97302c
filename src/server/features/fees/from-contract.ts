import { eq, ne } from "drizzle-orm";

import type { FeeTerms, FeeTermsFromContract } from "../../../shared/contracts/fees";
import { AppError } from "../../../shared/errors";
import { FEE_ERRORS, type FeeArrangement, type Instalment } from "../../../shared/fees";
import { caseFeeTerms, contracts } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";
import { failFeeErrors } from "./fee-errors";
import { writeTerms } from "./fee-terms";

type ContractFees = {
  amount: string | null;
  feeType: string | null;
  feeFixed: string | null;
  feePercent: string | null;
  custom: Record<string, unknown>;
};

/**
 * The arrangement an engagement contract states. A contract records its fee type, fixed fee and
 * contingency percentage (of the amount recovered, as the case's own fields read it); an hourly
 * or hybrid contract states no rate, so it cannot be copied (answered, not guessed).
 */
export const arrangementOfContract = (c: ContractFees): FeeArrangement | null => {
  const fixed = c.feeFixed ?? c.amount;
  const contingency =
    c.feePercent === null ? null : { base: "recovered" as const, percent: c.feePercent };
  switch (c.feeType) {
    case "fixed":
      return fixed === null ? null : { kind: "fixed", amount: fixed };
    case "contingency":
      return contingency && { kind: "contingency", contingency };
    case "semi-contingency":
      return contingency && c.feeFixed !== null
        ? { kind: "semiContingency", fixedAmount: c.feeFixed, contingency }
        : null;
    case null:
      // A contract with only its amount: for an engagement contract that amount is the fee.
      return c.amount === null ? null : { kind: "fixed", amount: c.amount };
    default:
      return null;
  }
};

/**
 * A schedule the contract carries in a custom field named `feeSchedule` (a firm may add one to
 * its contract form): taken as entered and checked like any other; otherwise the case's schedule
 * stays as it is.
 */
const scheduleOfContract = (c: ContractFees): Instalment[] | undefined => {
  const items: unknown = c.custom.feeSchedule;
  if (!Array.isArray(items)) return undefined;
  // Custom values are the firm's data, not a checked body: a line that is not an object is refused.
  return items.map((item) =>
    item && typeof item === "object" && !Array.isArray(item) ? (item as Instalment) : {},
  );
};

/**
 * POST /cases/:id/fee-terms/from-contract: the case's terms become the engagement contract's
 * (arrangement, and schedule when the contract has one); trigger dates already entered stay.
 * The contract must be one of this case's, not voided, and one the caller may read.
 */
export const copyFromContract = async (
  ctx: RequestCtx,
  caseId: string,
  input: FeeTermsFromContract,
): Promise<FeeTerms> => {
  if (!ctx.ability.can("read", "LAWFIRM_CONTRACT_VIEW")) throw new AppError(404, "errors.notFound");
  const readable = rowScopeOf(ctx, "read", "LAWFIRM_CONTRACT_VIEW", "contracts");
  const [contract] = await ctx.db
    .select({
      amount: contracts.amount,
      feeType: contracts.feeType,
      feeFixed: contracts.feeFixed,
      feePercent: contracts.feePercent,
      custom: contracts.custom,
    })
    .from(contracts)
    .where(
      inWorkspace(
        ctx,
        contracts,
        eq(contracts.id, input.contractId),
        eq(contracts.caseId, caseId),
        ne(contracts.status, "voided"),
        readable,
      ),
    );
  if (!contract) throw new AppError(404, "errors.notFound");
  const fees = { ...contract, custom: (contract.custom ?? {}) as Record<string, unknown> };
  const arrangement = arrangementOfContract(fees);
  if (!arrangement)
    failFeeErrors(ctx, [{ code: FEE_ERRORS.arrangementInvalid, field: "contractId" }]);
  const [current] = await ctx.db
    .select({ schedule: caseFeeTerms.schedule, triggerDates: caseFeeTerms.triggerDates })
    .from(caseFeeTerms)
    .where(inWorkspace(ctx, caseFeeTerms, eq(caseFeeTerms.caseId, caseId)));
  return writeTerms(ctx, caseId, {
    arrangement,
    schedule: scheduleOfContract(fees) ?? current?.schedule ?? [],
    triggerDates: current?.triggerDates ?? {},
    version: input.version,
    sourceContractId: input.contractId,
  });
};
