import { randomUUID } from "node:crypto";

import { and, asc, desc, eq, inArray } from "drizzle-orm";

import type {
  EsignOverview,
  PrepareInput,
  RequestStatus,
  SignerInput,
  SigningOrder,
  SigningRequest,
} from "../../../shared/contracts/esign";
import { AppError } from "../../../shared/errors";
import {
  contracts,
  esignRequests,
  esignSigners,
  files,
  members,
  seals,
  users,
  workspaces,
} from "../../db/tables";
import type { Answer } from "../../lib/answers";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { lockContract } from "../contracts";
import { CONTRACT_STATUS } from "../contracts";
import { lockFile } from "../documents";
import { readFileBytes } from "../documents";
import { type EsignDeps, type Origin } from "./deps";
import { activateTurn } from "./turns";
import { pdfPages } from "./pages";
import { LOCK_ENTITY } from "./sealed-files";
import { appendEvent, trailOf } from "./trail";
import { requestView } from "./views";

/** The Documents lock that keeps the signed original and the sealed result undeletable. */
export { LOCK_ENTITY };
const DAY = 24 * 3600 * 1000;

export type RequestRow = typeof esignRequests.$inferSelect;

export const signersOf = (ctx: Pick<RequestCtx, "db" | "workspaceId">, requestId: string) =>
  ctx.db
    .select()
    .from(esignSigners)
    .where(
      and(eq(esignSigners.workspaceId, ctx.workspaceId), eq(esignSigners.requestId, requestId)),
    )
    .orderBy(asc(esignSigners.position));

/** The request row locked for this transaction: every step on a request is serialised on it. */
export const lockRequest = async (ctx: Pick<RequestCtx, "db" | "workspaceId">, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(esignRequests)
    .where(and(eq(esignRequests.workspaceId, ctx.workspaceId), eq(esignRequests.id, id)))
    .for("update");
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

export const viewOf = async (ctx: RequestCtx, r: RequestRow): Promise<Answer<SigningRequest>> =>
  requestView(
    r,
    await signersOf(ctx, r.id),
    await trailOf(ctx.db, ctx.workspaceId, r.id),
    ctx.userId,
  );

export const actorName = async (ctx: RequestCtx) => {
  const [u] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.userId));
  return u?.name ?? "";
};

/** The contract's e-signing: the request in flight or last ended, earlier rounds, and the PDFs it may sign. */
export const contractSigning = async (
  ctx: RequestCtx,
  contractId: string,
): Promise<Answer<EsignOverview>> => {
  const [contract] = await ctx.db
    .select()
    .from(contracts)
    .where(inWorkspace(ctx, contracts, eq(contracts.id, contractId)));
  if (!contract) throw new AppError(404, "errors.notFound");
  const rounds = await ctx.db
    .select()
    .from(esignRequests)
    .where(inWorkspace(ctx, esignRequests, eq(esignRequests.contractId, contractId)))
    .orderBy(desc(esignRequests.createdAt));
  const pdfFiles = contract.attachmentIds.length
    ? await ctx.db
        .select({ id: files.id, name: files.name, size: files.size, mime: files.mime })
        .from(files)
        .where(inWorkspace(ctx, files, inArray(files.id, contract.attachmentIds)))
    : [];
  const inFlight = rounds.some((r) => r.status === "sent" || r.status === "completed");
  const isPdf = (f: { mime: string; name: string }) =>
    f.mime === "application/pdf" || f.name.toLowerCase().endsWith(".pdf");
  return {
    current: rounds[0] ? await viewOf(ctx, rounds[0]) : null,
    history: rounds.map((r) => ({
      id: r.id,
      status: r.status as RequestStatus,
      createdAt: r.createdAt,
      endReason: r.endReason,
    })),
    pdfFiles: pdfFiles.filter(isPdf),
    /** The contract's other attachments (a .docx, scans): shown with why they cannot be signed. */
    nonPdfFiles: pdfFiles.filter((f) => !isPdf(f)),
    mayPrepare:
      !inFlight &&
      !contract.pendingApprovalId &&
      (contract.status === CONTRACT_STATUS.approved || contract.status === CONTRACT_STATUS.signing),
  };
};

/**
 * The firm whose seal a contract takes: the contract's sealing firm (its 用印律所), else the
 * workspace's name, as the contract form defaults it.
 */
export const sealingFirmOf = async (ctx: RequestCtx, contract: { sealingFirm: string | null }) => {
  if (contract.sealingFirm) return contract.sealingFirm;
  const [w] = await ctx.db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  return w?.name ?? "";
};

/**
 * Firm signers must be members of this firm using an active electronic seal of it that has an
 * impression image, whose custodian they are, and that is the seal of the contract's sealing firm:
 * a branch's or another firm's 电子章 must not seal this firm's contract.
 */
const checkFirmSigner = async (
  ctx: RequestCtx,
  s: Extract<SignerInput, { party: "firm" }>,
  sealingFirm: string,
) => {
  const [member] = await ctx.db
    .select({ name: users.name })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(
      and(
        eq(members.workspaceId, ctx.workspaceId),
        eq(members.userId, s.userId),
        eq(members.isEnabled, true),
      ),
    );
  if (!member) throw new AppError(400, "esign.errors.firmSignerNotMember");
  const [seal] = await ctx.db
    .select()
    .from(seals)
    .where(inWorkspace(ctx, seals, eq(seals.id, s.sealId)));
  if (
    !seal ||
    seal.sealType !== "electronic" ||
    seal.sealStatus !== "active" ||
    seal.imageFileIds.length === 0
  )
    throw new AppError(400, "esign.errors.sealNotUsable");
  if (seal.custodianId !== s.userId)
    throw new AppError(400, "esign.errors.sealNotTheirs", { params: { seal: seal.name } });
  if (seal.sealingFirm !== sealingFirm)
    throw new AppError(400, "esign.errors.sealOtherFirm", {
      params: { seal: seal.name, firm: sealingFirm },
    });
  return member.name;
};

const checkFields = (input: PrepareInput, pageCount: number) => {
  for (const f of input.fields) {
    if (f.signer >= input.signers.length) throw new AppError(400, "esign.errors.fieldSigner");
    if (f.page > pageCount)
      throw new AppError(400, "esign.errors.fieldPage", { params: { pages: pageCount } });
    if (f.x + f.w > 1.0001 || f.y + f.h > 1.0001)
      throw new AppError(400, "esign.errors.fieldOutside");
  }
  input.signers.forEach((_, i) => {
    if (!input.fields.some((f) => f.signer === i && f.kind === "signature"))
      throw new AppError(400, "esign.errors.signerWithoutField", { params: { n: i + 1 } });
  });
};

/**
 * Prepares and sends a contract's signing in one transaction: checks the PDF and the signers,
 * locks the original in Documents, writes the request, its signers and the first trail entries,
 * gives whoever signs first their link (or, for the firm, a notification), and moves the
 * contract to signing / "sent".
 */
export const prepareSigning = (
  ctx: RequestCtx,
  deps: EsignDeps,
  contractId: string,
  input: PrepareInput,
  linkBase: string,
  origin: Origin,
  now = new Date(),
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const contract = await lockContract(tctx, contractId);
    const state = await contractSigning(tctx, contractId);
    if (!state.mayPrepare) throw new AppError(409, "esign.errors.notReady");
    if (!state.pdfFiles.some((f) => f.id === input.fileId)) {
      // A file of this contract that is not a PDF gets the reason; anything else is not its file.
      if (state.nonPdfFiles.some((f) => f.id === input.fileId))
        throw new AppError(400, "esign.errors.notPdf");
      throw new AppError(400, "esign.errors.notContractFile");
    }
    const source = await readFileBytes(tctx, deps.store, input.fileId);
    const pages = await pdfPages(source.bytes);
    checkFields(input, pages.length);
    const names: string[] = [];
    for (const s of input.signers) {
      if (s.party === "firm")
        names.push(await checkFirmSigner(tctx, s, await sealingFirmOf(tctx, contract)));
      else {
        if (!s.email && !s.mobile) throw new AppError(400, "esign.errors.signerContact");
        names.push(s.name.trim());
      }
    }
    const [request] = await tx
      .insert(esignRequests)
      .values({
        workspaceId: ctx.workspaceId,
        contractId,
        sourceFileId: input.fileId,
        sourceName: source.name,
        sourceSha256: source.sha256,
        pageCount: pages.length,
        signingOrder: input.signingOrder,
        fields: input.fields.map((f) => ({ ...f, id: randomUUID() })),
        expiresAt: new Date(now.getTime() + (input.expiresInDays ?? deps.linkDays) * DAY),
        remindEveryDays: input.remindEveryDays ?? deps.remindEveryDays,
        nextRemindAt:
          (input.remindEveryDays ?? deps.remindEveryDays) > 0
            ? new Date(now.getTime() + (input.remindEveryDays ?? deps.remindEveryDays) * DAY)
            : null,
        linkBase,
        createdBy: ctx.userId,
      })
      .returning();
    await tx.insert(esignSigners).values(
      input.signers.map((s, i) => ({
        workspaceId: ctx.workspaceId,
        requestId: request.id,
        position: i,
        party: s.party,
        name: names[i],
        email: s.party === "counterparty" ? s.email?.trim() || null : null,
        mobile: s.party === "counterparty" ? s.mobile?.trim() || null : null,
        userId: s.party === "firm" ? s.userId : null,
        sealId: s.party === "firm" ? s.sealId : null,
        status: "waiting",
      })),
    );
    await lockFile(tctx, {
      entity: LOCK_ENTITY,
      entityId: request.id,
      fileId: input.fileId,
      label: contract.contractNo,
    });
    const by = {
      actorId: ctx.userId,
      actorName: await actorName(tctx),
      ip: origin.ip,
      userAgent: origin.userAgent,
      at: now,
      docSha256: source.sha256,
    };
    await appendEvent(tx, {
      workspaceId: ctx.workspaceId,
      requestId: request.id,
      action: "prepared",
      ...by,
      detail: { signers: names.length, fields: input.fields.length, order: input.signingOrder },
    });
    await activateTurn(tx, deps, request, now, by);
    await tx
      .update(contracts)
      .set({
        status: CONTRACT_STATUS.signing,
        signingStatus: "sent",
        version: contract.version + 1,
        updatedAt: now,
        updatedBy: ctx.userId,
      })
      .where(inWorkspace(ctx, contracts, eq(contracts.id, contractId)));
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "esign_requests",
      entityId: request.id,
      after: { contractId, fileId: input.fileId, signers: names },
    });
    return viewOf(tctx, request);
  });

/** A new round with the same file, signers and fields after an expired, declined or cancelled one; the old links stay dead. */
export const resendRequest = async (
  ctx: RequestCtx,
  deps: EsignDeps,
  id: string,
  linkBase: string,
  origin: Origin,
  now = new Date(),
) => {
  const [old] = await ctx.db
    .select()
    .from(esignRequests)
    .where(inWorkspace(ctx, esignRequests, eq(esignRequests.id, id)));
  if (!old) throw new AppError(404, "errors.notFound");
  if (!["expired", "declined", "cancelled"].includes(old.status))
    throw new AppError(409, "esign.errors.notEnded");
  const signers = await signersOf(ctx, id);
  const view = await prepareSigning(
    ctx,
    deps,
    old.contractId,
    {
      fileId: old.sourceFileId,
      signingOrder: old.signingOrder as SigningOrder,
      expiresInDays: Math.max(
        1,
        Math.round((old.expiresAt.getTime() - old.createdAt.getTime()) / DAY),
      ),
      remindEveryDays: old.remindEveryDays,
      signers: signers.map((s) =>
        s.party === "firm"
          ? { party: "firm", userId: s.userId as string, sealId: s.sealId as string }
          : {
              party: "counterparty",
              name: s.name,
              email: s.email ?? undefined,
              mobile: s.mobile ?? undefined,
            },
      ),
      fields: old.fields.map(({ id: _id, ...f }) => f),
    },
    linkBase,
    origin,
    now,
  );
  await ctx.db
    .update(esignRequests)
    .set({ resentFrom: old.id })
    .where(inWorkspace(ctx, esignRequests, eq(esignRequests.id, view.id)));
  return { ...view };
};
