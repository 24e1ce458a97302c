/** What the app and other features may use of reports: the plugin and the registry's types. */
export { reportsPlugin } from "./plugin";
export type { ReportDefinition, ReportFilter, ReportRegistry } from "./registry";
