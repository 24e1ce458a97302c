export { ApprovalCenterPage } from "./center-page";
export { StartApprovalPage } from "./start-page";
export { StartFormPage } from "./start-form-page";
export {
  ApprovalCenterIndex,
  ApprovalDetailPage,
  ApprovalDetailWithNext,
  ApprovalEmptyPage,
} from "./detail-page";
export { DefinitionListPage } from "./definitions-page";
