/** What other features and the app may use of cases; everything else is internal. */
export { caseBindings, caseRowOwners } from "./bindings";
export { syncCaseDerived } from "./derived";
export { syncRecordFiles } from "./files";
export { formalizeCase, todayOf } from "./lifecycle";
export { normalizeId } from "./normalize";
export { formatCaseNumber, nextCaseNumber } from "./numbering";
export { casesRoutes } from "./routes";
export { casesSearch } from "./search";
export { readCaseSettings } from "./settings";
export { CASE_STATUS, EXPIRED_REASON } from "./status";
