import { and, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { cases, seals } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";
import { isUuid } from "../../lib/tenant-guard";
import { failValidation, fieldError } from "../../schema-engine/checks";
import { CASE_STATUS } from "../cases";

const isSet = (value: unknown) => typeof value === "string" && value.trim() !== "";

/** The counterparty signatory must be reachable: a mobile number or an email, at least one. */
export const assertSigner = (ctx: RequestCtx, values: Record<string, unknown>) => {
  if (isSet(values.signerMobile) || isSet(values.signerEmail)) return;
  failValidation([
    fieldError("signerMobile", "contracts.errors.signerContact", ctx.lang),
    fieldError("signerEmail", "contracts.errors.signerContact", ctx.lang),
  ]);
};

/**
 * The case a contract or seal request names: one the caller may read (else 404, as another firm's)
 * and still open (pre-filing or formal; else 409). Locked when `lock` (the accept re-checks it).
 */
export const openCaseOf = async (
  ctx: RequestCtx,
  caseId: string,
  opts: { checkScope: boolean; lock?: boolean; notOpenKey?: string },
) => {
  if (!isUuid(caseId)) failValidation([fieldError("caseId", "validation.required", ctx.lang)]);
  const readable = opts.checkScope
    ? rowScopeOf(ctx, "read", "LAWFIRM_CASE_VIEW", "cases")
    : undefined;
  const query = ctx.db
    .select()
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, caseId), readable));
  const [row] = opts.lock ? await query.for("update") : await query;
  if (!row) throw new AppError(404, "errors.notFound");
  if (row.status !== CASE_STATUS.preFiling && row.status !== CASE_STATUS.formal)
    throw new AppError(409, opts.notOpenKey ?? "contracts.errors.caseNotOpen");
  return row;
};

/** A seal that may be used now: this firm's and in use (suspended or retired seals are refused). */
export const usableSeal = async (ctx: RequestCtx, sealId: string, field = "sealId") => {
  const [seal] = await ctx.db
    .select()
    .from(seals)
    .where(and(inWorkspace(ctx, seals), eq(seals.id, sealId)));
  if (!seal) throw new AppError(404, "errors.notFound");
  if (seal.sealStatus !== "active")
    failValidation([fieldError(field, "seals.errors.notActive", ctx.lang)]);
  return seal;
};

/** The fee terms a new contract starts from: the case's fee arrangement, unless the form set its own. */
export const feeDefaults = (row: typeof cases.$inferSelect, values: Record<string, unknown>) => {
  if (
    values.feeType !== undefined ||
    values.feeFixed !== undefined ||
    values.feePercent !== undefined
  )
    return {};
  const out: Record<string, unknown> = {};
  if (row.feeType) out.feeType = row.feeType;
  if (row.feeFixed) out.feeFixed = row.feeFixed;
  if (row.feePercent) out.feePercent = row.feePercent;
  if (values.amount === undefined && row.amount) out.amount = row.amount;
  return out;
};
