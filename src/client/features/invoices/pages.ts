export { InvoiceApprovalPage } from "./invoice-approval-page";
export { InvoiceDetail } from "./invoice-detail";
