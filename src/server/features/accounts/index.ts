/** What other features and the app may use of accounts; everything else is internal. */
export { accountBindings } from "./bindings";
export { resolveAccountChanges } from "./pending";
export { accountsRoutes } from "./routes";
export { clientsSearch } from "./search";
export { ACCOUNT_CHANGE_KEY, ACCOUNT_CHANGE_REF } from "./status";
