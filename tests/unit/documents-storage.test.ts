import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

import { afterAll, describe, expect, it } from "vitest";

import {
  BlobTooLargeError,
  HEAD_BYTES,
} from "../../src/server/features/documents/storage/blob-store";
import {
  createBodyWriter,
  SLAB_BYTES,
} from "../../src/server/features/documents/storage/body-writer";
import { createDiskStore } from "../../src/server/features/documents/storage/disk-store";
import {
  sha256OffThread,
  writeOffThread,
} from "../../src/server/features/documents/storage/slab-workers";

const dir = mkdtempSync(path.join(os.tmpdir(), "lm-storage-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const tmpFile = () => path.join(dir, `body-${++files}.bin`);
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Sizes around the slab boundary, where the writer changes paths (inline, full slabs, a tail). */
const SIZES = [0, 1, 1000, SLAB_BYTES - 1, SLAB_BYTES, SLAB_BYTES + 1, 3 * SLAB_BYTES + 12_345];

/** A body as a socket delivers it: 64 KiB chunks, the last one shorter. */
const chunked = (bytes: Buffer, size = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    })(),
  );

/** Chunks up to `cutAfter` bytes, then the stream fails as a dropped connection does. */
const cutOff = (bytes: Buffer, cutAfter: number) =>
  Readable.from(
    (async function* () {
      yield* chunked(bytes.subarray(0, cutAfter));
      throw Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    })(),
  );

describe("slab workers", () => {
  it.each(SIZES)("hash %i bytes to the same sha256 as createHash", async (size) => {
    const bytes = randomBytes(size);
    const hash = sha256OffThread();
    const slab = new SharedArrayBuffer(SLAB_BYTES);
    for (let i = 0; i < size; i += SLAB_BYTES) {
      const piece = bytes.subarray(i, i + SLAB_BYTES);
      piece.copy(Buffer.from(slab));
      await hash.update(slab, piece.length);
    }
    expect(await hash.digest()).toBe(sha(bytes));
  });

  it("keeps concurrent hashes apart and forgets a dropped one", async () => {
    const slabA = new SharedArrayBuffer(1024);
    const slabB = new SharedArrayBuffer(1024);
    Buffer.from(slabA).fill("a");
    Buffer.from(slabB).fill("b");
    const a = sha256OffThread();
    const b = sha256OffThread();
    const dropped = sha256OffThread();
    await Promise.all([
      a.update(slabA, 1024),
      b.update(slabB, 1024),
      dropped.update(slabA, 10),
      a.update(slabA, 1024),
    ]);
    dropped.drop();
    expect(await a.digest()).toBe(sha(Buffer.alloc(2048, "a")));
    expect(await b.digest()).toBe(sha(Buffer.alloc(1024, "b")));
  });

  it("writes a slab at its position and reports a failed write with its code", async () => {
    const file = await open(tmpFile(), "w+");
    try {
      const slab = new SharedArrayBuffer(SLAB_BYTES);
      const bytes = randomBytes(SLAB_BYTES);
      bytes.copy(Buffer.from(slab));
      await writeOffThread(file.fd, slab, 1000, 5000);
      const back = Buffer.alloc(1000);
      await file.read(back, 0, 1000, 5000);
      expect(back.equals(bytes.subarray(0, 1000))).toBe(true);
      expect((await file.stat()).size).toBe(6000);
    } finally {
      await file.close();
    }
    const name = tmpFile();
    writeFileSync(name, "");
    const readOnly = await open(name, "r");
    try {
      await expect(
        writeOffThread(readOnly.fd, new SharedArrayBuffer(16), 16, 0),
      ).rejects.toMatchObject({ code: "EBADF" });
    } finally {
      await readOnly.close();
    }
  });
});

describe("createBodyWriter", () => {
  it.each(SIZES)("writes, hashes and keeps the head of %i bytes", async (size) => {
    const bytes = randomBytes(size);
    const name = tmpFile();
    const file = await open(name, "wx");
    const writer = createBodyWriter(file);
    try {
      await pipeline(chunked(bytes), writer.sink);
    } finally {
      await file.close();
    }
    const result = writer.result();
    expect(result.size).toBe(size);
    expect(result.sha256).toBe(sha(bytes));
    expect(result.head.equals(bytes.subarray(0, HEAD_BYTES))).toBe(true);
    expect(readFileSync(name).equals(bytes)).toBe(true);
  });

  it("takes chunks larger than a slab", async () => {
    const bytes = randomBytes(2 * SLAB_BYTES + 7);
    const file = await open(tmpFile(), "wx");
    const writer = createBodyWriter(file);
    try {
      await pipeline(Readable.from([bytes]), writer.sink);
    } finally {
      await file.close();
    }
    expect(writer.result().sha256).toBe(sha(bytes));
  });

  it("fails with BlobTooLargeError past maxBytes, across slabs", async () => {
    const file = await open(tmpFile(), "wx");
    const writer = createBodyWriter(file, { maxBytes: 2 * SLAB_BYTES });
    try {
      await expect(
        pipeline(chunked(randomBytes(2 * SLAB_BYTES + 1)), writer.sink),
      ).rejects.toBeInstanceOf(BlobTooLargeError);
      await writer.abort();
    } finally {
      await file.close();
    }
    expect(() => writer.result()).toThrow();
  });
});

describe("disk store staging", () => {
  it.each([1000, 2 * SLAB_BYTES + 5])(
    "leaves no staging file when a %i-byte body is cut off",
    async (cutAfter) => {
      const store = createDiskStore(path.join(dir, `store-${cutAfter}`));
      const bytes = randomBytes(3 * SLAB_BYTES);
      await expect(store.stage(cutOff(bytes, cutAfter))).rejects.toMatchObject({
        code: "ECONNRESET",
      });
      expect(await store.pendingCount()).toBe(0);
    },
  );

  it("commits a multi-slab body under its sha256 and reads it back", async () => {
    const root = path.join(dir, "store-commit");
    const store = createDiskStore(root);
    const bytes = randomBytes(2 * SLAB_BYTES + 333);
    const staged = await store.stage(chunked(bytes), { maxBytes: 3 * SLAB_BYTES });
    expect(staged).toMatchObject({ sha256: sha(bytes), size: bytes.length });
    const key = await staged.commit();
    expect(await store.pendingCount()).toBe(0);
    const chunks: Buffer[] = [];
    for await (const chunk of await store.open(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(readdirSync(path.join(root, "tmp"))).toEqual([]);
  });
});
