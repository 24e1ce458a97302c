import path from "node:path";

import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";

import type { SessionStore } from "../auth";
import type { TokenSigner } from "../auth";
import { createPreviewCache } from "./preview/cache";
import { createConverter } from "./preview/convert";
import { previewRoutes } from "./preview/routes-preview";
import { startBodyPurge } from "./purge-bodies";
import { filesRoutes } from "./routes-files";
import { foldersRoutes } from "./routes-folders";
import { ticketRoutes } from "./routes-tickets";
import { ensureSeedBodies } from "./seed-bodies";
import { createDiskStore } from "./storage/disk-store";
import type { BlobStore } from "./storage/blob-store";
import type { UploadLimits } from "./upload";
import { RAW_CONTENT_TYPE } from "./upload-raw";

export type DocumentsRouteOptions = { sessions: SessionStore; tokens: TokenSigner; store?: BlobStore };

export type DocumentsDeps = {
  store: BlobStore;
  limits: UploadLimits;
  zipMaxBytes: number;
  /** Lifetime of a download ticket (tickets.ts). */
  ticketTtlSeconds: number;
  sessions: SessionStore;
  tokens: TokenSigner;
};

/** /api/documents: folders, files, versions, downloads, folder zips and the trash. */
export async function documentsRoutes(app: FastifyInstance, opts: DocumentsRouteOptions) {
  const { config } = app;
  const store = opts.store ?? createDiskStore(path.join(config.dataDir, "files"));
  await ensureSeedBodies(store);
  // Registered here, not globally: only this feature accepts multipart bodies.
  await app.register(multipart, { throwFileSizeLimit: true });
  // Raw-body uploads (upload-raw.ts): the body is handed to the route unread, as a stream, so it
  // goes from the socket to the disk without being buffered; the route enforces the limits.
  app.addContentTypeParser(RAW_CONTENT_TYPE, (_req, payload, done) => done(null, payload));
  const deps: DocumentsDeps = {
    store,
    limits: {
      maxFileBytes: config.uploadMaxFileBytes,
      maxFiles: config.uploadMaxFiles,
      quotaBytes: config.workspaceQuotaBytes,
    },
    zipMaxBytes: config.folderZipMaxBytes,
    ticketTtlSeconds: config.downloadTicketTtlSeconds ?? 60,
    sessions: opts.sessions,
    tokens: opts.tokens,
  };
  await app.register(foldersRoutes, { deps });
  await app.register(filesRoutes, { deps });
  await app.register(ticketRoutes, { deps });
  const previews = createPreviewCache(path.join(config.dataDir, "previews"));
  const converter = createConverter({
    timeoutMs: config.previewTimeoutMs ?? 60_000,
    maxBytes: config.previewMaxBytes ?? 50 * 1024 ** 2,
    concurrency: config.previewConcurrency ?? 2,
    log: app.log,
  });
  // Probe the sandbox at start-up, so a machine that cannot build it says so in the log at once.
  if (config.previewsEnabled !== false) await converter.isolation();
  await app.register(previewRoutes, {
    deps: { store, cache: previews, converter, enabled: config.previewsEnabled !== false },
    maxBytes: config.previewMaxBytes ?? 50 * 1024 ** 2,
  });
  startBodyPurge(app, app.database.db, store, {
    onRemoved: (key) => previews.remove(key),
    everySeconds: config.documentsPurgeIntervalSeconds ?? 3600,
    graceSeconds: config.documentsPurgeGraceSeconds ?? 24 * 3600,
  });
}
