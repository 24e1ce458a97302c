/** The e-signing API's shapes (notes/esign-api.md); the server owns them. */

export type RequestStatus = "sent" | "completed" | "declined" | "cancelled" | "expired";
export type SignerStatus = "waiting" | "sent" | "signed" | "declined" | "locked";
export type SigningOrder = "sequential" | "parallel";
export type FieldKind = "signature" | "date";

/** A box on a page; x, y, w, h are fractions (0..1) of the page, origin top-left. */
export type Field = {
  id?: string;
  signer: number;
  kind: FieldKind;
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
};

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
  fields: Field[];
  createdAt: string;
  completedAt: string | null;
  sealedFileId: string | null;
  sealedSha256: string | null;
  signers: Signer[];
  trail: TrailEvent[];
  chainValid: boolean;
  mayFirmSign: boolean;
  endReason: string | null;
};

export type RequestSummary = {
  id: string;
  status: RequestStatus;
  createdAt: string;
  endReason: string | null;
};
export type PdfFile = { id: string; name: string; size: number };

/** `nonPdfFiles`: the contract's other attachments, listed with why they cannot be signed. */
export type EsignOverview = {
  current: SigningRequest | null;
  history: RequestSummary[];
  pdfFiles: PdfFile[];
  nonPdfFiles: PdfFile[];
  mayPrepare: boolean;
};
export type PageSize = { width: number; height: number };
export type PageInfo = { pageCount: number; pages: PageSize[] };

/** What the prepare form collects for one signer before fields are placed. */
export type SignerDraft =
  | { party: "counterparty"; name: string; email?: string; mobile?: string }
  | { party: "firm"; userId: string; sealId: string };

/** The contract fields the tab reads (the counterparty is prefilled from them). */
export type ContractForSigning = {
  id: string;
  status: string;
  signingStatus: string;
  signerName?: unknown;
  signerMobile?: unknown;
  signerEmail?: unknown;
};
