export { CaseApprovalChange, CaseApprovalNew } from "./case-approval-page";
export { CaseDetail } from "./case-detail";
export { CaseLink } from "./case-link";
export { CaseEditPage } from "./case-edit-page";
export { CaseFormPage } from "./case-form-page";
export { CaseList } from "./case-list";
export { CaseSettingsPage } from "./case-settings-page";
export { CaseStartChooser } from "./start-case";
