/** What other features, the seed and the app may use of invoices; everything else is internal. */
export { INVOICE_FLOW_KEY, invoiceFlow, TAX_RATE_DICTIONARY } from "./defaults";
export { nextRequestNumber } from "./numbering";
// The demo's year of invoices is written through the same actions finance uses.
export { reverseInvoice } from "./actions";
export { refreshBillInvoicing } from "./bill-status";
export { setMatch } from "./matches";
export { invoicesPlugin } from "./plugin";
