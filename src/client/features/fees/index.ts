import { lazy } from "react";

export { feesSettingsRoutes } from "./routes";
export { feeAllocationField } from "./lazy-field";
export { useFeeTerms } from "./api";
// Small: the dialog behind it loads when it is opened.
export { RequestInvoiceButton } from "./request-invoice-button";

/** The fee agreement, invoicing and allocation cards of a case's Finance tab. */
export const CaseFeesPanel = lazy(() =>
  import("./pages").then((m) => ({ default: m.CaseFeesPanel })),
);
