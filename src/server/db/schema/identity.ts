import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { now } from "./columns";

/** User-center accounts: global, a person may belong to several firms. */
export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    username: text().notNull(),
    passwordHash: text("password_hash").notNull(),
    name: text().notNull(),
    nameSuffix: text("name_suffix").notNull().default(""),
    email: text().notNull().default(""),
    phone: text().notNull().default(""),
    avatarUrl: text("avatar_url").notNull().default(""),
    isEnabled: boolean("is_enabled").notNull().default(true),
    failedLogins: integer("failed_logins").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastWorkspaceId: uuid("last_workspace_id"),
    preferences: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: now().$type<Date>(),
    updatedAt: now().$type<Date>(),
  },
  (t) => [uniqueIndex("users_username_uq").on(sql`lower(${t.username})`)],
);

export const workspaces = pgTable("workspaces", {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  nameEn: text("name_en").notNull().default(""),
  settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  /**
   * Bumped by triggers on every change to the firm's members, departments, roles and their links
   * (migration 0008), so a cached copy of the organization knows when it is out of date.
   */
  orgVersion: integer("org_version").notNull().default(0),
  createdAt: now(),
});

/** One row per sign-in; the JWT names it, so logout revokes it on every app process. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    kind: text().notNull().default("login"),
    createdAt: now(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ip: text().notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);
