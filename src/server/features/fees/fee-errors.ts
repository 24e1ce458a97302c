import { FEE_ERRORS, type FeeError, FeeInputError } from "../../../shared/fees";
import type { RequestCtx } from "../../lib/request-ctx";
import { failValidation, fieldError } from "../../schema-engine/checks";

/**
 * The shared fee validators' refusals as the API's translated 422: each error names its field
 * (prefixed with where the validated part sits in the body, "schedule.2.amount") and its message
 * is rendered with its params in the caller's language, so "¥1,200.00 more than the fee" reads
 * the same on the server's answer as in the form's own check.
 */
export const failFeeErrors = (ctx: Pick<RequestCtx, "lang">, errors: FeeError[], prefix = "") => {
  const seen = new Set<string>();
  failValidation(
    errors.flatMap((error) => {
      const field = [prefix, error.field].filter(Boolean).join(".") || "body";
      if (seen.has(`${field}:${error.code}`)) return [];
      seen.add(`${field}:${error.code}`);
      return [fieldError(field, error.code, ctx.lang, error.params)];
    }),
  );
};

/**
 * Runs a shared compute function that validates its own input: a FeeInputError (input a validator
 * should have refused first) still becomes a translated 422 rather than a 500.
 */
export const feeCompute = <T>(ctx: Pick<RequestCtx, "lang">, run: () => T, prefix = ""): T => {
  try {
    return run();
  } catch (error) {
    if (error instanceof FeeInputError) failFeeErrors(ctx, error.errors, prefix);
    throw error;
  }
};

export { FEE_ERRORS };
