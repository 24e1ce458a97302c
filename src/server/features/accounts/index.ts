/** What other features and the app may use of accounts; everything else is internal. */
export { accountBindings, accountRowOwners } from "./bindings";
export { registerAccountChangeEffect } from "./effects";
export { accountsRoutes } from "./routes";
export { clientsSearch } from "./search";
export { ACCOUNT_CHANGE_KEY, ACCOUNT_CHANGE_REF } from "./status";
