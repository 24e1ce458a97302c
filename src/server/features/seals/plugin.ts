import { featurePlugin, registerRowOwners } from "../../plugins/feature";
import { sealBindings, sealRowOwners } from "./bindings";
import { registerSealEffects } from "./effects";
import { remindOverdueSeals } from "./requests";
import { sealsRoutes } from "./routes";

/** Seals and seal requests: approval, stamping or taking out, and reminders of seals not returned. */
export const sealsPlugin = featurePlugin(
  "seals",
  async (app) => {
    registerRowOwners(app, sealRowOwners);
    registerSealEffects(app);
    app.jobs.register(
      "seals.overdue",
      (app.config.sealsOverdueIntervalSeconds ?? 3600) * 1000,
      async () => {
        const n = await remindOverdueSeals(app.database.db);
        if (n > 0)
          app.log.info(
            { job: "seals.overdue", reminded: n },
            "custodians reminded of seals past their return date",
          );
      },
    );
    await app.register(sealsRoutes, { prefix: "/api", registry: app.resources });
  },
  { dependencies: ["workflow", "cases", "contracts", "notifications"], bindings: sealBindings },
);
