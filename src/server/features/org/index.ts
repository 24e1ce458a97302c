/** What other features and the app may use of org; everything else is internal. */
export { orgRoutes } from "./routes";
