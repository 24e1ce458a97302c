import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";

import type { DocumentsDeps } from "./deps";
import type { PreviewCache } from "./preview/cache";
import { previewRoutes } from "./preview/routes-preview";
import { filesRoutes } from "./routes-files";
import { foldersRoutes } from "./routes-folders";
import { ticketRoutes } from "./routes-tickets";
import { RAW_CONTENT_TYPE } from "./upload-raw";

/** /api/documents: folders, files, versions, downloads, folder zips, previews and the trash. */
export async function documentsRoutes(
  app: FastifyInstance,
  { deps, previews }: { deps: DocumentsDeps; previews: PreviewCache },
) {
  const { config } = app;
  // Registered here, not globally: only this feature accepts multipart bodies.
  await app.register(multipart, { throwFileSizeLimit: true });
  // Raw-body uploads (upload-raw.ts): the body is handed to the route unread, as a stream, so it
  // goes from the socket to the disk without being buffered; the route enforces the limits.
  app.addContentTypeParser(RAW_CONTENT_TYPE, (_req, payload, done) => done(null, payload));
  await app.register(foldersRoutes, { deps });
  await app.register(filesRoutes, { deps });
  await app.register(ticketRoutes, { deps });
  const converter = app.officeConverter;
  // Probe the sandbox at start-up, so a machine that cannot build it says so in the log at once.
  if (config.previewsEnabled !== false) await converter.isolation();
  await app.register(previewRoutes, {
    deps: {
      store: deps.store,
      cache: previews,
      converter,
      enabled: config.previewsEnabled !== false,
    },
    maxBytes: config.previewMaxBytes ?? 50 * 1024 ** 2,
  });
}
