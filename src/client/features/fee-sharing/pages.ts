export { MemberStatementPage } from "./member-statement-page";
export { MyEarningsPage } from "./my-earnings-page";
export { ReceivablesPage } from "./receivables-page";
export { StatementsPage } from "./statements-page";
