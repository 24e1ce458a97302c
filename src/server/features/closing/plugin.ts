import { MIGRATION_LOCK_KEY } from "../../db/migrate";
import { featurePlugin } from "../../plugins/feature";
import { provisionClosing } from "./defaults";
import { registerClosingEffects } from "./effects";
import { closingRoutes } from "./routes";

/**
 * Closing a case (结案): the checklist of what is still open on it (key dates, tasks, unbilled
 * time and expenses, unpaid or uninvoiced bills, seals out, contracts not archived, signing
 * rounds out), the summary, and the "case-close" approval whose accept closes the case. Before
 * the app serves, every firm without a closing approval gets the default one, under the
 * migrations' lock so processes starting together do it once.
 */
export const closingPlugin = featurePlugin(
  "closing",
  async (app) => {
    registerClosingEffects(app);
    app.addHook("onReady", async () => {
      const { database } = app;
      await database.withAdvisoryLock(MIGRATION_LOCK_KEY, () => provisionClosing(database.db));
    });
    await app.register(closingRoutes, { prefix: "/api" });
  },
  { dependencies: ["workflow", "cases", "contracts"] },
);
