import type { Readable } from "node:stream";

/**
 * A file body received but not yet committed: hashed while it streamed, its first bytes kept
 * for type sniffing. Either commit() or discard() it; until then no reader can see it.
 */
export type StagedBlob = {
  sha256: string;
  size: number;
  /** The first bytes of the body (up to HEAD_BYTES), for content sniffing. */
  head: Buffer;
  /**
   * Makes the body readable under its key; idempotent for identical content. Call it inside a
   * transaction holding lockBodiesShared (features/documents/common.ts) and insert the row that
   * references the key in that same transaction, so the purge can never see the body between
   * the two as unreferenced.
   */
  commit: () => Promise<string>;
  discard: () => Promise<void>;
};

export type ByteRange = { start: number; end: number };

/** A committed body as the purge sees it. */
export type StoredBody = { key: string; modifiedAt: Date };

/**
 * Where file bodies live. Features only see this type, so an S3-compatible store can replace
 * the disk one by implementing the same functions.
 */
export type BlobStore = {
  /**
   * Streams a body in; rejects (leaving nothing behind) if the stream fails or exceeds maxBytes.
   * Resolves only once the bytes are durable (fsynced), so a commit never publishes a body a
   * power cut could still lose.
   */
  stage: (body: Readable, opts?: { maxBytes?: number }) => Promise<StagedBlob>;
  /** A readable of the whole body or of an inclusive byte range. */
  open: (key: string, range?: ByteRange) => Promise<Readable>;
  size: (key: string) => Promise<number>;
  remove: (key: string) => Promise<void>;
  /** Every committed body, for the purge of unreferenced ones. */
  list: () => AsyncIterable<StoredBody>;
  /**
   * Removes the body only if it was last written at or before `notAfter`: a body a new upload
   * has just committed again (same content) is younger and stays. True when it was removed.
   */
  removeIfOlder: (key: string, notAfter: Date) => Promise<boolean>;
  /** Removes staged bodies last written at or before `notAfter` (a crashed process's leftovers). */
  sweepStaging: (notAfter: Date) => Promise<number>;
  /** Staged bodies not yet committed or discarded (tests check a cut-off upload leaves none). */
  pendingCount: () => Promise<number>;
};

export const HEAD_BYTES = 64 * 1024;

/** Thrown by stage() when the body is longer than maxBytes. */
export class BlobTooLargeError extends Error {
  constructor() {
    super("blob too large");
    this.name = "BlobTooLargeError";
  }
}
