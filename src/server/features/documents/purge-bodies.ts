import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

import type { Db } from "../../db/client";
import { fileVersions } from "../../db/tables";
import { lockBodiesExclusive } from "./common";
import type { BlobStore } from "./storage/blob-store";

/** Bodies checked and deleted per transaction: uploads wait for the lock one batch at most. */
const BATCH = 500;

export type PurgeResult = { removed: number; staging: number };

/**
 * Deletes from the store the bodies no file version references any more: a rolled-back or
 * refused upload's committed body, or one whose last version row is gone. Safe against
 * uploads running at the same time, on two counts:
 * - the lock: committing a body and inserting its row happen under lockBodiesShared, and each
 *   batch here checks references and deletes under lockBodiesExclusive, so a body is never
 *   seen between its commit and its row;
 * - the grace period: only bodies last written at or before `now - graceMs` are candidates, and
 *   removeIfOlder checks the date again under the lock (a commit of the same content renames a
 *   fresh file over the old one).
 * Leftover staging files of a crashed process go after the same grace period.
 */
export const purgeUnreferencedBodies = async (
  db: Db,
  store: BlobStore,
  graceMs: number,
  now = Date.now(),
  onRemoved?: (key: string) => Promise<void>,
): Promise<PurgeResult> => {
  const notAfter = new Date(now - graceMs);
  let removed = 0;
  const purgeBatch = async (keys: string[]) =>
    db.transaction(async (tx) => {
      await lockBodiesExclusive(tx);
      // Across firms on purpose: identical bytes uploaded by two firms share one body, so it may
      // only go when no version of any firm uses it.
      const used = await tx
        .selectDistinct({ key: fileVersions.storageKey })
        .from(fileVersions)
        .where(inArray(fileVersions.storageKey, keys));
      const referenced = new Set(used.map((r) => r.key));
      for (const key of keys) {
        if (!referenced.has(key) && (await store.removeIfOlder(key, notAfter))) {
          removed += 1;
          // The body's converted preview goes with it.
          await onRemoved?.(key);
        }
      }
    });
  let batch: string[] = [];
  for await (const body of store.list()) {
    if (body.modifiedAt > notAfter) continue;
    batch.push(body.key);
    if (batch.length >= BATCH) {
      await purgeBatch(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await purgeBatch(batch);
  const staging = await store.sweepStaging(notAfter);
  return { removed, staging };
};

export type PurgeOptions = {
  /** How often the purge runs; 0 turns it off. */
  everySeconds: number;
  /** How long a body must have been untouched before it may go. */
  graceSeconds: number;
  /** Called for each removed body (its preview is deleted). */
  onRemoved?: (key: string) => Promise<void>;
};

/**
 * Registers the purge as a periodic job of the app. Every process of a multi-node deployment
 * may run it: the lock serialises them, and deleting a body that is already gone is harmless.
 */
export const registerBodyPurge = (app: FastifyInstance, store: BlobStore, opts: PurgeOptions) => {
  app.jobs.register("documents.purge", opts.everySeconds * 1000, async () => {
    const result = await purgeUnreferencedBodies(
      app.database.db,
      store,
      opts.graceSeconds * 1000,
      Date.now(),
      opts.onRemoved,
    );
    if (result.removed + result.staging > 0)
      app.log.info(result, "unreferenced file bodies purged");
  });
};
