import { MIGRATION_LOCK_KEY } from "../../db/migrate";
import { pdfFontOf } from "../../lib/pdf-font";
import { featurePlugin } from "../../plugins/feature";
import { conflictsRoutes } from "./routes";
import { refreshStaleConflictKeys } from "./sync-keys";

/**
 * Conflict checks and their saved reports. Before the app serves, the keys a migration left stale
 * (names and identifiers SQL could not fold: pinyin is TypeScript) are computed, under the
 * migrations' lock so processes starting together neither interleave with an upgrade nor
 * compute the same rows twice; with nothing stale it is one probe of a partial index.
 */
export const conflictsPlugin = featurePlugin(
  "conflicts",
  async (app) => {
    app.addHook("onReady", async () => {
      const { database } = app;
      await database.withAdvisoryLock(MIGRATION_LOCK_KEY, () =>
        refreshStaleConflictKeys(database.db),
      );
    });
    await app.register(conflictsRoutes, { prefix: "/api", pdfFont: pdfFontOf(app.config) });
  },
  { dependencies: ["documents"] },
);
