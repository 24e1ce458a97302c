import type { SessionStore } from "../../lib/session-store";
import type { TokenSigner } from "../../lib/tokens";
import type { DownloadChecks } from "./download-checks";
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
  /** What must pass before a body is served (a sealed file re-hashed). */
  checks: DownloadChecks;
};
