import { eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { cases, contracts } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { fromStorage } from "../../schema-engine/records";
import { syncRecordFiles } from "../cases";
import { formalizeCase } from "../cases";
import { CASE_STATUS } from "../cases";
import { syncContractFiles } from "./bindings";
import { type ApprovalStart, startApproval } from "./start-approval";
import type { ContractSteps } from "./steps";
import { approvalTitle } from "../workflow";
import { assertTransition, CONTRACT_STATUS, contractRef } from "./status";

type ContractRow = typeof contracts.$inferSelect;
export type ArchiveInput = ApprovalStart & {
  archiveFileIds: string[];
  remark?: string;
  version: number;
};
export type VoidInput = ApprovalStart & {
  reason: string;
  certificateIds: string[];
  version: number;
};
export type TransitionInput = { to: "signing" | "signed"; version: number };

/** Files named by an archive or void request wait locked under this entity until it ends. */
const REQUEST = "contract_requests";

export const lockContract = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(contracts)
    .where(inWorkspace(ctx, contracts, eq(contracts.id, id)))
    .for("update");
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

const change = async (
  ctx: RequestCtx,
  before: ContractRow,
  set: Partial<typeof contracts.$inferInsert>,
) => {
  const [after] = await ctx.db
    .update(contracts)
    .set({ ...set, version: before.version + 1, updatedBy: ctx.userId, updatedAt: new Date() })
    .where(inWorkspace(ctx, contracts, eq(contracts.id, before.id)))
    .returning();
  await writeAudit(ctx.db, ctx, {
    action: "update",
    entity: "contracts",
    entityId: before.id,
    before,
    after,
  });
  return fromStorage(after);
};

const assertVersion = (row: ContractRow, version: number) => {
  if (row.version !== version) throw new AppError(409, "errors.staleVersion");
};

/** Starts an archive or void approval; the contract waits, marked, until it ends. */
const request = (
  ctx: RequestCtx,
  id: string,
  what: "archive" | "cancel",
  input: ApprovalStart & { version: number },
  action: Record<string, unknown>,
  fileIds: string[],
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const row = await lockContract(tctx, id);
    assertTransition(
      row.status,
      what === "archive" ? CONTRACT_STATUS.archived : CONTRACT_STATUS.voided,
    );
    if (row.pendingApprovalId) throw new AppError(409, "contracts.errors.approvalPending");
    assertVersion(row, input.version);
    await syncRecordFiles(tctx, REQUEST, row.id, row.contractNo, fileIds);
    const titled = approvalTitle(
      ctx,
      what === "archive" ? "contracts.approval.archiveTitle" : "contracts.approval.voidTitle",
      { name: row.name, no: row.contractNo },
    );
    const instanceId = await startApproval(
      tctx,
      what === "archive" ? "contract-archive" : "contract-cancel",
      {
        ...input,
        ...titled,
        businessRef: contractRef(what, row.id),
        form: { remark: action.remark ?? action.reason },
      },
    );
    await change(tctx, row, { pendingApprovalId: instanceId, pendingAction: action });
    return { instanceId };
  });

export const requestArchive = (ctx: RequestCtx, id: string, input: ArchiveInput) =>
  request(
    ctx,
    id,
    "archive",
    input,
    { archiveFileIds: input.archiveFileIds, remark: input.remark?.trim() || null },
    input.archiveFileIds,
  );

export const requestVoid = (ctx: RequestCtx, id: string, input: VoidInput) =>
  request(
    ctx,
    id,
    "cancel",
    input,
    { reason: input.reason.trim(), certificateIds: input.certificateIds },
    input.certificateIds,
  );

const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/**
 * The archive approval accepted, in its transaction: the contract is archived with its files, and
 * a pre-filing case becomes formal. A case whose validity passed or that was terminated refuses
 * (formalizeCase's 409), which rolls the whole accept back: the contract stays as it was.
 */
export const applyArchive = async (
  ctx: RequestCtx,
  id: string,
  steps: ContractSteps,
  now = new Date(),
) => {
  const row = await lockContract(ctx, id);
  assertTransition(row.status, CONTRACT_STATUS.archived);
  const action = row.pendingAction ?? {};
  const after = await change(ctx, row, {
    status: CONTRACT_STATUS.archived,
    archiveFileIds: strings(action.archiveFileIds),
    archiveRemark: typeof action.remark === "string" ? action.remark : null,
    archivedAt: now,
    pendingApprovalId: null,
    pendingAction: null,
  });
  const [caseRow] = await ctx.db
    .select({ status: cases.status })
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, row.caseId)));
  if (caseRow && caseRow.status !== CASE_STATUS.formal && caseRow.status !== CASE_STATUS.closed)
    await formalizeCase(ctx, row.caseId, now);
  await syncRecordFiles(ctx, REQUEST, row.id, "", []);
  await syncContractFiles(ctx, after);
  await steps.announce(
    ctx,
    row.id,
    "archived",
    {
      remark: typeof action.remark === "string" ? action.remark : null,
      files: strings(action.archiveFileIds).length,
    },
    now,
  );
};

/** The void approval accepted: the contract is voided, keeping its files (read-only) and why and when. */
export const applyVoid = async (
  ctx: RequestCtx,
  id: string,
  steps: ContractSteps,
  now = new Date(),
) => {
  const row = await lockContract(ctx, id);
  assertTransition(row.status, CONTRACT_STATUS.voided);
  const action = row.pendingAction ?? {};
  const after = await change(ctx, row, {
    status: CONTRACT_STATUS.voided,
    voidReason: typeof action.reason === "string" ? action.reason : "",
    voidCertificateIds: strings(action.certificateIds),
    voidedAt: now,
    pendingApprovalId: null,
    pendingAction: null,
  });
  await syncRecordFiles(ctx, REQUEST, row.id, "", []);
  await syncContractFiles(ctx, after);
  await steps.announce(
    ctx,
    row.id,
    "voided",
    { reason: typeof action.reason === "string" ? action.reason : "" },
    now,
  );
};

/** A rejected or cancelled archive/void approval: the contract is as before, the request's files released. */
export const dropRequest = async (ctx: RequestCtx, id: string) => {
  const row = await lockContract(ctx, id);
  await change(ctx, row, { pendingApprovalId: null, pendingAction: null });
  await syncRecordFiles(ctx, REQUEST, row.id, "", []);
};

/** Signing moves (paper now, e-signing later): approved → signing → signed, else 409. */
export const transitionContract = (ctx: RequestCtx, id: string, input: TransitionInput) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const row = await lockContract(tctx, id);
    assertTransition(row.status, input.to);
    if (row.pendingApprovalId) throw new AppError(409, "contracts.errors.approvalPending");
    assertVersion(row, input.version);
    return change(tctx, row, { status: input.to, signingStatus: input.to });
  });
