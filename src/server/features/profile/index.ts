/** What other features and the app may use of profile; everything else is internal. */
export { profileRoutes } from "./routes";
export { storedLanguage } from "./service";
