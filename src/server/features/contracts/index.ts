/** What other features and the app may use of contracts; everything else is internal. */
export { fileNamesOf } from "./file-names";
export { lockContract } from "./lifecycle";
export { nextNumber } from "./numbering";
export { contractsPlugin } from "./plugin";
export { sealUsagesOf } from "./queries";
export { openCaseOf, usableSeal } from "./rules";
export { logSealUse } from "./seal-log";
export { signingEndedSet } from "./signing-ended";
export { assertNamedFlow, startApproval } from "./start-approval";
export type { ApprovalStart } from "./start-approval";
export { CONTRACT_STATUS, assertTransition } from "./status";
