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
  /** Makes the body readable under its key; idempotent for identical content. */
  commit: () => Promise<string>;
  discard: () => Promise<void>;
};

export type ByteRange = { start: number; end: number };

/**
 * Where file bodies live. Features only see this type, so an S3-compatible store can replace
 * the disk one by implementing the same five functions.
 */
export type BlobStore = {
  /** Streams a body in; rejects (leaving nothing behind) if the stream fails or exceeds maxBytes. */
  stage: (body: Readable, opts?: { maxBytes?: number }) => Promise<StagedBlob>;
  /** A readable of the whole body or of an inclusive byte range. */
  open: (key: string, range?: ByteRange) => Promise<Readable>;
  size: (key: string) => Promise<number>;
  remove: (key: string) => Promise<void>;
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
