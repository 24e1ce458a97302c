/**
 * E-signing's requests and answers on the firm's side, as the server sends them and the client
 * reads them (timestamps are ISO text on the wire). One definition, so the two cannot drift.
 */

export type RequestStatus = "sent" | "completed" | "declined" | "cancelled" | "expired";
export type SignerStatus = "waiting" | "sent" | "signed" | "declined" | "locked";
export const SIGNING_ORDERS = ["sequential", "parallel"] as const;
export type SigningOrder = (typeof SIGNING_ORDERS)[number];
export const FIELD_KINDS = ["signature", "date"] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** Signers one request takes at most. */
export const MAX_SIGNERS = 10;
/** Fields one request places at most. */
export const MAX_FIELDS = 200;
/** A counterparty's mobile once spaces, dashes and brackets are gone. */
export const SIGNER_MOBILE_PATTERN = "^\\+?[0-9]{6,20}$";

/** A field placed on the PDF for one signer: a rectangle in fractions of its page (0..1, origin top left). */
export type EsignField = {
  id: string;
  signer: number;
  kind: FieldKind;
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
};

/** One signer as the prepare form sends it: a counterparty to reach, or a member with a seal. */
export type SignerInput =
  | { party: "counterparty"; name: string; email?: string; mobile?: string }
  | { party: "firm"; userId: string; sealId: string };

/** POST /contracts/:id/esign: the file, its signers in order and the fields each signs. */
export type PrepareInput = {
  fileId: string;
  signingOrder: SigningOrder;
  expiresInDays?: number;
  remindEveryDays?: number;
  signers: SignerInput[];
  fields: Omit<EsignField, "id">[];
};

/** A signer as the firm sees it: never the token, code or session hashes, nor the marks' bytes. */
export type Signer = {
  id: string;
  position: number;
  party: "counterparty" | "firm";
  name: string;
  email: string | null;
  mobile: string | null;
  userId: string | null;
  sealId: string | null;
  status: SignerStatus;
  sentAt: string | null;
  openedAt: string | null;
  verifiedAt: string | null;
  signedAt: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  /** "outbox": the code went through the firm's Outbox (no e-mail or SMS transport), not an independent channel. */
  verifiedBy: "email" | "sms" | "outbox" | "account" | null;
  ip: string | null;
  userAgent: string | null;
};

/** One entry of a request's hash-chained trail. */
export type TrailEvent = {
  seq: number;
  action: string;
  actorName: string | null;
  ip: string | null;
  userAgent: string | null;
  at: string;
  docSha256: string | null;
  prevHash: string | null;
  hash: string;
  detail: unknown;
};

/** A signing round as every firm-side request route answers it. */
export type SigningRequest = {
  id: string;
  contractId: string;
  status: RequestStatus;
  signingOrder: SigningOrder;
  expiresAt: string;
  remindEveryDays: number;
  sourceFileId: string;
  sourceName: string;
  sourceSha256: string;
  pageCount: number;
  fields: EsignField[];
  createdAt: string;
  completedAt: string | null;
  sealedFileId: string | null;
  sealedSha256: string | null;
  endReason: string | null;
  signers: Signer[];
  trail: TrailEvent[];
  chainValid: boolean;
  /** It is the viewer's turn to sign for the firm. */
  mayFirmSign: boolean;
};

export type RequestSummary = {
  id: string;
  status: RequestStatus;
  createdAt: string;
  endReason: string | null;
};
export type PdfFile = { id: string; name: string; size: number; mime: string };

/**
 * GET /contracts/:id/esign: the round in flight or last ended, earlier rounds, the PDFs it may
 * sign, and the contract's other attachments (listed with why they cannot be signed).
 */
export type EsignOverview = {
  current: SigningRequest | null;
  history: RequestSummary[];
  pdfFiles: PdfFile[];
  nonPdfFiles: PdfFile[];
  mayPrepare: boolean;
};

export type PageSize = { width: number; height: number };
/** GET …/esign/files/:fileId/pages. */
export type PageInfo = { pageCount: number; pages: PageSize[] };
