import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

import type { Db } from "../../db/client";
import { workflowActionLog } from "../../db/tables";

/** Rows deleted per statement: short transactions, so actions claiming keys never wait long. */
const BATCH = 5000;

/**
 * Deletes Idempotency-Keys of workflow actions claimed before `before`: a
 * replay only matters while a client may still retry, so the log need not grow forever.
 * Runs in batches over the created_at index; returns how many keys went.
 */
export const sweepActionKeys = async (db: Db, before: Date, batch = BATCH): Promise<number> => {
  const l = workflowActionLog;
  let total = 0;
  for (;;) {
    const result =
      await db.execute(sql`delete from ${l} where (${l.workspaceId}, ${l.actorId}, ${l.key}) in (
      select ${l.workspaceId}, ${l.actorId}, ${l.key} from ${l} where ${l.createdAt} < ${before.toISOString()} limit ${batch})
      returning 1 as gone`);
    // Both drivers hand back the returned rows; their affected-row counts differ in name.
    const deleted = (result as unknown as { rows: unknown[] }).rows.length;
    total += deleted;
    if (deleted < batch) return total;
  }
};

export type KeySweepOptions = {
  /** Keys older than this many hours are deleted. */
  ttlHours: number;
  /** How often the sweep runs; 0 turns it off. */
  everyMinutes: number;
};

/**
 * Registers the sweep of old keys as a periodic job of the app. Every instance of a multi-node
 * deployment may sweep: deleting rows that are already gone is harmless.
 */
export const registerKeySweeper = (app: FastifyInstance, opts: KeySweepOptions) => {
  if (!(opts.ttlHours > 0)) return;
  app.jobs.register("workflow.keySweep", opts.everyMinutes * 60_000, async () => {
    const deleted = await sweepActionKeys(
      app.database.db,
      new Date(Date.now() - opts.ttlHours * 3600_000),
    );
    if (deleted > 0) app.log.info({ deleted }, "workflow idempotency keys swept");
  });
};
