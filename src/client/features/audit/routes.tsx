import { AuditOutlined } from "@ant-design/icons";
import { lazy } from "react";

import type { AppRoute } from "../../routing/route-types";

const AuditLogList = lazy(() => import("./pages").then((m) => ({ default: m.AuditLogList })));

/** Below Settings: the audit log. */
export const auditSettingsRoutes: AppRoute[] = [
  {
    path: "audit-logs",
    component: AuditLogList,
    meta: { action: "read", subject: "AUDIT_LOG", title: "pages.auditLogs.title" },
    menu: { icon: <AuditOutlined />, label: "menu.auditLogs" },
    resource: { name: "audit-logs", action: "list" },
  },
];
