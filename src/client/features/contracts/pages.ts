export {
  ContractApprovalArchive,
  ContractApprovalCancel,
  ContractApprovalNew,
} from "./contract-approval-page";
export { ContractDetail } from "./contract-detail";
export { ContractFormPage } from "./contract-form-page";
