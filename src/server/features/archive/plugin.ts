import { MIGRATION_LOCK_KEY } from "../../db/migrate";
import { featurePlugin } from "../../plugins/feature";
import { provisionArchive } from "./defaults";
import { registerArchiveEffects } from "./effects";
import { registerLoanEffects } from "./loan-effects";
import { provisionLoans } from "./loan-flow";
import { remindOverdueLoans } from "./loan-reminders";
import { loanRoutes } from "./loan-routes";
import { runMerges } from "./merge";
import { notifyOverdueVolumes } from "./overdue";
import { archiveRoutes } from "./routes";
import { volumesSearch } from "./search";
import { openVolume } from "./volumes";

/** How often overdue volumes are looked for (the notice goes once per volume). */
const OVERDUE_EVERY_MS = 60 * 60_000;

/**
 * Archiving (归档): a closed case's volume (opened when its closing approval is accepted, or on
 * demand), assembled by the archivist, numbered and locked by the "case-archive" approval, and
 * merged into one PDF by a job. Firms without an archive approval get the default one before the
 * app serves; merges a dead process left behind are taken again once stale.
 */
export const archivePlugin = featurePlugin(
  "archive",
  async (app) => {
    registerArchiveEffects(app);
    registerLoanEffects(app);
    app.searchRegistry.register(volumesSearch);
    app.closingSteps.register((ctx, closed) =>
      openVolume(ctx, closed.caseId, closed.closedAt).then(() => undefined),
    );
    app.jobs.register("archive-merge", app.config.archiveMergeIntervalMs ?? 10_000, async () => {
      await runMerges(app);
    });
    app.jobs.register("archive-overdue", OVERDUE_EVERY_MS, async () => {
      await notifyOverdueVolumes(app);
    });
    app.jobs.register("archive-loans-overdue", OVERDUE_EVERY_MS, async () => {
      await remindOverdueLoans(app);
    });
    app.addHook("onReady", async () => {
      const { database } = app;
      await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async () => {
        await provisionArchive(database.db);
        await provisionLoans(database.db);
      });
    });
    await app.register(archiveRoutes, { prefix: "/api" });
    await app.register(loanRoutes, { prefix: "/api" });
  },
  {
    dependencies: [
      "workflow",
      "cases",
      "closing",
      "documents",
      "contracts",
      "notifications",
      "search",
    ],
  },
);
