export { ArchiveSettingsPage } from "./archive-settings-page";
export { CataloguePage } from "./catalogue-page";
export { LoansPage } from "./loans-page";
export { VolumePage } from "./volume-page";
export { VolumesPage } from "./volumes-page";
