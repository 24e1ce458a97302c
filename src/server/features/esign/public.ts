import { and, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";

import { AppError } from "../../../shared/errors";
import type { Db } from "../../db/client";
import { contracts, esignRequests, esignSigners } from "../../db/tables";
import { readFirmTimeZone } from "../../lib/firm-time";
import { readFileBytes } from "../documents";
import { actingFor, DOWNLOAD_MS, type EsignDeps, type Origin } from "./deps";
import { facts, notifyStep } from "./notify";
import { pdfPages } from "./pages";
import { endRequest } from "./request-ends";
import { lockRequest } from "./requests";
import { maskRecipient, sameHash, sha256 } from "./secrets";
import { signingEndedSet } from "../contracts";
import { recordSignature, sealedBytes } from "./signing";
import { appendEvent } from "./trail";
import { currentTurn } from "./views";

type RequestRow = typeof esignRequests.$inferSelect;
type SignerRow = typeof esignSigners.$inferSelect;
export type Link = { r: RequestRow; s: SignerRow };

/** The one answer for a link that is unknown, expired, ended, locked or replaced: nothing about why. */
export const invalid = () => new AppError(404, "esign.errors.linkInvalid");

/**
 * The signer and request behind a link, locked for the step (`forUpdate`). A completed request's
 * links still open its completed page and download for DOWNLOAD_DAYS after completion (a fresh
 * code opens a download session); everything else needs a request in flight and not expired.
 */
export const resolveLink = async (
  db: Db,
  token: string,
  now: Date,
  forUpdate = false,
): Promise<Link> => {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalid();
  const [s] = await db
    .select()
    .from(esignSigners)
    .where(eq(esignSigners.tokenHash, sha256(token)));
  if (!s || s.status === "locked" || s.party !== "counterparty") throw invalid();
  const ctx = { db, workspaceId: s.workspaceId };
  const r = forUpdate
    ? await lockRequest(ctx, s.requestId).catch(() => undefined)
    : (
        await db
          .select()
          .from(esignRequests)
          .where(
            and(eq(esignRequests.workspaceId, s.workspaceId), eq(esignRequests.id, s.requestId)),
          )
      )[0];
  if (!r) throw invalid();
  if (r.status === "completed") {
    // After completion a link leads only to the sealed PDF, and only for a bounded time.
    if (
      s.status !== "signed" ||
      !r.completedAt ||
      r.completedAt.getTime() + DOWNLOAD_MS <= now.getTime()
    )
      throw invalid();
    return { r, s };
  }
  if (r.status !== "sent" || r.expiresAt <= now) throw invalid();
  return { r, s };
};

const hasSession = (s: SignerRow, session: string | undefined, now: Date) =>
  Boolean(
    session &&
    s.sessionHash &&
    s.sessionExpiresAt &&
    s.sessionExpiresAt > now &&
    sameHash(s.sessionHash, sha256(session)),
  );

const requireSession = (link: Link, session: string | undefined, now: Date) => {
  if (!hasSession(link.s, session, now)) throw new AppError(401, "esign.errors.codeRequired");
};

/** What the signing page shows: this contract, its sender and firm, and this signer's own fields only. */
export const publicView = async (
  db: Db,
  deps: EsignDeps,
  token: string,
  session: string | undefined,
  origin: Origin,
  now = new Date(),
) => {
  const opened = await db.transaction(async (tx) => {
    const link = await resolveLink(tx, token, now, true);
    if (!link.s.openedAt) {
      await tx
        .update(esignSigners)
        .set({ openedAt: now })
        .where(
          and(eq(esignSigners.workspaceId, link.s.workspaceId), eq(esignSigners.id, link.s.id)),
        );
      await appendEvent(tx, {
        workspaceId: link.r.workspaceId,
        requestId: link.r.id,
        action: "opened",
        signerId: link.s.id,
        actorName: link.s.name,
        ...origin,
        at: now,
        docSha256: link.r.sourceSha256,
      });
    }
    return link;
  });
  const { r, s } = opened;
  const f = await facts(db, r);
  const signers = await db
    .select()
    .from(esignSigners)
    .where(and(eq(esignSigners.workspaceId, r.workspaceId), eq(esignSigners.requestId, r.id)));
  const source = await readFileBytes(
    actingFor(db, r.workspaceId, r.createdBy, deps.log),
    deps.store,
    r.sourceFileId,
  );
  const verified = hasSession(s, session, now);
  return {
    contractName: f.contract,
    contractNo: f.contractNo,
    senderName: f.sender,
    firmName: f.firm,
    signerName: s.name,
    channel: s.email ? "email" : "sms",
    maskedRecipient: maskRecipient(s.email ?? s.mobile ?? ""),
    signerStatus: s.status,
    requestStatus: r.status,
    verified,
    pageCount: r.pageCount,
    pages: await pdfPages(source.bytes),
    fields: r.fields.filter((x) => x.signer === s.position),
    turn: r.status === "sent" && currentTurn(r, signers).some((x) => x.id === s.id),
    downloadable: r.status === "completed",
    downloadUntil:
      r.status === "completed" && r.completedAt
        ? new Date(r.completedAt.getTime() + DOWNLOAD_MS)
        : null,
    expiresAt: r.expiresAt,
    timeZone: await readFirmTimeZone(db, r.workspaceId),
  };
};

export const pageImage = async (
  db: Db,
  deps: EsignDeps,
  token: string,
  session: string | undefined,
  n: number,
  now = new Date(),
) => {
  const link = await resolveLink(db, token, now);
  requireSession(link, session, now);
  if (!Number.isInteger(n) || n < 1 || n > link.r.pageCount)
    throw new AppError(404, "errors.notFound");
  return deps.renderPage(
    async () =>
      (
        await readFileBytes(
          actingFor(db, link.r.workspaceId, link.r.createdBy, deps.log),
          deps.store,
          link.r.sourceFileId,
        )
      ).bytes,
    link.r.sourceSha256,
    n,
  );
};

/** A signature image must be a real PNG of sensible size: it is drawn into the contract later. */
const checkImage = async (b64: string) => {
  const bytes = Buffer.from(b64, "base64");
  if (
    bytes.length < 60 ||
    bytes.length > 1024 * 1024 ||
    !bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  )
    throw new AppError(400, "esign.errors.badSignatureImage");
  try {
    await (await PDFDocument.create()).embedPng(bytes);
  } catch {
    throw new AppError(400, "esign.errors.badSignatureImage");
  }
  return bytes.toString("base64");
};

export const signAsCounterparty = async (
  db: Db,
  deps: EsignDeps,
  token: string,
  session: string | undefined,
  marks: Record<string, { png: string }>,
  origin: Origin,
  now = new Date(),
) => {
  const checked: Record<string, { image: string }> = {};
  for (const [fieldId, mark] of Object.entries(marks))
    checked[fieldId] = { image: await checkImage(mark.png) };
  await db.transaction(async (tx) => {
    const link = await resolveLink(tx, token, now, true);
    if (link.r.status !== "sent") throw invalid();
    requireSession(link, session, now);
    if (link.s.status !== "sent") throw new AppError(409, "esign.errors.alreadyDone");
    const signers = await tx
      .select()
      .from(esignSigners)
      .where(
        and(
          eq(esignSigners.workspaceId, link.r.workspaceId),
          eq(esignSigners.requestId, link.r.id),
        ),
      );
    if (!currentTurn(link.r, signers).some((x) => x.id === link.s.id))
      throw new AppError(409, "esign.errors.notYourTurn");
    await recordSignature(
      actingFor(tx, link.r.workspaceId, link.r.createdBy, deps.log, origin.ip),
      deps,
      link.r,
      link.s,
      checked,
      origin,
      now,
    );
  });
  return publicView(db, deps, token, session, origin, now);
};

export const declineAsCounterparty = async (
  db: Db,
  token: string,
  session: string | undefined,
  reason: string,
  origin: Origin,
  now = new Date(),
) => {
  await db.transaction(async (tx) => {
    const link = await resolveLink(tx, token, now, true);
    if (link.r.status !== "sent") throw invalid();
    requireSession(link, session, now);
    if (link.s.status !== "sent") throw new AppError(409, "esign.errors.alreadyDone");
    const { r, s } = link;
    await tx
      .update(esignSigners)
      .set({
        status: "declined",
        declinedAt: now,
        declineReason: reason.trim(),
        ip: origin.ip,
        userAgent: origin.userAgent.slice(0, 500),
      })
      .where(and(eq(esignSigners.workspaceId, s.workspaceId), eq(esignSigners.id, s.id)));
    await appendEvent(tx, {
      workspaceId: r.workspaceId,
      requestId: r.id,
      action: "declined",
      signerId: s.id,
      actorName: s.name,
      ...origin,
      at: now,
      docSha256: r.sourceSha256,
      detail: { reason: reason.trim() },
    });
    await endRequest({ db: tx, workspaceId: r.workspaceId }, r, "declined", reason.trim(), now);
    await tx
      .update(contracts)
      .set(signingEndedSet("declined", now))
      .where(and(eq(contracts.workspaceId, r.workspaceId), eq(contracts.id, r.contractId)));
    await notifyStep(tx, r, "declined", s.name);
  });
  return { declined: true };
};

/**
 * The sealed PDF for the link's signer. It needs a live session: the one they signed in, or one a
 * download code opened later (another device, or after it ended); each download is a trail entry.
 */
export const sealedForSigner = (
  db: Db,
  deps: EsignDeps,
  token: string,
  session: string | undefined,
  origin: Origin,
  now = new Date(),
) =>
  db.transaction(async (tx) => {
    const link = await resolveLink(tx, token, now, true);
    requireSession(link, session, now);
    const out = await sealedBytes(
      actingFor(tx, link.r.workspaceId, link.r.createdBy, deps.log),
      deps,
      link.r,
    );
    await appendEvent(tx, {
      workspaceId: link.r.workspaceId,
      requestId: link.r.id,
      action: "downloaded",
      signerId: link.s.id,
      actorName: link.s.name,
      ...origin,
      at: now,
      docSha256: link.r.sealedSha256 as string,
    });
    return out;
  });
