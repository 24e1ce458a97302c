import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

import { archiveRef } from "../../../shared/contracts/archive";
import { archiveVolumes } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { firmYearOf, readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { formatCaseNumber, nextCounterValue, readCaseSettings } from "../cases";
import { lockFile } from "../documents";
import type { EffectHook } from "../workflow";
import { readArchiveSettings } from "./settings";
import { itemsOf } from "./volumes";

/** The key of archive numbers among the firm's yearly counters; "~" keeps it apart from case types. */
export const ARCHIVE_COUNTER = "~archive";

/** The lock entity documents refuses every change under (documents/save-uploads, files-service). */
export const LOCK_ENTITY = "archive_volumes";

const lockPending = async (ctx: RequestCtx, ref: string) => {
  const prefix = archiveRef("");
  if (!ref.startsWith(prefix)) return undefined;
  const [row] = await ctx.db
    .select()
    .from(archiveVolumes)
    .where(
      and(
        inWorkspace(ctx, archiveVolumes, eq(archiveVolumes.id, ref.slice(prefix.length))),
        eq(archiveVolumes.status, "pending"),
      ),
    )
    .for("update");
  return row;
};

/**
 * Accepted, in the approval's transaction: the year's next archive number from the counters case
 * numbers use (the counter row's lock queues concurrent accepts; a rolled-back accept gives its
 * number back), the volume archived, each of its files locked for good, and the merged PDF queued
 * for the job (merge.ts), which picks it up once this transaction commits.
 */
const accept: EffectHook = async (ctx, instance) => {
  const before = await lockPending(ctx, instance.businessRef);
  if (before) await archiveVolume(ctx, before);
};

/**
 * Numbers a volume, archives it, locks its included files for good and queues its merged PDF, in
 * the caller's transaction: the archive approval's accept, and the demo seed's archived volume.
 */
export const archiveVolume = async (
  ctx: RequestCtx,
  before: typeof archiveVolumes.$inferSelect,
) => {
  const now = new Date();
  const year = firmYearOf(now, await readFirmTimeZone(ctx.db, ctx.workspaceId));
  const seq = await nextCounterValue(ctx, ARCHIVE_COUNTER, year);
  const [settings, caseSettings] = await Promise.all([
    readArchiveSettings(ctx),
    readCaseSettings(ctx),
  ]);
  const volumeNo = formatCaseNumber(settings.numberFormat, {
    year,
    firm: caseSettings.firmShortName,
    type: "",
    seq,
  });
  for (const item of await itemsOf(ctx, before.id))
    if (item.fileId && item.included)
      await lockFile(ctx, {
        entity: LOCK_ENTITY,
        entityId: before.id,
        fileId: item.fileId,
        label: volumeNo,
      });
  const [after] = await ctx.db
    .update(archiveVolumes)
    .set({
      status: "archived",
      volumeNo,
      year,
      archivedAt: now,
      mergeStatus: "queued",
      mergeError: null,
      version: before.version + 1,
      updatedAt: now,
      updatedBy: ctx.userId,
    })
    .where(inWorkspace(ctx, archiveVolumes, eq(archiveVolumes.id, before.id)))
    .returning();
  await writeAudit(ctx.db, ctx, {
    action: "workflow",
    entity: "archive_volumes",
    entityId: before.id,
    before,
    after,
  });
};

/** Rejected or withdrawn: back to the archivist's draft, to be fixed and submitted again. */
const reopen: EffectHook = async (ctx, instance) => {
  const before = await lockPending(ctx, instance.businessRef);
  if (!before) return;
  const [after] = await ctx.db
    .update(archiveVolumes)
    .set({
      status: "draft",
      approvalId: null,
      version: before.version + 1,
      updatedAt: new Date(),
      updatedBy: ctx.userId,
    })
    .where(inWorkspace(ctx, archiveVolumes, eq(archiveVolumes.id, before.id)))
    .returning();
  await writeAudit(ctx.db, ctx, {
    action: "workflow",
    entity: "archive_volumes",
    entityId: before.id,
    before,
    after,
  });
};

export const registerArchiveEffects = (app: FastifyInstance) => {
  app.workflow.registerEffect("case-archive", {
    onComplete: accept,
    onReject: reopen,
    onCancel: reopen,
  });
};
