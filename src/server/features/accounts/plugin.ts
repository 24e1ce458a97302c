import { featurePlugin, registerRowOwners } from "../../plugins/feature";
import { accountBindings, accountRowOwners } from "./bindings";
import { registerAccountChangeEffect } from "./effects";
import { accountsRoutes } from "./routes";
import { clientsSearch } from "./search";

/** Clients, their employees and equity, and client changes held for approval. */
export const accountsPlugin = featurePlugin(
  "accounts",
  async (app) => {
    registerRowOwners(app, accountRowOwners);
    registerAccountChangeEffect(app);
    app.searchRegistry.register(clientsSearch);
    await app.register(accountsRoutes, { prefix: "/api", registry: app.resources });
  },
  { dependencies: ["workflow", "conflicts", "search"], bindings: accountBindings },
);
