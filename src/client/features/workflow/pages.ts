export { ApprovalCenterPage } from "./center-page";
export { StartApprovalPage } from "./start-page";
export { StartFormPage } from "./start-form-page";
export { ApprovalDetail } from "./approval-detail";
export { AllDone, ApprovalCenterIndex, ApprovalDetailPage, ApprovalEmptyPage, useNextPending } from "./detail-page";
export { DefinitionListPage } from "./definitions-page";
export { useStartable } from "./use-startable";
export type { AcceptConfirm } from "./action-dialog";
export type { MyTask } from "./types";
