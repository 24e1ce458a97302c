/** The closing (结案) of a case, as the case page uses it. */
export { ClosingSummary, ClosingTag, CloseCaseButton } from "./closing-status";
export { closingApprovalRoutes } from "./routes";
