import { MIGRATION_LOCK_KEY } from "../../db/migrate";
import { featurePlugin, registerRowOwners } from "../../plugins/feature";
import { leadBindings, leadRowOwners } from "./bindings";
import { leadOrigin } from "./convert";
import { provisionIntake } from "./defaults";
import { intakeRoutes } from "./routes";
import { leadsSearch } from "./search";

/**
 * Intake (案源): leads from first consultation to a signed case or a lost one, their conflict
 * check, conversion into a client and a case submission, and the sources' conversion rates.
 * Firms older than intake get its dictionaries before the app serves, under the migrations' lock.
 */
export const intakePlugin = featurePlugin(
  "intake",
  async (app) => {
    registerRowOwners(app, leadRowOwners);
    app.caseOrigins.register(leadOrigin);
    app.searchRegistry.register(leadsSearch);
    app.addHook("onReady", async () => {
      const { database } = app;
      await database.withAdvisoryLock(MIGRATION_LOCK_KEY, () => provisionIntake(database.db));
    });
    await app.register(intakeRoutes, { prefix: "/api", registry: app.resources });
  },
  {
    dependencies: ["cases", "conflicts", "accounts", "dictionaries", "workflow", "search"],
    bindings: leadBindings,
  },
);
