import path from "node:path";

import { pdfFontOf } from "../../lib/pdf-font";
import { featurePlugin, registerRowOwners } from "../../plugins/feature";
import { esignRowOwners } from "./bindings";
import { recordContractStep } from "./contract-steps";
import type { EsignDeps } from "./deps";
import { runEsignJobs } from "./jobs";
import { createPageRenderer } from "./pages";
import { esignAdminRoutes } from "./routes-admin";
import { esignPublicRoutes } from "./routes-public";
import { assertSealedIntact } from "./sealed-files";

/** Electronic signing of contracts: the sender's routes, the counterparties' public pages, reminders and expiry. */
export const esignPlugin = featurePlugin(
  "esign",
  async (app) => {
    const { config } = app;
    registerRowOwners(app, esignRowOwners);
    // An archived or voided contract's step is proven in its signing trail.
    app.contractSteps.register(recordContractStep);
    // A sealed file is re-hashed before any download, whatever the route.
    app.downloadChecks.register(assertSealedIntact);
    const deps: EsignDeps = {
      store: app.files,
      senders: app.senders,
      log: app.log,
      secret: config.jwtSecret,
      outboxShowsSecrets: config.outboxShowsSecrets,
      pdfFont: pdfFontOf(config),
      renderPage: createPageRenderer(path.join(config.dataDir, "esign-pages")),
      quotaBytes: config.workspaceQuotaBytes,
      linkDays: config.esignLinkDays ?? 14,
      remindEveryDays: config.esignRemindEveryDays ?? 3,
    };
    app.jobs.register(
      "esign-reminders-expiry",
      (config.esignJobIntervalSeconds ?? 600) * 1000,
      async () => void (await runEsignJobs(app.database.db, deps)),
    );
    await app.register(esignAdminRoutes, { prefix: "/api", deps, publicUrl: config.publicUrl });
    await app.register(esignPublicRoutes, { prefix: "/api", deps });
  },
  { dependencies: ["contracts", "documents", "messages", "notifications"] },
);
