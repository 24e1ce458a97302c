import path from "node:path";

import type { FastifyInstance } from "fastify";

import type { PdfFont } from "../conflicts";
import type { BlobStore } from "../documents";
import type { Senders } from "../messages";
import type { EsignDeps } from "./deps";
import { runEsignJobs } from "./jobs";
import { createPageRenderer } from "./pages";
import { esignAdminRoutes } from "./routes-admin";
import { esignPublicRoutes } from "./routes-public";

export type EsignRouteOptions = { store: BlobStore; senders: Senders; pdfFont: PdfFont };

/** Electronic signing (features/esign): registered in app.ts under /api. */
export async function esignRoutes(app: FastifyInstance, opts: EsignRouteOptions) {
  const { config } = app;
  const deps: EsignDeps = {
    store: opts.store,
    senders: opts.senders,
    log: app.log,
    secret: config.jwtSecret,
    outboxShowsSecrets: config.outboxShowsSecrets,
    pdfFont: opts.pdfFont,
    renderPage: createPageRenderer(path.join(config.dataDir, "esign-pages")),
    quotaBytes: config.workspaceQuotaBytes,
    linkDays: config.esignLinkDays ?? 14,
    remindEveryDays: config.esignRemindEveryDays ?? 3,
  };
  await app.register(esignAdminRoutes, { deps, publicUrl: config.publicUrl });
  await app.register(esignPublicRoutes, { deps });
  const every = config.esignJobIntervalSeconds ?? 600;
  app.jobs.register("esign-reminders-expiry", every * 1000, async () => void (await runEsignJobs(app.database.db, deps)));
}
