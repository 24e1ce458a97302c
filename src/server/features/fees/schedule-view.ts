import type { FeeTerms } from "../../../shared/contracts/fees";
import {
  type ExpandedInstalment,
  type FeeArrangement,
  type Instalment,
  type TriggerDates,
  computeScheduleState,
  expandSchedule,
  formatCents,
  parseCents,
  parsePercent,
  percentOfRounded,
  validateSchedule,
} from "../../../shared/fees";
import { agreedFeeOf, type CaseFeeFacts } from "./case-facts";

/** One case's stored fee terms (case_fee_terms), or what a case without a row has. */
export type StoredTerms = {
  arrangement: FeeArrangement | null;
  schedule: Instalment[];
  triggerDates: TriggerDates;
  sourceContractId: string | null;
  version: number;
};

export const NO_TERMS: StoredTerms = {
  arrangement: null,
  schedule: [],
  triggerDates: {},
  sourceContractId: null,
  // 0: no row yet; the first save inserts it and makes it 1.
  version: 0,
};

/**
 * The schedule in money for display. A schedule was valid against the fee when it was saved, but
 * the facts move (less recovered than hoped, an arrangement whose fee is not known yet): then
 * each instalment is still shown at what it comes to now, and one whose amount cannot be known
 * (a percentage of an unknown fee) is left out rather than shown as "received" at ¥0.00.
 */
export const expandForView = (
  schedule: readonly Instalment[],
  fee: string | null,
): ExpandedInstalment[] => {
  if (validateSchedule(schedule, fee).length === 0) return expandSchedule(schedule, fee);
  const feeCents = fee === null ? null : parseCents(fee);
  return schedule.flatMap((item, index) => {
    const bp = item.percent === undefined ? null : parsePercent(item.percent);
    const amount =
      item.amount !== undefined
        ? parseCents(item.amount)
        : bp !== null && feeCents !== null
          ? percentOfRounded(feeCents, bp)
          : null;
    if (amount === null || amount <= 0n) return [];
    return [
      {
        index,
        label: item.label ?? null,
        amount: formatCents(amount),
        dueDate: item.dueDate ?? null,
        trigger: item.trigger ?? null,
        graceDays: item.graceDays ?? 0,
      },
    ];
  });
};

/** The fee terms as GET /cases/:id/fee-terms answers them, each instalment's state on `today`. */
export const feeTermsView = (
  caseId: string,
  terms: StoredTerms,
  facts: CaseFeeFacts,
  today: string,
): FeeTerms => {
  const fee = agreedFeeOf(terms.arrangement, facts);
  const state = computeScheduleState(
    expandForView(terms.schedule, fee),
    [{ date: today, amount: facts.received }],
    today,
    terms.triggerDates,
  );
  return {
    caseId,
    arrangement: terms.arrangement,
    schedule: terms.schedule,
    triggerDates: terms.triggerDates,
    sourceContractId: terms.sourceContractId,
    agreedFee: fee ?? "",
    instalments: state.instalments,
    unallocated: state.unallocated,
    version: terms.version,
  };
};
