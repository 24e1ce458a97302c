/** What other features, the seed and the app may use of invoices; everything else is internal. */
export { INVOICE_FLOW_KEY, invoiceFlow, TAX_RATE_DICTIONARY } from "./defaults";
export { nextRequestNumber } from "./numbering";
export { invoicesPlugin } from "./plugin";
