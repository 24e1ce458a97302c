import { featurePlugin, registerRowOwners } from "../../plugins/feature";
import { contractBindings, contractRowOwners } from "./bindings";
import { registerContractEffects } from "./effects";
import { contractsRoutes } from "./routes";
import { createContractSteps } from "./steps";

/** Contracts: filing through approval, archive and void approvals, and their history. */
export const contractsPlugin = featurePlugin(
  "contracts",
  async (app) => {
    app.decorate("contractSteps", createContractSteps());
    registerRowOwners(app, contractRowOwners);
    registerContractEffects(app);
    await app.register(contractsRoutes, { prefix: "/api", registry: app.resources });
  },
  { dependencies: ["workflow", "cases"], bindings: contractBindings },
);
