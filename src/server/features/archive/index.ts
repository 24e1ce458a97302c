/** What other features, the seed, the app and tests may use of archiving; everything else is internal. */
export { ARCHIVE_FLOW_KEY, archiveFlow, provisionArchive } from "./defaults";
export { runMerges } from "./merge";
export { notifyOverdueVolumes } from "./overdue";
export { archivePlugin } from "./plugin";
export { archiveVolume } from "./effects";
export { openVolume } from "./volumes";
export { LOAN_FLOW_KEY, loanFlow, provisionLoans } from "./loan-flow";
export { remindOverdueLoans } from "./loan-reminders";
