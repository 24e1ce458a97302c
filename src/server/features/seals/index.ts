/** What other features and the app may use of seals; everything else is internal. */
export { sealBindings, sealRowOwners } from "./bindings";
export { sealsRoutes } from "./routes";
