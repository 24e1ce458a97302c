import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

import { type BlobStore, BlobTooLargeError, HEAD_BYTES, type StagedBlob } from "./blob-store";

const SHA256 = /^[0-9a-f]{64}$/;
const READ_CHUNK = 1024 * 1024;

/**
 * Bodies under `<root>/blobs/ab/cd/<sha256>`, named by their content so identical uploads share
 * one body. A body is written to `<root>/tmp` first and renamed into place only once it is
 * complete and hashed: a cut-off upload can never leave a half file under a real key.
 */
export const createDiskStore = (root: string): BlobStore => {
  const tmpDir = path.join(root, "tmp");
  const blobDir = path.join(root, "blobs");
  const pathOf = (key: string) => {
    // Keys come from our own rows, but a key is never allowed to become a path outside blobs/.
    if (!SHA256.test(key)) throw new Error(`invalid blob key ${key}`);
    return path.join(blobDir, key.slice(0, 2), key.slice(2, 4), key);
  };
  let ready: Promise<unknown> | undefined;
  const ensureDirs = () => {
    ready ??= Promise.all([mkdir(tmpDir, { recursive: true }), mkdir(blobDir, { recursive: true })]);
    return ready;
  };

  const stage = async (body: Readable, opts: { maxBytes?: number } = {}): Promise<StagedBlob> => {
    await ensureDirs();
    if (body.destroyed) throw new Error("body stream already closed");
    const tmp = path.join(tmpDir, `${randomUUID()}.part`);
    const hash = createHash("sha256");
    const headChunks: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (opts.maxBytes !== undefined && size > opts.maxBytes) return done(new BlobTooLargeError());
        hash.update(chunk);
        if (headLength < HEAD_BYTES) {
          headChunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
          headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, meter, createWriteStream(tmp, { flags: "wx", highWaterMark: READ_CHUNK }));
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    const sha256 = hash.digest("hex");
    let isSettled = false;
    return {
      sha256,
      size,
      head: Buffer.concat(headChunks),
      commit: async () => {
        if (isSettled) return sha256;
        isSettled = true;
        const target = pathOf(sha256);
        await mkdir(path.dirname(target), { recursive: true });
        // rename() replaces atomically: same content, same name, so a concurrent twin is harmless.
        await rename(tmp, target);
        return sha256;
      },
      discard: async () => {
        if (isSettled) return;
        isSettled = true;
        await rm(tmp, { force: true });
      },
    };
  };

  return {
    stage,
    open: async (key, range) => {
      const file = pathOf(key);
      await stat(file);
      // 1 MiB reads: with the 64 KiB default, a large download spends its time in per-chunk overhead.
      return createReadStream(file, { highWaterMark: READ_CHUNK, ...(range ? { start: range.start, end: range.end } : {}) });
    },
    size: async (key) => (await stat(pathOf(key))).size,
    remove: (key) => rm(pathOf(key), { force: true }),
    pendingCount: async () => {
      await ensureDirs();
      return (await readdir(tmpDir)).length;
    },
  };
};
