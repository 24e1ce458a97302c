export { CaseApprovalChange, CaseApprovalNew } from "./case-approval-page";
export { CaseDetail } from "./case-detail";
export { CaseEditPage } from "./case-edit-page";
export { CaseFormPage } from "./case-form-page";
export { CaseSettingsPage } from "./case-settings-page";
