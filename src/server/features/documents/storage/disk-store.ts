import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, opendir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

import type { BlobStore, StagedBlob, StoredBody } from "./blob-store";
import { createBodyWriter, type WrittenBody } from "./body-writer";

const SHA256 = /^[0-9a-f]{64}$/;
/**
 * Reads in 4 MiB pieces: with the 64 KiB default a 200 MB download spends its time in per-chunk
 * overhead (thousands of syscalls and thread-pool round trips instead of fifty).
 */
const CHUNK = 4 * 1024 * 1024;

/** fsync of a directory: makes a rename or a new entry in it survive a power cut. */
const syncDir = async (dir: string) => {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/**
 * Bodies under `<root>/blobs/ab/cd/<sha256>`, named by their content so identical uploads share
 * one body. A body is written to `<root>/tmp` first, fsynced, and renamed into place only once it
 * is complete, hashed and durable: a cut-off upload can never leave a half file under a real key,
 * and an upload the server acknowledged survives a crash.
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
    ready ??= Promise.all([
      mkdir(tmpDir, { recursive: true }),
      mkdir(blobDir, { recursive: true }),
    ]);
    return ready;
  };

  const stage = async (body: Readable, opts: { maxBytes?: number } = {}): Promise<StagedBlob> => {
    await ensureDirs();
    if (body.destroyed) throw new Error("body stream already closed");
    const tmp = path.join(tmpDir, `${randomUUID()}.part`);
    const file = await open(tmp, "wx");
    // Hashes and writes off the main thread and fsyncs before it finishes (body-writer.ts).
    const writer = createBodyWriter(file, opts);
    let written: WrittenBody;
    try {
      await pipeline(body, writer.sink);
      written = writer.result();
      await file.close();
    } catch (err) {
      await writer.abort();
      await file.close().catch(() => undefined);
      await rm(tmp, { force: true });
      throw err;
    }
    const { sha256, size, head } = written;
    let isSettled = false;
    return {
      sha256,
      size,
      head,
      commit: async () => {
        if (isSettled) return sha256;
        isSettled = true;
        const target = pathOf(sha256);
        const created = await mkdir(path.dirname(target), { recursive: true });
        // rename() replaces atomically: same content, same name, so a concurrent twin is harmless.
        // It also gives the body a fresh mtime, which the purge's grace period relies on.
        await rename(tmp, target);
        await syncDir(path.dirname(target));
        if (created) {
          // New ab/ or ab/cd/ directories: their own entries must reach the disk too.
          await syncDir(path.dirname(path.dirname(target)));
          if (created === path.dirname(path.dirname(target))) await syncDir(blobDir);
        }
        return sha256;
      },
      discard: async () => {
        if (isSettled) return;
        isSettled = true;
        await rm(tmp, { force: true });
      },
    };
  };

  async function* list(): AsyncIterable<StoredBody> {
    await ensureDirs();
    for (const a of await readdir(blobDir)) {
      for (const b of await readdir(path.join(blobDir, a)).catch(() => [])) {
        const dir = await opendir(path.join(blobDir, a, b)).catch(() => undefined);
        if (!dir) continue;
        for await (const entry of dir) {
          if (!entry.isFile() || !SHA256.test(entry.name)) continue;
          const info = await stat(path.join(dir.path, entry.name)).catch(() => undefined);
          if (info) yield { key: entry.name, modifiedAt: info.mtime };
        }
      }
    }
  }

  return {
    stage,
    open: async (key, range) => {
      const file = pathOf(key);
      await stat(file);
      return createReadStream(file, {
        highWaterMark: CHUNK,
        ...(range ? { start: range.start, end: range.end } : {}),
      });
    },
    size: async (key) => (await stat(pathOf(key))).size,
    remove: (key) => rm(pathOf(key), { force: true }),
    list,
    removeIfOlder: async (key, notAfter) => {
      const file = pathOf(key);
      const info = await stat(file).catch(() => undefined);
      if (!info || info.mtime > notAfter) return false;
      await rm(file, { force: true });
      return true;
    },
    sweepStaging: async (notAfter) => {
      await ensureDirs();
      let removed = 0;
      for (const name of await readdir(tmpDir)) {
        const file = path.join(tmpDir, name);
        const info = await stat(file).catch(() => undefined);
        if (info && info.mtime <= notAfter) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
    pendingCount: async () => {
      await ensureDirs();
      return (await readdir(tmpDir)).length;
    },
  };
};
