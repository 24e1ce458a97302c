/** What the app may use of the archive (档案): its route entries and the case page's volume line. */
export { archiveRoutes, archiveSettingsRoutes } from "./routes";
export { CaseVolumeLink } from "./case-volume-link";
