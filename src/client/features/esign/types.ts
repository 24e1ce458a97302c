import type { EsignField } from "../../../shared/contracts/esign";

export type {
  EsignOverview,
  FieldKind,
  PageInfo,
  PageSize,
  PdfFile,
  RequestStatus,
  RequestSummary,
  Signer,
  SignerStatus,
  SigningOrder,
  SigningRequest,
  TrailEvent,
  SignerInput as SignerDraft,
} from "../../../shared/contracts/esign";

/** A box on a page as the prepare form places it: the server gives it its id when sent. */
export type Field = Omit<EsignField, "id"> & { id?: string };

/** The contract fields the tab reads (the counterparty is prefilled from them). */
export type ContractForSigning = {
  id: string;
  status: string;
  signingStatus: string;
  signerName?: unknown;
  signerMobile?: unknown;
  signerEmail?: unknown;
};
