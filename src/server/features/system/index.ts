/** What other features and the app may use of system; everything else is internal. */
export { systemPlugin } from "./plugin";
