import type { SessionStore, TokenSigner } from "../auth";
import type { BlobStore } from "./storage/blob-store";
import type { UploadLimits } from "./upload";

/** What the Documents routes share: the file store, the upload limits and the sign-in checks. */
export type DocumentsDeps = {
  store: BlobStore;
  limits: UploadLimits;
  zipMaxBytes: number;
  /** Lifetime of a download ticket (tickets.ts). */
  ticketTtlSeconds: number;
  sessions: SessionStore;
  tokens: TokenSigner;
};
