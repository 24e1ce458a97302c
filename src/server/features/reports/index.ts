/** What the app and other features may use of reports: the plugin, the registry's types, and
 * running one report as a given member (scheduled reports mail it). */
export { reportWorkbook } from "./export";
export { reportsPlugin } from "./plugin";
export type { ReportDefinition, ReportFilter, ReportRegistry } from "./registry";
export { REPORT_SUBJECT } from "./scope";
export { checkReportAccess, runReport } from "./service";
