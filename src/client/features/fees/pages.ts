export { CaseFeesPanel } from "./case-fees-panel";
export { FeeAllocationField } from "./fee-allocation-field";
export { AllocationText } from "./allocation-lines";
export { FeeSettingsPage } from "./fee-settings-page";
