import { eq, sql } from "drizzle-orm";

import type { FeeTerms, FeeTermsInput } from "../../../shared/contracts/fees";
import { AppError } from "../../../shared/errors";
import {
  type FeeArrangement,
  type FeeError,
  type Instalment,
  type TriggerDates,
  validateArrangement,
  validateSchedule,
} from "../../../shared/fees";
import { caseFeeTerms } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { firmTodayOf } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { CASE_STATUS } from "../cases";
import { agreedFeeOf, type CaseFeeFacts, readCaseFeeFacts } from "./case-facts";
import { failFeeErrors } from "./fee-errors";
import { feeTermsView, NO_TERMS, type StoredTerms } from "./schedule-view";

const readTerms = async (ctx: Pick<RequestCtx, "db" | "workspaceId">, caseId: string) => {
  const [row] = await ctx.db
    .select()
    .from(caseFeeTerms)
    .where(inWorkspace(ctx, caseFeeTerms, eq(caseFeeTerms.caseId, caseId)));
  return row
    ? ({
        arrangement: row.arrangement,
        schedule: row.schedule,
        triggerDates: row.triggerDates,
        sourceContractId: row.sourceContractId,
        version: row.version,
      } satisfies StoredTerms)
    : NO_TERMS;
};

const factsOrNotFound = async (ctx: RequestCtx, caseId: string, today: string) => {
  const facts = await readCaseFeeFacts(ctx, caseId, today);
  if (!facts) throw new AppError(404, "errors.notFound");
  return facts;
};

/** GET /cases/:id/fee-terms: the terms and each instalment's state on `asOf` (the firm's today). */
export const getFeeTerms = async (
  ctx: RequestCtx,
  caseId: string,
  asOf?: string,
): Promise<FeeTerms> => {
  const today = asOf ?? (await firmTodayOf(ctx.db, ctx.workspaceId));
  const facts = await factsOrNotFound(ctx, caseId, today);
  return feeTermsView(caseId, await readTerms(ctx, caseId), facts, today);
};

/** Only the fields of the arrangement's own kind are kept: a form switching kinds sends leftovers. */
const KIND_FIELDS: Record<FeeArrangement["kind"], string[]> = {
  fixed: ["amount"],
  hourly: ["rate", "cap"],
  contingency: ["contingency"],
  semiContingency: ["fixedAmount", "contingency"],
  hybrid: ["fixedAmount", "rate", "includedHours", "contingency"],
  free: ["basis"],
};

const normalArrangement = (arrangement: FeeArrangement | null): FeeArrangement | null => {
  if (!arrangement) return null;
  const kept = KIND_FIELDS[arrangement.kind] ?? [];
  return Object.fromEntries(
    Object.entries(arrangement).filter(
      ([key, value]) => (key === "kind" || kept.includes(key)) && value !== undefined,
    ),
  ) as FeeArrangement;
};

const INSTALMENT_FIELDS = new Set([
  "label",
  "amount",
  "percent",
  "dueDate",
  "trigger",
  "graceDays",
]);

/** An instalment's own fields only (a schedule copied from a contract's custom field may carry more). */
const normalSchedule = (schedule: Instalment[]): Instalment[] =>
  schedule.map(
    (item) =>
      Object.fromEntries(
        Object.entries(item).filter(
          ([key, value]) => INSTALMENT_FIELDS.has(key) && value !== undefined && value !== "",
        ),
      ) as Instalment,
  );

/**
 * Every refusal of terms against the case's facts: the arrangement's own terms, then the schedule
 * against the fee it leads to (percentages need a known fee, amounts may not pass it).
 */
export const termsErrors = (
  arrangement: FeeArrangement | null,
  schedule: Instalment[],
  facts: CaseFeeFacts,
): FeeError[] => {
  if (arrangement) {
    const errors = validateArrangement(arrangement).map((e) => ({
      ...e,
      field: ["arrangement", e.field].filter(Boolean).join("."),
    }));
    if (errors.length > 0) return errors;
  }
  return validateSchedule(schedule, agreedFeeOf(arrangement, facts)).map((e) => ({
    ...e,
    // The validator names instalments "instalments.N"; the body calls them "schedule.N".
    field: e.field?.startsWith("instalments")
      ? e.field.replace(/^instalments/, "schedule")
      : e.field,
  }));
};

const assertEditable = (facts: CaseFeeFacts) => {
  if (facts.status === CASE_STATUS.closed || facts.status === CASE_STATUS.terminated)
    throw new AppError(409, "cases.errors.notEditable");
};

/**
 * Writes the terms under the version the form read (0: the case has none yet), in one
 * transaction with the case row locked against a bill or payment changing the facts meanwhile.
 */
export const writeTerms = async (
  ctx: RequestCtx,
  caseId: string,
  input: FeeTermsInput & { sourceContractId?: string | null },
): Promise<FeeTerms> =>
  ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    await tx.execute(
      sql`select 1 from cases where workspace_id = ${ctx.workspaceId} and id = ${caseId} for update`,
    );
    const today = await firmTodayOf(tx, ctx.workspaceId);
    const facts = await factsOrNotFound(tctx, caseId, today);
    assertEditable(facts);
    const arrangement = normalArrangement(input.arrangement);
    const schedule = normalSchedule(input.schedule);
    const triggerDates: TriggerDates = { ...input.triggerDates };
    failFeeErrors(ctx, termsErrors(arrangement, schedule, facts));
    const before = await readTerms(tctx, caseId);
    const values = {
      arrangement,
      schedule,
      triggerDates,
      sourceContractId:
        input.sourceContractId === undefined ? before.sourceContractId : input.sourceContractId,
      updatedAt: new Date(),
      updatedBy: ctx.userId,
    };
    const [row] =
      input.version === 0
        ? await tx
            .insert(caseFeeTerms)
            .values({ ...values, workspaceId: ctx.workspaceId, caseId, version: 1 })
            .onConflictDoNothing()
            .returning()
        : await tx
            .update(caseFeeTerms)
            .set({ ...values, version: input.version + 1 })
            .where(
              inWorkspace(
                ctx,
                caseFeeTerms,
                eq(caseFeeTerms.caseId, caseId),
                eq(caseFeeTerms.version, input.version),
              ),
            )
            .returning();
    // Compare-and-set: a colleague's save in between must not be overwritten unseen.
    if (!row) throw new AppError(409, "errors.staleVersion");
    const after: StoredTerms = { ...values, version: row.version };
    await writeAudit(tx, ctx, {
      action: input.version === 0 ? "create" : "update",
      entity: "case_fee_terms",
      entityId: caseId,
      before: input.version === 0 ? undefined : before,
      after,
    });
    return feeTermsView(caseId, after, facts, today);
  });

/** PUT /cases/:id/fee-terms. */
export const saveFeeTerms = (ctx: RequestCtx, caseId: string, input: FeeTermsInput) =>
  writeTerms(ctx, caseId, input);
