import { Worker } from "node:worker_threads";

/**
 * Largest single write(). From 2 MiB up, ext4 backs the page cache with 2 MiB folios; on a VM
 * whose host takes free memory back (virtio-balloon free page reporting, as on our machines)
 * those tend to come from blocks the host has reclaimed, and touching them again costs far more
 * system time: dd of 200 MB with 2-4 MiB writes took 0.4-0.6 s of it, with 512 KiB writes
 * 0.05 s. Smaller writes get smaller folios, as `cp` does with its 64 KiB splices.
 */
export const WRITE_BYTES = 512 * 1024;

/**
 * The workers' whole program, plain CommonJS run with `eval`: there is no file to resolve, so it
 * runs the same under tsx, vitest or a bundle, and it starts without the TypeScript loader the
 * main thread may have. It answers every message, in order. One instance hashes (one sha256 per
 * job id), the other writes slabs to files, each in a loop of plain write() calls that would
 * otherwise cost the main thread a thread-pool round trip apiece.
 */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const { writeSync } = require("node:fs");
const hashes = new Map();
const handle = ({ op, id, slab, length, fd, position }) => {
  if (op === "write") {
    const bytes = new Uint8Array(slab, 0, length);
    for (let done = 0; done < length; ) {
      done += writeSync(fd, bytes, done, Math.min(${WRITE_BYTES}, length - done), position + done);
    }
    return {};
  }
  if (op === "update") {
    let hash = hashes.get(id);
    if (!hash) hashes.set(id, (hash = createHash("sha256")));
    hash.update(new Uint8Array(slab, 0, length));
    return {};
  }
  const hash = hashes.get(id);
  hashes.delete(id);
  return op === "digest" ? { hex: (hash || createHash("sha256")).digest("hex") } : {};
};
parentPort.on("message", (message) => {
  try {
    parentPort.postMessage({ ok: true, ...handle(message) });
  } catch (err) {
    if (message.id !== undefined) hashes.delete(message.id);
    parentPort.postMessage({ ok: false, message: String((err && err.message) || err), code: err && err.code });
  }
});
`;

type Reply = { ok: boolean; hex?: string; message?: string; code?: string };
type Message =
  | { op: "update"; id: number; slab: SharedArrayBuffer; length: number }
  | { op: "digest" | "drop"; id: number }
  | { op: "write"; fd: number; slab: SharedArrayBuffer; length: number; position: number };

/** One worker thread started on first use, and started again if it ever dies. */
const createChannel = () => {
  let worker: Worker | undefined;
  /** The worker answers in the order it was asked, so one queue matches every reply to its caller. */
  const waiting: { resolve: (reply: Reply) => void; reject: (err: Error) => void }[] = [];
  const failAll = (from: Worker, err: Error) => {
    if (worker !== from) return;
    worker = undefined;
    for (const waiter of waiting.splice(0)) waiter.reject(err);
  };
  const start = () => {
    const started = new Worker(WORKER_SOURCE, { eval: true, execArgv: [] });
    started.on("message", (reply: Reply) => {
      waiting.shift()?.resolve(reply);
      // An idle worker must not keep the process (a test run, a CLI) alive.
      if (waiting.length === 0) started.unref();
    });
    started.on("error", (err) => failAll(started, err));
    started.on("exit", (code) =>
      failAll(started, new Error(`storage worker exited with code ${code}`)),
    );
    started.unref();
    return started;
  };
  return {
    isRunning: () => worker !== undefined,
    ask: (message: Message) =>
      new Promise<Reply>((resolve, reject) => {
        worker ??= start();
        waiting.push({ resolve, reject });
        worker.ref();
        worker.postMessage(message);
      }).then((reply) => {
        if (!reply.ok)
          throw Object.assign(new Error(reply.message), reply.code ? { code: reply.code } : {});
        return reply;
      }),
  };
};

/** sha256 runs at ~2 GB/s on one core: one hashing thread serves every upload. */
const hashing = createChannel();
const writing = createChannel();
let lastId = 0;

/** A sha256 computed on the hashing worker, so hashing runs beside receiving and writing. */
export type OffThreadSha256 = {
  /**
   * Adds the first `length` bytes of `slab`; updates apply in call order. The slab must not
   * change until the returned promise settles.
   */
  update: (slab: SharedArrayBuffer, length: number) => Promise<void>;
  /** The hex digest of everything added; the hash is finished after it. */
  digest: () => Promise<string>;
  /** Forgets an unfinished hash (the body was cut off); never fails. */
  drop: () => void;
};

export const sha256OffThread = (): OffThreadSha256 => {
  const id = ++lastId;
  return {
    update: async (slab, length) => {
      await hashing.ask({ op: "update", id, slab, length });
    },
    digest: async () => (await hashing.ask({ op: "digest", id })).hex ?? "",
    drop: () => {
      // A worker that died took the hash with it: nothing to forget, no reason to start another.
      if (hashing.isRunning()) hashing.ask({ op: "drop", id }).catch(() => undefined);
    },
  };
};

/**
 * Writes the first `length` bytes of `slab` at `position` of an open file, on the writing
 * worker. The file must stay open and the slab unchanged until the returned promise settles.
 */
export const writeOffThread = async (
  fd: number,
  slab: SharedArrayBuffer,
  length: number,
  position: number,
) => {
  await writing.ask({ op: "write", fd, slab, length, position });
};
