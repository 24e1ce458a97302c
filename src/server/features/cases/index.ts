/** What other features and the app may use of cases; everything else is internal. */
export type { CaseClosedHook, ClosingSteps } from "./closed-hooks";
export { syncCaseDerived } from "./derived";
export { refreshBillStatus } from "./finance";
export { syncRecordFiles } from "./files";
export { closeApprovedCase, formalizeCase, todayOf } from "./lifecycle";
export { formatCaseNumber, nextCaseNumber, nextCounterValue } from "./numbering";
export type { CaseOrigin } from "./origins";
export { casesPlugin } from "./plugin";
export { readCaseSettings } from "./settings";
export { CASE_STATUS, EXPIRED_REASON } from "./status";
