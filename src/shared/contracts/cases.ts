/**
 * Case answers the case screens read beside the generic record routes, as the server sends them
 * (amounts are decimal text, timestamps ISO text). One definition, so the two cannot drift.
 */

/** GET /cases/:id/finance: the fee agreed and the money in and out, each as decimal text. */
export type CaseFinance = {
  feeType: string | null;
  agreedFee: string;
  fixedFee: string;
  contingentFee: string;
  timeBillable: string;
  timeUnbilled: string;
  minutes: string;
  billed: string;
  paid: string;
  outstanding: string;
};

/** One case of a chain of stages (GET /cases/:id/chain), oldest first. */
export type ChainLink = {
  id: string;
  caseNo: string;
  name: string;
  stage: string | null;
  status: string;
  parentCaseId: string | null;
  createdAt: string;
};

/** A filing type as "start a case" offers it, with the flow it starts (null: missing or disabled). */
export type FilingOption = {
  value: string;
  label: string;
  isPreFiling: boolean;
  validityDays: number;
  definitionId: string | null;
};

/** GET /case-start-options: the firm's enabled case types and filing types. */
export type CaseStartOptions = {
  caseTypes: { value: string; label: string }[];
  filingTypes: FilingOption[];
};
