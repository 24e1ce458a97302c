import { mkdir, rm } from "node:fs/promises";
import path from "node:path";

import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

import { DEFAULT_LANGUAGE } from "../../../shared/i18n-config";
import { ADMIN_RULES } from "../../../shared/permissions";
import { archiveVolumes, cases } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { pdfFontOf } from "../../lib/pdf-font";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { buildAbility } from "../../plugins/auth";
import { type BlobStore, lockFile, storeGeneratedFile } from "../documents";
import { LOCK_ENTITY } from "./effects";
import { type BuildDeps, MergeError, buildVolumePdf } from "./merge-build";

type Claimed = typeof archiveVolumes.$inferSelect;

/**
 * Takes one volume whose merged PDF is queued, or "running" for longer than the time limit (its
 * process died: kill -9, a crash, a restart), marking it running; SKIP LOCKED keeps two
 * processes off one volume.
 */
const claim = async (app: FastifyInstance, staleMs: number): Promise<Claimed | undefined> => {
  const stale = new Date(Date.now() - staleMs);
  const result = await app.database.db.execute(sql`
    update archive_volumes v set merge_status = 'running', merge_started_at = now(),
           merge_attempts = v.merge_attempts + 1, merge_error = null
     where (v.workspace_id, v.id) = (
       select workspace_id, id from archive_volumes
        where status = 'archived' and (merge_status = 'queued'
           or (merge_status = 'running' and merge_started_at < ${stale.toISOString()}::timestamptz))
        order by archived_at limit 1 for update skip locked)
    returning v.workspace_id as "workspaceId", v.id, v.case_id as "caseId", v.volume_no as "volumeNo",
              v.updated_by as "updatedBy"`);
  return (result as unknown as { rows: Claimed[] }).rows[0];
};

/** The job's context: the firm's, acting as whoever archived the volume, in the firm's default language. */
const jobCtx = (app: FastifyInstance, volume: Claimed): RequestCtx => ({
  userId: volume.updatedBy ?? "",
  workspaceId: volume.workspaceId,
  sessionId: "",
  db: app.database.db,
  ability: buildAbility(ADMIN_RULES),
  rules: ADMIN_RULES,
  lang: DEFAULT_LANGUAGE,
  ip: "",
  log: app.log,
  app,
});

export const mergeDirOf = (app: FastifyInstance, volumeId: string) =>
  path.join(app.config.dataDir, "archive-merge", volumeId);

/**
 * The merged PDF, stored as a file of the case folder with its SHA-256 and page count on the
 * volume and locked with it, in one transaction: either the volume names a complete PDF or none.
 */
const finish = async (
  store: BlobStore,
  ctx: RequestCtx,
  volume: Claimed,
  built: { file: string; pages: number; sha256: string },
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const [kase] = await tx
      .select({ folderId: cases.folderId })
      .from(cases)
      .where(inWorkspace(ctx, cases, eq(cases.id, volume.caseId)));
    const stored = await storeGeneratedFile(tctx, store, {
      folderId: kase?.folderId ?? null,
      name: `${volume.volumeNo ?? volume.id}.pdf`,
      mime: "application/pdf",
      path: built.file,
      quotaBytes: Number.MAX_SAFE_INTEGER,
    });
    await lockFile(tctx, {
      entity: LOCK_ENTITY,
      entityId: volume.id,
      fileId: stored.id,
      label: volume.volumeNo ?? "",
    });
    await tx
      .update(archiveVolumes)
      .set({
        mergeStatus: "done",
        mergedFileId: stored.id,
        mergedSha256: built.sha256,
        mergedPages: built.pages,
        mergeError: null,
      })
      .where(and(inWorkspace(ctx, archiveVolumes, eq(archiveVolumes.id, volume.id))));
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "archive_volumes",
      entityId: volume.id,
      after: { mergedFileId: stored.id, mergedSha256: built.sha256, mergedPages: built.pages },
    });
  });

const fail = (ctx: RequestCtx, id: string, reason: string) =>
  ctx.db
    .update(archiveVolumes)
    .set({ mergeStatus: "failed", mergeError: reason })
    .where(inWorkspace(ctx, archiveVolumes, eq(archiveVolumes.id, id)));

export type MergeRunOptions = { staleMs?: number; crashAfterFiles?: number };

/**
 * Runs every claimable merge, one volume at a time. Each starts from an empty folder of its own
 * (what a crashed run left is deleted first) and the folder goes when the volume is done or has
 * failed. A limit or an unreadable file ends in "failed" with its reason (retried by the
 * archivist); an unexpected error leaves it "running", to be taken again once stale.
 */
export const runMerges = async (app: FastifyInstance, opts: MergeRunOptions = {}) => {
  const timeoutMs = app.config.archiveMergeTimeoutMs ?? 10 * 60_000;
  const deps: BuildDeps = {
    store: app.files,
    converter: app.officeConverter,
    font: pdfFontOf(app.config),
    timeoutMs,
    maxBytes: app.config.archiveMergeMaxBytes ?? 1024 ** 3,
    crashAfterFiles: opts.crashAfterFiles,
  };
  let count = 0;
  for (;;) {
    const volume = await claim(app, opts.staleMs ?? timeoutMs * 2);
    if (!volume) return count;
    const ctx = jobCtx(app, volume);
    const dir = mergeDirOf(app, volume.id);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    try {
      const built = await buildVolumePdf(ctx, deps, volume.id, dir);
      await finish(app.files, ctx, volume, built);
      await rm(dir, { recursive: true, force: true });
      count += 1;
    } catch (error) {
      if (!(error instanceof MergeError)) throw error;
      app.log.warn(
        { volumeId: volume.id, reason: error.reason, file: error.file },
        "archive merge failed",
      );
      await fail(ctx, volume.id, error.file ? `${error.reason}:${error.file}` : error.reason);
      await rm(dir, { recursive: true, force: true });
    }
  }
};

/** The archivist asks again after a failure: queued for the next run. */
export const retryMerge = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .update(archiveVolumes)
    .set({ mergeStatus: "queued", mergeError: null, updatedAt: new Date(), updatedBy: ctx.userId })
    .where(
      inWorkspace(
        ctx,
        archiveVolumes,
        eq(archiveVolumes.id, id),
        eq(archiveVolumes.mergeStatus, "failed"),
      ),
    )
    .returning({ id: archiveVolumes.id });
  return row;
};
