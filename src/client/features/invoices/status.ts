import type { InvoiceStatus } from "../../../shared/contracts/fees";

/** The tag colour of each invoice status (list, detail and approval summary). */
export const INVOICE_STATUS_TAG: Record<InvoiceStatus, string> = {
  pending: "processing",
  approved: "blue",
  rejected: "error",
  issued: "success",
  reversed: "warning",
  voided: "default",
};
