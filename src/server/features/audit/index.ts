/** What other features and the app may use of audit; everything else is internal. */
export { auditPlugin } from "./plugin";
