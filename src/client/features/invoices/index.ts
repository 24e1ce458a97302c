export { invoiceApprovalRoutes, invoicesRoutes } from "./routes";
