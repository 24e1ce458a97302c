import { MailOutlined } from "@ant-design/icons";
import { lazy } from "react";

import type { AppRoute } from "../../routing/route-types";

const OutboxPage = lazy(() => import("./pages").then((m) => ({ default: m.OutboxPage })));

/** What the product emailed or texted (signing links, codes, reminders): for those who read the audit log. */
export const messagesRoutes: AppRoute[] = [
  {
    path: "/outbox",
    component: OutboxPage,
    meta: { action: "read", subject: "AUDIT_LOG", title: "outbox.title" },
    menu: { icon: <MailOutlined />, label: "outbox.menu" },
  },
];
