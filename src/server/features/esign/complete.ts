import { and, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { firmDay, formatFirmTime } from "../../../shared/firm-time";
import { cases, contracts, esignRequests, workspaces } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { assertTransition, CONTRACT_STATUS } from "../contracts";
import { lockFile } from "../documents";
import { readFileBytes, storeGeneratedFile } from "../documents";
import { firmKey } from "./certificate";
import { appendCertificatePage, type CertificateSigner } from "./certificate-page";
import { DOWNLOAD_MS, type EsignDeps } from "./deps";
import { flattenFields, type Mark } from "./flatten";
import { notifyStep, sendCompleted } from "./notify";
import { LOCK_ENTITY, signersOf } from "./requests";
import { maskRecipient, sha256 } from "./secrets";
import { signDocument } from "./sign-pdf";
import { appendEvent } from "./trail";

type RequestRow = typeof esignRequests.$inferSelect;

/** A certificate time on the firm's clock with its offset, "2026-11-27 09:30:00 (UTC+8)", not the server's UTC. */
const whenIn = (zone: string) => (d: Date | null) =>
  d ? formatFirmTime(d, zone, "YYYY-MM-DD HH:mm:ss", true) : "";

/**
 * How the signer proved who they are, for the certificate. A code the firm's Outbox handed on (no
 * e-mail or SMS transport) says so: the firm could have read it, so it proves less.
 */
const verifiedByText = (s: {
  verifiedBy: string | null;
  email: string | null;
  mobile: string | null;
}) => {
  if (s.verifiedBy === "account")
    return "本所成员账号与电子章 Firm member account and electronic seal";
  const to = maskRecipient(s.email ?? s.mobile ?? "");
  if (s.verifiedBy === "outbox")
    return `验证码经本所发件箱转交，非独立渠道 Code passed on through the firm's Outbox, not an independent channel → ${to}`;
  return `${s.verifiedBy === "sms" ? "短信验证码 SMS code" : "邮件验证码 E-mail code"} → ${to}`;
};

/**
 * Every signer has signed: in the transaction of the last signature, the marks are drawn into the
 * pages, the certificate page appended, the whole file signed with the firm's certificate, stored
 * in the case's folder in Documents (locked: it can be neither deleted nor given a new version),
 * and the contract becomes signed. Any failure rolls the last signature back with it.
 */
export const completeRequest = async (
  ctx: RequestCtx,
  deps: EsignDeps,
  r: RequestRow,
  now: Date,
) => {
  const signers = await signersOf(ctx, r.id);
  const zone = await readFirmTimeZone(ctx.db, ctx.workspaceId);
  const when = whenIn(zone);
  const source = await readFileBytes(ctx, deps.store, r.sourceFileId);
  if (sha256(source.bytes) !== r.sourceSha256)
    throw new AppError(409, "esign.errors.sourceChanged");
  const marks = new Map<string, Mark>();
  for (const s of signers)
    for (const [fieldId, mark] of Object.entries(s.marks))
      marks.set(fieldId, { image: Buffer.from(mark.image, "base64") });
  const dates = new Map(signers.map((s) => [s.position, firmDay(s.signedAt ?? now, zone)]));
  const doc = await flattenFields(source.bytes, r.fields, marks, dates);
  const contentSha256 = sha256(await doc.save({ useObjectStreams: false }));

  const [contract] = await ctx.db
    .select()
    .from(contracts)
    .where(inWorkspace(ctx, contracts, eq(contracts.id, r.contractId)))
    .for("update");
  const [firm] = await ctx.db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  const certSigners: CertificateSigner[] = signers.map((s) => ({
    name: s.name,
    party: s.party as CertificateSigner["party"],
    verifiedBy: verifiedByText(s),
    ip: s.ip ?? "",
    device: (s.userAgent ?? "").slice(0, 160),
    sentAt: when(s.sentAt),
    openedAt: when(s.openedAt),
    verifiedAt: when(s.verifiedAt),
    signedAt: when(s.signedAt),
  }));
  await appendCertificatePage(
    doc,
    {
      firmName: firm?.name ?? "",
      contractName: contract.name,
      contractNo: contract.contractNo,
      requestId: r.id,
      sourceName: r.sourceName,
      originalSha256: r.sourceSha256,
      contentSha256,
      completedAt: when(now),
      signers: certSigners,
    },
    deps.pdfFont,
  );
  const key = await firmKey(ctx, deps.secret);
  const sealed = await signDocument(doc, key, {
    reason: `Contract signing ${r.id}`,
    signingTime: now,
  });
  const sealedSha256 = sha256(sealed);

  const [caseRow] = await ctx.db
    .select({ folderId: cases.folderId })
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, contract.caseId)));
  const stem = r.sourceName.replace(/\.pdf$/i, "");
  const file = await storeGeneratedFile(ctx, deps.store, {
    folderId: caseRow?.folderId ?? null,
    name: `${stem}.signed.pdf`,
    mime: "application/pdf",
    bytes: sealed,
    quotaBytes: deps.quotaBytes,
  });
  await lockFile(ctx, {
    entity: LOCK_ENTITY,
    entityId: r.id,
    fileId: file.id,
    label: contract.contractNo,
  });

  await ctx.db
    .update(esignRequests)
    .set({
      status: "completed",
      completedAt: now,
      sealedFileId: file.id,
      sealedSha256,
      contentSha256,
      certFingerprint: key.row.fingerprint,
      version: r.version + 1,
    })
    .where(and(eq(esignRequests.workspaceId, r.workspaceId), eq(esignRequests.id, r.id)));
  await appendEvent(ctx.db, {
    workspaceId: r.workspaceId,
    requestId: r.id,
    action: "completed",
    actorName: firm?.name ?? "",
    at: now,
    docSha256: sealedSha256,
    detail: { contentSha256, certificate: key.row.fingerprint, fileId: file.id },
  });
  assertTransition(contract.status, CONTRACT_STATUS.signed);
  await ctx.db
    .update(contracts)
    .set({
      status: CONTRACT_STATUS.signed,
      signingStatus: "signed",
      version: contract.version + 1,
      updatedAt: now,
    })
    .where(inWorkspace(ctx, contracts, eq(contracts.id, contract.id)));
  await writeAudit(ctx.db, ctx, {
    action: "update",
    entity: "contracts",
    entityId: contract.id,
    before: { status: contract.status },
    after: { status: CONTRACT_STATUS.signed, sealedFileId: file.id, sealedSha256 },
  });
  await notifyStep(ctx.db, r, "completed", "");
  await sendCompleted(ctx.db, deps, r, signers, new Date(now.getTime() + DOWNLOAD_MS));
};
