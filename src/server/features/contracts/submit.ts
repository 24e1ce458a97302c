import { and, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { contracts, contractSubmissions, workflowInstances, workspaces } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import type { ResourceRegistry } from "../../schema-engine";
import { failValidation, fieldError } from "../../schema-engine/checks";
import { fromStorage, toStorage, writableValues } from "../../schema-engine/records";
import { checkValues } from "../../schema-engine/service";
import { syncRecordFiles } from "../cases";
import { syncContractFiles } from "./bindings";
import { fileNamesOf } from "./file-names";
import { nextNumber, previewNumber } from "./numbering";
import { assertSigner, feeDefaults, openCaseOf, usableSeal } from "./rules";
import { logSealUse } from "./seal-log";
import { type ApprovalStart, assertNamedFlow, startApproval } from "./start-approval";
import { approvalTitle } from "../workflow";
import { CONTRACT_STATUS, contractRef } from "./status";

export type ContractSubmitInput = ApprovalStart & {
  values: Record<string, unknown>;
  contractNo?: string;
};

const resourceOf = (registry: ResourceRegistry) => {
  const res = registry.get("contracts");
  if (!res) throw new AppError(404, "errors.notFound");
  return res;
};

const SUBMISSION = "contract_submissions";

/** A number typed over the proposed one must not be taken already. */
const assertNumberFree = async (ctx: RequestCtx, contractNo: string) => {
  const [hit] = await ctx.db
    .select({ id: contracts.id })
    .from(contracts)
    .where(inWorkspace(ctx, contracts, eq(contracts.contractNo, contractNo)));
  if (hit) failValidation([fieldError("contractNo", "validation.duplicate", ctx.lang)]);
};

/** Values checked as the contract will be stored: the schema (date rule included), signer, seal, case. */
const checkedValues = async (
  ctx: RequestCtx,
  registry: ResourceRegistry,
  input: Record<string, unknown>,
  lock: boolean,
) => {
  const res = resourceOf(registry);
  const raw = writableValues(res, input);
  const caseRow = await openCaseOf(ctx, typeof raw.caseId === "string" ? raw.caseId : "", {
    checkScope: !lock,
    lock,
  });
  const [firm] = await ctx.db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  const values: Record<string, unknown> = {
    sealingFirm: firm?.name,
    copies: 1,
    ...raw,
    ...feeDefaults(caseRow, raw),
  };
  failValidation(await checkValues(ctx, res, registry, values));
  assertSigner(ctx, values);
  const seal = typeof values.sealId === "string" ? await usableSeal(ctx, values.sealId) : undefined;
  return { res, values, caseRow, seal };
};

/**
 * Starts a contract's approval: the values are checked now (so the approver sees a valid
 * contract), kept in contract_submissions with their files locked, and the approval starts, all
 * in one transaction. No contract and no number exist until the approval accepts.
 */
export const submitContract = (
  ctx: RequestCtx,
  registry: ResourceRegistry,
  input: ContractSubmitInput,
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    await assertNamedFlow(tctx, input);
    const { values, seal } = await checkedValues(tctx, registry, input.values, false);
    const contractNo = input.contractNo?.trim();
    if (contractNo) await assertNumberFree(tctx, contractNo);
    const stored = { ...values, ...(contractNo ? { contractNo } : {}) };
    const [submission] = await tx
      .insert(contractSubmissions)
      .values({
        workspaceId: ctx.workspaceId,
        caseId: String(values.caseId),
        values: stored,
        createdBy: ctx.userId,
      })
      .returning();
    await syncRecordFiles(
      tctx,
      SUBMISSION,
      submission.id,
      String(values.name),
      values.attachmentIds,
    );
    const instanceId = await startApproval(tctx, "contract", {
      ...input,
      ...approvalTitle(ctx, "contracts.approval.openTitle", { name: String(values.name) }),
      businessRef: contractRef("new", submission.id),
      form: { sealId: seal?.id, sealHolderId: seal?.custodianId, copies: values.copies },
    });
    await tx
      .update(contractSubmissions)
      .set({ instanceId })
      .where(inWorkspace(ctx, contractSubmissions, eq(contractSubmissions.id, submission.id)));
    return { instanceId, submissionId: submission.id };
  });

/**
 * The contract approval was accepted: the contract is made from what was submitted, in the
 * approval's transaction, with its number (typed or the next of the firm's counter), its files
 * locked, and the seal's use logged when a seal was applied.
 */
export const openContract = async (
  ctx: RequestCtx,
  registry: ResourceRegistry,
  submissionId: string,
  instance: { id: string; form: Record<string, unknown> },
) => {
  const [submission] = await ctx.db
    .select()
    .from(contractSubmissions)
    .where(inWorkspace(ctx, contractSubmissions, eq(contractSubmissions.id, submissionId)))
    .for("update");
  if (!submission) throw new AppError(404, "errors.notFound");
  if (submission.contractId) return submission.contractId;
  const { contractNo: typed, ...rest } = submission.values;
  // Members may have left, the case closed or the seal been retired while the approval ran.
  const { res, values, caseRow, seal } = await checkedValues(ctx, registry, rest, true);
  let contractNo = typeof typed === "string" ? typed : "";
  if (contractNo) await assertNumberFree(ctx, contractNo);
  else contractNo = await nextNumber(ctx, "contract");
  const [row] = await ctx.db
    .insert(contracts)
    .values({
      ...(toStorage(res, values) as unknown as typeof contracts.$inferInsert),
      workspaceId: ctx.workspaceId,
      contractNo,
      accountId: caseRow.accountId,
      status: CONTRACT_STATUS.approved,
      approvalId: instance.id,
      createdBy: submission.createdBy,
      updatedBy: ctx.userId,
    })
    .returning();
  const after = fromStorage(row);
  await syncRecordFiles(ctx, SUBMISSION, submission.id, "", []);
  await syncContractFiles(ctx, after);
  if (seal)
    await logSealUse(ctx, {
      seal,
      entity: "contracts",
      entityId: row.id,
      subject: `${contractNo} ${row.name}`,
      instance,
      copies: row.copies,
    });
  await ctx.db
    .update(contractSubmissions)
    .set({ contractId: row.id })
    .where(and(inWorkspace(ctx, contractSubmissions), eq(contractSubmissions.id, submissionId)));
  await writeAudit(ctx.db, ctx, { action: "create", entity: "contracts", entityId: row.id, after });
  return row.id;
};

/** A rejected or cancelled contract approval leaves nothing: the submission's file locks go. */
export const dropSubmission = (ctx: RequestCtx, submissionId: string) =>
  syncRecordFiles(ctx, SUBMISSION, submissionId, "", []);

/** What a contract approval proposes, for its detail page. */
export const getContractSubmission = async (ctx: RequestCtx, instanceId: string) => {
  const [row] = await ctx.db
    .select()
    .from(contractSubmissions)
    .where(inWorkspace(ctx, contractSubmissions, eq(contractSubmissions.instanceId, instanceId)));
  if (!row) throw new AppError(404, "errors.notFound");
  const fileNames = await fileNamesOf(ctx, (row.values as Record<string, unknown>).attachmentIds);
  return {
    id: row.id,
    instanceId: row.instanceId,
    caseId: row.caseId,
    contractId: row.contractId,
    values: row.values,
    fileNames,
    ...(await numberOf(ctx, row)),
    createdAt: row.createdAt,
    createdBy: row.createdBy,
  };
};

/**
 * The number the approver is deciding on: the contract's own once it exists, the typed one, or
 * the one the firm's counter would give if the approval were accepted now (`isNumberExpected`:
 * nothing is reserved, so a contract approved first takes it and this one gets the next).
 */
const numberOf = async (ctx: RequestCtx, row: typeof contractSubmissions.$inferSelect) => {
  if (row.contractId) {
    const [made] = await ctx.db
      .select({ contractNo: contracts.contractNo })
      .from(contracts)
      .where(inWorkspace(ctx, contracts, eq(contracts.id, row.contractId)));
    if (made) return { contractNo: made.contractNo, isNumberExpected: false };
  }
  const typed = (row.values as Record<string, unknown>).contractNo;
  if (typeof typed === "string" && typed) return { contractNo: typed, isNumberExpected: false };
  // A rejected or cancelled approval makes no contract: it has no number to expect.
  const [instance] = row.instanceId
    ? await ctx.db
        .select({ status: workflowInstances.status })
        .from(workflowInstances)
        .where(inWorkspace(ctx, workflowInstances, eq(workflowInstances.id, row.instanceId)))
    : [];
  if (instance?.status !== "running") return { contractNo: null, isNumberExpected: false };
  return { contractNo: await previewNumber(ctx, "contract"), isNumberExpected: true };
};
