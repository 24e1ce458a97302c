import { createHash } from "node:crypto";
import type { FileHandle } from "node:fs/promises";
import { Writable } from "node:stream";

import { BlobTooLargeError, HEAD_BYTES } from "./blob-store";
import { type OffThreadSha256, sha256OffThread, WRITE_BYTES, writeOffThread } from "./slab-workers";

/**
 * Incoming chunks (64 KiB from a socket) are copied once into slabs of this size; each full slab
 * is written by the writing worker and hashed by the hashing worker at the same time
 * (slab-workers.ts), so the main thread only receives and copies. 4 MiB: fifty messages to each
 * worker for 200 MB.
 */
export const SLAB_BYTES = 4 * 1024 * 1024;
/** Full slabs one body may have being written or hashed before its source is paused. */
const SLABS_IN_FLIGHT = 3;
/**
 * Written bytes after which an fdatasync starts in the background: the disk takes the body while
 * it still arrives, and the final fsync only has the tail to flush.
 */
const SYNC_EVERY_BYTES = 32 * 1024 * 1024;
/** Idle slabs kept for the next upload (the rest are left to the garbage collector). */
const SPARE_SLABS = 4;

const spareSlabs: SharedArrayBuffer[] = [];
const takeSlab = () => spareSlabs.pop() ?? new SharedArrayBuffer(SLAB_BYTES);
const giveBack = (slab: SharedArrayBuffer) => {
  if (spareSlabs.length < SPARE_SLABS) spareSlabs.push(slab);
};

/** For a body that fits in one slab, written from here: no worker is involved. */
const writeFully = async (file: FileHandle, data: Buffer, length: number) => {
  for (let done = 0; done < length;) {
    const { bytesWritten } = await file.write(
      data,
      done,
      Math.min(WRITE_BYTES, length - done),
      done,
    );
    done += bytesWritten;
  }
};

export type WrittenBody = { sha256: string; size: number; head: Buffer };

export type BodyWriter = {
  /** Pipe the body into it; it finishes once every byte is written, hashed and fsynced. */
  sink: Writable;
  /** What was written; only after the sink has finished. */
  result: () => WrittenBody;
  /**
   * Waits for the writes, syncs and hashing still running and releases the slabs, so the file
   * can be closed and removed. Call it when the pipe failed; idempotent.
   */
  abort: () => Promise<void>;
};

/**
 * Writes a body into an open file, hashing it with sha256 and keeping its first HEAD_BYTES,
 * with back-pressure: at most SLABS_IN_FLIGHT full slabs per body, so memory stays flat
 * whatever the size. A body that fits in one slab is hashed inline, which is quicker than a
 * round trip to the worker.
 */
export const createBodyWriter = (
  file: FileHandle,
  opts: { maxBytes?: number } = {},
): BodyWriter => {
  let slab: SharedArrayBuffer | undefined;
  let view: Buffer<ArrayBufferLike> = Buffer.alloc(0);
  let fill = 0;
  let size = 0;
  /** File offset of the next slab to write. */
  let position = 0;
  let syncedUpTo = 0;
  let syncing: Promise<void> | undefined;
  const inFlight = new Set<Promise<void>>();
  let hasher: OffThreadSha256 | undefined;
  let head: Buffer | undefined;
  let failure: Error | undefined;
  /** The write callback held back while SLABS_IN_FLIGHT slabs are busy. */
  let waitingForRoom: ((err?: Error | null) => void) | undefined;
  let written: WrittenBody | undefined;
  let aborted: Promise<void> | undefined;

  const fail = (err: unknown) => {
    failure ??= err instanceof Error ? err : new Error(String(err));
  };

  const syncInBackground = (writtenUpTo: number) => {
    if (syncing || writtenUpTo - syncedUpTo < SYNC_EVERY_BYTES) return;
    syncing = file
      .datasync()
      .then(() => {
        syncedUpTo = writtenUpTo;
      }, fail)
      .finally(() => {
        syncing = undefined;
      });
  };

  const wakeWriter = () => {
    if (!waitingForRoom || (inFlight.size >= SLABS_IN_FLIGHT && !failure)) return;
    const callback = waitingForRoom;
    waitingForRoom = undefined;
    callback(failure);
  };

  /** Sends the current slab to both workers; it is reused once both are done with it. */
  const dispatch = () => {
    const full = slab as SharedArrayBuffer;
    const length = fill;
    const at = position;
    head ??= Buffer.from(view.subarray(0, Math.min(length, HEAD_BYTES)));
    slab = undefined;
    fill = 0;
    position += length;
    hasher ??= sha256OffThread();
    // The writing worker takes its messages in order, so when this write is done every byte
    // before it is written too, which is what the background sync may then cover.
    const onDisk = writeOffThread(file.fd, full, length, at).then(() =>
      syncInBackground(at + length),
    );
    const done = Promise.allSettled([onDisk, hasher.update(full, length)]).then((outcomes) => {
      for (const outcome of outcomes) if (outcome.status === "rejected") fail(outcome.reason);
      inFlight.delete(done);
      giveBack(full);
      wakeWriter();
    });
    inFlight.add(done);
  };

  /** The last slab, the hash, then the final fsync: the sink finishes only once the body is durable. */
  const finish = async () => {
    let sha256: string;
    if (!hasher) {
      // The whole body is in the first slab (or it is empty).
      const body = view.subarray(0, fill);
      head = Buffer.from(body.subarray(0, HEAD_BYTES));
      sha256 = createHash("sha256").update(body).digest("hex");
      if (fill > 0) await writeFully(file, body, fill);
      if (slab) giveBack(slab);
      slab = undefined;
    } else {
      if (fill > 0) dispatch();
      await Promise.all(inFlight);
      if (failure) throw failure;
      sha256 = await hasher.digest();
    }
    await syncing;
    if (failure) throw failure;
    await file.sync();
    written = { sha256, size, head: head ?? Buffer.alloc(0) };
  };

  const abort = () => {
    aborted ??= (async () => {
      waitingForRoom = undefined;
      await Promise.allSettled(inFlight);
      // Read only now: the last write to finish may just have started a sync.
      await syncing;
      // Also runs when a finished sink is destroyed; its hash is complete, nothing to forget.
      if (!written) hasher?.drop();
      if (slab) giveBack(slab);
      slab = undefined;
    })();
    return aborted;
  };

  const sink = new Writable({
    // Above one socket chunk, so a chunk taken at once never reports back-pressure by itself.
    highWaterMark: 1024 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (opts.maxBytes !== undefined && size > opts.maxBytes)
        return callback(new BlobTooLargeError());
      if (failure) return callback(failure);
      for (let offset = 0; offset < chunk.length;) {
        if (!slab) {
          slab = takeSlab();
          view = Buffer.from(slab);
        }
        const copied = chunk.copy(view, fill, offset);
        fill += copied;
        offset += copied;
        if (fill === SLAB_BYTES) dispatch();
      }
      if (inFlight.size >= SLABS_IN_FLIGHT) waitingForRoom = callback;
      else callback();
    },
    final(callback) {
      finish().then(() => callback(), callback);
    },
    destroy(err, callback) {
      abort().then(() => callback(err));
    },
  });

  return {
    sink,
    result: () => {
      if (!written) throw new Error("body not written yet");
      return written;
    },
    abort,
  };
};
