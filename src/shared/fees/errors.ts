/**
 * What the fee computations refuse, as i18n keys under `errors.fees.*`, so the server can answer
 * a translated 422 and the browser can show the same text before sending.
 */
export const FEE_ERRORS = {
  invalid: "errors.fees.invalid",
  amountInvalid: "errors.fees.amountInvalid",
  percentInvalid: "errors.fees.percentInvalid",
  dateInvalid: "errors.fees.dateInvalid",
  hoursInvalid: "errors.fees.hoursInvalid",
  arrangementInvalid: "errors.fees.arrangementInvalid",
  baseAmountMissing: "errors.fees.baseAmountMissing",
  hoursMissing: "errors.fees.hoursMissing",
  tiersInvalid: "errors.fees.tiersInvalid",
  instalmentInvalid: "errors.fees.instalmentInvalid",
  triggerInvalid: "errors.fees.triggerInvalid",
  scheduleOver100: "errors.fees.scheduleOver100",
  scheduleExceedsFee: "errors.fees.scheduleExceedsFee",
  feeMissing: "errors.fees.feeMissing",
  allocationEmpty: "errors.fees.allocationEmpty",
  allocationSum: "errors.fees.allocationSum",
  percentNegative: "errors.fees.percentNegative",
  memberDuplicate: "errors.fees.memberDuplicate",
  leadCount: "errors.fees.leadCount",
  roleInvalid: "errors.fees.roleInvalid",
  originatorMismatch: "errors.fees.originatorMismatch",
  ruleInvalid: "errors.fees.ruleInvalid",
  taxExceedsPayment: "errors.fees.taxExceedsPayment",
  refundExceedsPayment: "errors.fees.refundExceedsPayment",
} as const;

export type FeeErrorCode = (typeof FEE_ERRORS)[keyof typeof FEE_ERRORS];

/** One refusal: `field` is a path into the input ("lines.2.percent"), params fill the message. */
export type FeeError = {
  code: FeeErrorCode;
  field?: string;
  params?: Record<string, string | number>;
};

/**
 * Thrown when a compute function is handed input its validator would refuse: callers validate
 * first (and answer 422 with every error); reaching this is a bug, but it still names the key.
 */
export class FeeInputError extends Error {
  readonly errors: FeeError[];

  constructor(errors: FeeError[]) {
    super(errors[0]?.code ?? FEE_ERRORS.invalid);
    this.name = "FeeInputError";
    this.errors = errors;
  }
}

/** Throws the validator's errors, if any; lets compute functions start with one line. */
export const assertValid = (errors: FeeError[]): void => {
  if (errors.length > 0) throw new FeeInputError(errors);
};
