export { SealApprovalPage } from "./seal-approval-page";
export { SealRegistry } from "./seal-registry";
export { SealRequestForm } from "./seal-request-form";
