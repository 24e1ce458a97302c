import path from "node:path";

import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";

import type { SessionStore } from "../auth/session-store";
import type { TokenSigner } from "../auth/tokens";
import { filesRoutes } from "./routes-files";
import { foldersRoutes } from "./routes-folders";
import { ensureSeedBodies } from "./seed-bodies";
import { createDiskStore } from "./storage/disk-store";
import type { BlobStore } from "./storage/blob-store";
import type { UploadLimits } from "./upload";

export type DocumentsRouteOptions = { sessions: SessionStore; tokens: TokenSigner; store?: BlobStore };

export type DocumentsDeps = {
  store: BlobStore;
  limits: UploadLimits;
  zipMaxBytes: number;
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
  const deps: DocumentsDeps = {
    store,
    limits: {
      maxFileBytes: config.uploadMaxFileBytes,
      maxFiles: config.uploadMaxFiles,
      quotaBytes: config.workspaceQuotaBytes,
    },
    zipMaxBytes: config.folderZipMaxBytes,
    sessions: opts.sessions,
    tokens: opts.tokens,
  };
  await app.register(foldersRoutes, { deps });
  await app.register(filesRoutes, { deps });
}
