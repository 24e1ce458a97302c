/** What other features and the app may use of conflicts; everything else is internal. */
export { conflictsPlugin } from "./plugin";
export { assertAttachable, attachReport, saveReport } from "./reports";
export { runCheck } from "./search";
export { syncConflictKeys } from "./sync-keys";
export type { KeySource } from "./sync-keys";
