import { featurePlugin, registerRowOwners } from "../../plugins/feature";
import { caseBindings, caseRowOwners } from "./bindings";
import { createClosingSteps } from "./closed-hooks";
import { registerCaseEffects } from "./effects";
import { expirePreFilingCases } from "./lifecycle";
import { createCaseOriginRegistry } from "./origins";
import { casesRoutes } from "./routes";
import { casesSearch } from "./search";

/** Cases: opening and change approvals, the lifecycle, finance, and pre-filing cases that expire. */
export const casesPlugin = featurePlugin(
  "cases",
  async (app) => {
    registerRowOwners(app, caseRowOwners);
    app.decorate("caseOrigins", createCaseOriginRegistry());
    app.decorate("closingSteps", createClosingSteps());
    registerCaseEffects(app);
    app.searchRegistry.register(casesSearch);
    app.jobs.register(
      "cases.expiry",
      (app.config.casesExpiryIntervalSeconds ?? 600) * 1000,
      async () => {
        const n = await expirePreFilingCases(app.database.db);
        if (n > 0)
          app.log.info(
            { job: "cases.expiry", terminated: n },
            "pre-filing cases past their validity terminated",
          );
      },
    );
    await app.register(casesRoutes, { prefix: "/api", registry: app.resources });
  },
  {
    dependencies: ["workflow", "documents", "conflicts", "notifications", "search", "dictionaries"],
    bindings: caseBindings,
  },
);
