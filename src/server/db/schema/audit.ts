import { bigint, index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";

import { now } from "./columns";
import { workspaces } from "./identity";

export const auditLogs = pgTable(
  "audit_logs",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
    userId: uuid("user_id"),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb(),
    after: jsonb(),
    diff: jsonb(),
    ip: text().notNull().default(""),
    createdAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index("audit_logs_entity_idx").on(t.workspaceId, t.entity, t.entityId),
    index("audit_logs_created_idx").on(t.workspaceId, t.createdAt),
  ],
);
