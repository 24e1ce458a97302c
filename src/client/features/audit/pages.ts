export { AuditLogList } from "./audit-log-list";
