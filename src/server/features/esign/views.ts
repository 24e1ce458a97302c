import type {
  RequestStatus,
  Signer,
  SignerStatus,
  SigningOrder,
  SigningRequest,
  TrailEvent,
} from "../../../shared/contracts/esign";
import type { esignEvents, esignRequests, esignSigners } from "../../db/tables";
import type { Answer } from "../../lib/answers";
import { checkChain } from "./trail";

type RequestRow = typeof esignRequests.$inferSelect;
type SignerRow = typeof esignSigners.$inferSelect;
type EventRow = typeof esignEvents.$inferSelect;

/** A signer as the firm sees it: never the token, code or session hashes, nor the marks' bytes. */
export const signerView = (s: SignerRow): Answer<Signer> => ({
  id: s.id,
  position: s.position,
  party: s.party as Signer["party"],
  name: s.name,
  email: s.email,
  mobile: s.mobile,
  userId: s.userId,
  sealId: s.sealId,
  status: s.status as SignerStatus,
  sentAt: s.sentAt,
  openedAt: s.openedAt,
  verifiedAt: s.verifiedAt,
  signedAt: s.signedAt,
  declinedAt: s.declinedAt,
  declineReason: s.declineReason,
  verifiedBy: s.verifiedBy as Signer["verifiedBy"],
  ip: s.ip,
  userAgent: s.userAgent,
});

export const eventView = (e: EventRow): Answer<TrailEvent> => ({
  seq: e.seq,
  action: e.action,
  actorName: e.actorName,
  ip: e.ip,
  userAgent: e.userAgent,
  at: e.at,
  docSha256: e.docSha256,
  prevHash: e.prevHash,
  hash: e.hash,
  detail: e.detail,
});

export const requestView = (
  r: RequestRow,
  signers: SignerRow[],
  trail: EventRow[],
  viewerId: string,
): Answer<SigningRequest> => {
  const turn = currentTurn(r, signers);
  return {
    id: r.id,
    contractId: r.contractId,
    status: r.status as RequestStatus,
    signingOrder: r.signingOrder as SigningOrder,
    expiresAt: r.expiresAt,
    remindEveryDays: r.remindEveryDays,
    sourceFileId: r.sourceFileId,
    sourceName: r.sourceName,
    sourceSha256: r.sourceSha256,
    pageCount: r.pageCount,
    fields: r.fields,
    createdAt: r.createdAt,
    completedAt: r.completedAt,
    sealedFileId: r.sealedFileId,
    sealedSha256: r.sealedSha256,
    endReason: r.endReason,
    signers: signers.map(signerView),
    trail: trail.map(eventView),
    chainValid: checkChain(trail).valid,
    mayFirmSign:
      r.status === "sent" && turn.some((s) => s.party === "firm" && s.userId === viewerId),
  };
};

/** The signers whose turn it is: all unsigned ones in parallel, else the first unsigned one. */
export const currentTurn = (r: RequestRow, signers: SignerRow[]) => {
  const open = signers.filter((s) => s.status !== "signed").sort((a, b) => a.position - b.position);
  return r.signingOrder === "parallel" ? open : open.slice(0, 1);
};
