import path from "node:path";

import { featurePlugin } from "../../plugins/feature";
import type { DocumentsDeps } from "./deps";
import { createDownloadChecks } from "./download-checks";
import { createPreviewCache } from "./preview/cache";
import { createConverter, type OfficeConverter } from "./preview/convert";
import { registerBodyPurge } from "./purge-bodies";
import { documentsRoutes } from "./routes";
import { ensureSeedBodies } from "./seed-bodies";
import type { BlobStore } from "./storage/blob-store";
import { createDiskStore } from "./storage/disk-store";

declare module "fastify" {
  interface FastifyInstance {
    /** The one store of file bodies: Documents and every feature that writes or serves files. */
    files: BlobStore;
    /**
     * Office → PDF in the LibreOffice sandbox, one per app so previews and the archive's merged
     * volumes share its concurrency limit.
     */
    officeConverter: OfficeConverter;
  }
}

/**
 * Documents, the app's one file store (`app.files`) that features write and serve files through,
 * and the checks every served body passes first (`app.downloadChecks`).
 */
export const documentsPlugin = featurePlugin("documents", async (app) => {
  const { config } = app;
  const store = createDiskStore(path.join(config.dataDir, "files"));
  app.decorate("files", store);
  const checks = createDownloadChecks();
  app.decorate("downloadChecks", checks);
  app.decorate(
    "officeConverter",
    createConverter({
      timeoutMs: config.previewTimeoutMs ?? 60_000,
      maxBytes: config.previewMaxBytes ?? 50 * 1024 ** 2,
      concurrency: config.previewConcurrency ?? 2,
      log: app.log,
    }),
  );
  await ensureSeedBodies(store);
  const previews = createPreviewCache(path.join(config.dataDir, "previews"));
  registerBodyPurge(app, store, {
    onRemoved: (key) => previews.remove(key),
    everySeconds: config.documentsPurgeIntervalSeconds ?? 3600,
    graceSeconds: config.documentsPurgeGraceSeconds ?? 24 * 3600,
  });
  const deps: DocumentsDeps = {
    store,
    limits: {
      maxFileBytes: config.uploadMaxFileBytes,
      maxFiles: config.uploadMaxFiles,
      quotaBytes: config.workspaceQuotaBytes,
    },
    zipMaxBytes: config.folderZipMaxBytes,
    ticketTtlSeconds: config.downloadTicketTtlSeconds ?? 60,
    sessions: app.sessions,
    tokens: app.tokens,
    checks,
  };
  await app.register(documentsRoutes, { prefix: "/api/documents", deps, previews });
});
