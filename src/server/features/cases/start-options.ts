import type { CaseStartOptions, FilingOption } from "../../../shared/contracts/cases";
import type { RequestCtx } from "../../lib/request-ctx";
import { findOptions } from "../dictionaries";
import { definitionByKey, enabledDefinitionOfKind } from "../workflow";
import { filingRuleOf } from "./settings";

/**
 * What "start a case" offers: the firm's enabled case types, and its filing types each with the
 * flow it starts (null when that flow is missing or disabled, so the screen can say so) and
 * whether it opens a pre-filing case.
 */
export const caseStartOptions = async (ctx: RequestCtx): Promise<CaseStartOptions> => {
  const [caseTypes, filings] = await Promise.all([
    findOptions(ctx, "case-type", true),
    findOptions(ctx, "filing-type", true),
  ]);
  const fallback = await enabledDefinitionOfKind(ctx, "case").catch(() => undefined);
  const filingTypes: FilingOption[] = [];
  for (const f of filings) {
    const rule = await filingRuleOf(ctx, f.value);
    const def = rule.workflowKey
      ? await definitionByKey(ctx, rule.workflowKey).catch(() => undefined)
      : fallback;
    filingTypes.push({
      value: f.value,
      label: f.label,
      isPreFiling: rule.isPreFiling,
      validityDays: rule.validityDays,
      definitionId: def && def.kind === "case" ? def.id : null,
    });
  }
  return { caseTypes: caseTypes.map(({ value, label }) => ({ value, label })), filingTypes };
};
