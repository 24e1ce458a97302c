/** What other features and the app may use of org; everything else is internal. */
export { orgPlugin } from "./plugin";
