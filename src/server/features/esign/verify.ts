import { and, asc, eq } from "drizzle-orm";

import type { Db } from "../../db/client";
import {
  contracts,
  esignCertificates,
  esignEvents,
  esignRequests,
  workspaces,
} from "../../db/tables";
import { readFirmTimeZone } from "../../lib/firm-time";
import { sha256 } from "./secrets";
import { checkChain } from "./trail";
import { checkSignature } from "./verify-pdf";

/**
 * What the public verify page and `npm run verify` answer for a PDF: whether a firm on this server
 * sealed it (its certificate), whether the signature is valid and covers every byte, whether the
 * bytes are exactly those sealed (their hash is on record), and, only then, the signing trail.
 * An altered copy learns nothing but that.
 */
export const verifyDocument = async (db: Db, pdf: Buffer) => {
  const first = checkSignature(pdf);
  const hash = sha256(pdf);
  const [cert] = first.fingerprint
    ? await db
        .select({ firm: workspaces.name, workspaceId: esignCertificates.workspaceId })
        .from(esignCertificates)
        .innerJoin(workspaces, eq(workspaces.id, esignCertificates.workspaceId))
        .where(eq(esignCertificates.fingerprint, first.fingerprint))
        .limit(1)
    : [];
  // A certificate on record is the firm's published one: it vouches for a chain the PDF holds only in part.
  const sig = cert && first.fingerprint ? checkSignature(pdf, first.fingerprint) : first;
  const [request] = cert
    ? await db
        .select({
          id: esignRequests.id,
          workspaceId: esignRequests.workspaceId,
          contract: contracts.name,
          contractNo: contracts.contractNo,
          completedAt: esignRequests.completedAt,
        })
        .from(esignRequests)
        .innerJoin(
          contracts,
          and(
            eq(contracts.workspaceId, esignRequests.workspaceId),
            eq(contracts.id, esignRequests.contractId),
          ),
        )
        .where(
          and(
            eq(esignRequests.workspaceId, cert.workspaceId),
            eq(esignRequests.sealedSha256, hash),
          ),
        )
    : [];
  const unaltered = Boolean(request) && sig.signatureValid && sig.coversWholeFile;
  const trail = unaltered
    ? await db
        .select()
        .from(esignEvents)
        .where(
          and(
            eq(esignEvents.workspaceId, request.workspaceId),
            eq(esignEvents.requestId, request.id),
          ),
        )
        .orderBy(asc(esignEvents.seq))
    : [];
  return {
    sealed: Boolean(cert) && sig.signed,
    firmName: cert?.firm ?? null,
    // The sealing firm's clock: the page reads its times there, not in the reader's browser zone.
    timeZone: cert ? await readFirmTimeZone(db, cert.workspaceId) : null,
    signatureValid: sig.signatureValid && sig.coversWholeFile,
    unaltered,
    sha256: hash,
    signedAt: sig.signedAt,
    certificateSubject: sig.subject,
    contractName: unaltered ? request.contract : null,
    contractNo: unaltered ? request.contractNo : null,
    chainValid: unaltered ? checkChain(trail).valid : null,
    trail: trail.map((e) => ({ action: e.action, at: e.at, actorName: e.actorName })),
  };
};
