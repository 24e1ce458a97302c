import { AppError } from "../../../shared/errors";
import { type FeeError, FeeInputError } from "../../../shared/fees";
import { translatorFor } from "../../lib/i18n";

/** Error keys of this feature beyond the shared computations' (locales: errors.fees.*). */
export const SHARING_ERRORS = {
  memberNotInFirm: "errors.fees.memberNotInFirm",
  periodClosed: "errors.fees.periodClosed",
  periodOutOfOrder: "errors.fees.periodOutOfOrder",
  periodFuture: "errors.fees.periodFuture",
  notOwnStatement: "errors.fees.notOwnStatement",
} as const;

/**
 * The shared validators' refusals as one translated 422: the first error is the message (with its
 * parameters), every error a field the form can point at ("allocation.lines.2.percent"), each
 * translated here with its own parameters ("they add up to 99.00%").
 */
export const feeErrorsToAppError = (errors: FeeError[], lang: string, prefix = ""): AppError => {
  const t = translatorFor(lang);
  const [first] = errors;
  return new AppError(422, first?.code ?? "errors.fees.invalid", {
    params: first?.params,
    fields: errors.map((e) => ({
      field: [prefix, e.field].filter(Boolean).join("."),
      message: t(e.code, e.params),
    })),
  });
};

export const failFees = (errors: FeeError[], lang: string, prefix = "") => {
  if (errors.length > 0) throw feeErrorsToAppError(errors, lang, prefix);
};

/** Runs a shared computation; a refusal it throws becomes the translated 422 instead of a 500. */
export const computing = <T>(lang: string, run: () => T): T => {
  try {
    return run();
  } catch (error) {
    if (error instanceof FeeInputError) throw feeErrorsToAppError(error.errors, lang);
    throw error;
  }
};
