import { and, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { contracts, esignRequests, esignSigners, sealUsages, seals, users } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { readFileBytes } from "../documents";
import { completeRequest } from "./complete";
import type { EsignDeps, Origin } from "./deps";
import { notifyStep } from "./notify";
import { lockRequest, sealingFirmOf, signersOf, viewOf } from "./requests";
import { sha256 } from "./secrets";
import { appendEvent } from "./trail";
import { activateTurn } from "./turns";
import { currentTurn } from "./views";

type RequestRow = typeof esignRequests.$inferSelect;
type SignerRow = typeof esignSigners.$inferSelect;

/**
 * One signer's signature recorded (their marks, from where, when); then either the request is
 * complete and sealed, or the next signer's turn begins. The caller holds the request's lock.
 */
export const recordSignature = async (
  ctx: RequestCtx,
  deps: EsignDeps,
  r: RequestRow,
  s: SignerRow,
  marks: Record<string, { image: string }>,
  origin: Origin,
  now: Date,
) => {
  const mine = r.fields.filter((f) => f.signer === s.position && f.kind === "signature");
  for (const f of mine) if (!marks[f.id]) throw new AppError(400, "esign.errors.fieldsMissing");
  const kept = Object.fromEntries(mine.map((f) => [f.id, marks[f.id]]));
  await ctx.db
    .update(esignSigners)
    .set({
      status: "signed",
      signedAt: now,
      marks: kept,
      ip: origin.ip,
      userAgent: origin.userAgent.slice(0, 500),
      codeHash: null,
    })
    .where(and(eq(esignSigners.workspaceId, s.workspaceId), eq(esignSigners.id, s.id)));
  await appendEvent(ctx.db, {
    workspaceId: r.workspaceId,
    requestId: r.id,
    action: "signed",
    signerId: s.id,
    actorId: s.userId,
    actorName: s.name,
    ...origin,
    at: now,
    docSha256: r.sourceSha256,
    detail: { fields: mine.length },
  });
  await notifyStep(ctx.db, r, "signed", s.name);
  const left = (await signersOf(ctx, r.id)).filter((x) => x.status !== "signed");
  if (left.length === 0) await completeRequest(ctx, deps, r, now);
  // The next signer is asked by the system, as reminders are: not by (nor from the device of) the one who just signed.
  else await activateTurn(ctx.db, deps, r, now, { actorName: "" });
};

/**
 * The firm signs with its electronic seal: only the firm signer whose turn it is (and who is the
 * seal's custodian, checked when prepared and again here); the seal's impression goes into every
 * firm signature field and the use is written to the seal's usage log.
 */
export const firmSign = (
  ctx: RequestCtx,
  deps: EsignDeps,
  id: string,
  origin: Origin,
  now = new Date(),
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const r = await lockRequest(tctx, id);
    if (r.status !== "sent") throw new AppError(409, "esign.errors.notInFlight");
    if (r.expiresAt <= now) throw new AppError(409, "esign.errors.expired");
    const s = currentTurn(r, await signersOf(tctx, r.id)).find(
      (x) => x.party === "firm" && x.userId === ctx.userId,
    );
    if (!s) throw new AppError(403, "esign.errors.notYourTurn");
    const [seal] = await tx
      .select()
      .from(seals)
      .where(inWorkspace(ctx, seals, eq(seals.id, s.sealId as string)));
    const [contract] = await tx
      .select({
        name: contracts.name,
        contractNo: contracts.contractNo,
        sealingFirm: contracts.sealingFirm,
      })
      .from(contracts)
      .where(inWorkspace(ctx, contracts, eq(contracts.id, r.contractId)));
    if (
      !seal ||
      seal.sealStatus !== "active" ||
      seal.custodianId !== ctx.userId ||
      !seal.imageFileIds[0]
    )
      throw new AppError(409, "esign.errors.sealNotUsable");
    // The contract's sealing firm may have changed since it was sent: its seal only.
    const firm = await sealingFirmOf(tctx, { sealingFirm: contract?.sealingFirm ?? null });
    if (seal.sealingFirm !== firm)
      throw new AppError(409, "esign.errors.sealOtherFirm", { params: { seal: seal.name, firm } });
    const image = await readFileBytes(tctx, deps.store, seal.imageFileIds[0]);
    const marks = Object.fromEntries(
      r.fields
        .filter((f) => f.signer === s.position && f.kind === "signature")
        .map((f) => [f.id, { image: image.bytes.toString("base64") }]),
    );
    await tx
      .update(esignSigners)
      .set({ verifiedBy: "account", verifiedAt: now, openedAt: s.openedAt ?? now })
      .where(and(eq(esignSigners.workspaceId, s.workspaceId), eq(esignSigners.id, s.id)));
    const [usage] = await tx
      .insert(sealUsages)
      .values({
        workspaceId: ctx.workspaceId,
        sealId: seal.id,
        entity: "contracts",
        entityId: r.contractId,
        subject: `${contract?.contractNo ?? ""} ${contract?.name ?? ""}`.trim().slice(0, 300),
        copies: 1,
        approvedBy: r.createdBy,
        stampedBy: ctx.userId,
        stampedAt: now,
      })
      .returning();
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "seal_usages",
      entityId: usage.id,
      after: usage,
    });
    await recordSignature(tctx, deps, r, { ...s, verifiedBy: "account" }, marks, origin, now);
    const [after] = await tx
      .select()
      .from(esignRequests)
      .where(inWorkspace(ctx, esignRequests, eq(esignRequests.id, id)));
    return viewOf(tctx, after);
  });

/** The sealed file's bytes, re-hashed on every download: a mismatch is refused, never served. */
export const sealedBytes = async (ctx: RequestCtx, deps: EsignDeps, r: RequestRow) => {
  if (r.status !== "completed" || !r.sealedFileId || !r.sealedSha256)
    throw new AppError(409, "esign.errors.notCompleted");
  const file = await readFileBytes(ctx, deps.store, r.sealedFileId);
  if (sha256(file.bytes) !== r.sealedSha256) throw new AppError(409, "esign.errors.sealedAltered");
  return { bytes: file.bytes, name: file.name };
};

/** A signed-in download of the sealed PDF: recorded in the trail like the counterparty's. */
export const downloadSealed = (
  ctx: RequestCtx,
  deps: EsignDeps,
  id: string,
  origin: Origin,
  now = new Date(),
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const r = await lockRequest(tctx, id);
    const out = await sealedBytes(tctx, deps, r);
    const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, ctx.userId));
    await appendEvent(tx, {
      workspaceId: r.workspaceId,
      requestId: r.id,
      action: "downloaded",
      actorId: ctx.userId,
      actorName: u?.name ?? "",
      ...origin,
      at: now,
      docSha256: r.sealedSha256 as string,
    });
    return out;
  });
