import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

import { now } from "./columns";
import { workspaces } from "./identity";

/**
 * One row per recipient. System notifications carry an i18n key and params so each reader sees
 * them in their own language; announcements carry the sender's own title and body.
 */
export const notifications = pgTable(
  "notifications",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    userId: uuid("user_id").notNull(),
    type: text().notNull(),
    titleKey: text("title_key").notNull().default(""),
    title: text().notNull().default(""),
    body: text().notNull().default(""),
    params: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    link: text().notNull().default(""),
    entity: text().notNull().default(""),
    entityId: text("entity_id").notNull().default(""),
    actorId: uuid("actor_id"),
    isRead: boolean("is_read").notNull().default(false),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index("notifications_user_idx").on(t.workspaceId, t.userId, t.isRead, t.createdAt),
  ],
);
