/** What other features and the app may use of conflicts; everything else is internal. */
export { DEFAULT_PDF_FONT, loadPdfFont } from "./pdf-font";
export type { PdfFont } from "./pdf-font";
export { assertAttachable, attachReport, saveReport } from "./reports";
export { conflictsRoutes } from "./routes";
export { runCheck } from "./search";
export { refreshStaleConflictKeys, syncConflictKeys } from "./sync-keys";
export type { KeySource } from "./sync-keys";
