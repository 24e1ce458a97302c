import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import type { PermissionRule } from "../../shared/permissions";

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

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
  createdAt: now(),
});

/** A user's membership of one firm; disabled members cannot sign in to that firm. */
export const members = pgTable(
  "members",
  {
    workspaceId: uuid("workspace_id").notNull().references(() => workspaces.id),
    userId: uuid("user_id").notNull().references(() => users.id),
    isEnabled: boolean("is_enabled").notNull().default(true),
    position: text().notNull().default(""),
    createdAt: now(),
    createdBy: uuid("created_by"),
    updatedAt: now(),
    updatedBy: uuid("updated_by"),
    version: integer().notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("members_user_idx").on(t.userId)],
);

export const departments = pgTable(
  "departments",
  {
    workspaceId: uuid("workspace_id").notNull().references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    parentId: uuid("parent_id"),
    name: text().notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    managerId: uuid("manager_id"),
    createdAt: now(),
    createdBy: uuid("created_by"),
    updatedAt: now(),
    updatedBy: uuid("updated_by"),
    version: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({ columns: [t.workspaceId, t.parentId], foreignColumns: [t.workspaceId, t.id] }),
  ],
);

export const memberDepartments = pgTable(
  "member_departments",
  {
    workspaceId: uuid("workspace_id").notNull(),
    userId: uuid("user_id").notNull(),
    departmentId: uuid("department_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId, t.departmentId] }),
    foreignKey({
      columns: [t.workspaceId, t.userId],
      foreignColumns: [members.workspaceId, members.userId],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.workspaceId, t.departmentId],
      foreignColumns: [departments.workspaceId, departments.id],
    }),
  ],
);

export const roles = pgTable(
  "roles",
  {
    workspaceId: uuid("workspace_id").notNull().references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    code: text().notNull(),
    description: text().notNull().default(""),
    rules: jsonb().$type<PermissionRule[]>().notNull().default([]),
    isSystem: boolean("is_system").notNull().default(false),
    createdAt: now(),
    createdBy: uuid("created_by"),
    updatedAt: now(),
    updatedBy: uuid("updated_by"),
    version: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("roles_code_uq").on(t.workspaceId, t.code),
  ],
);

export const memberRoles = pgTable(
  "member_roles",
  {
    workspaceId: uuid("workspace_id").notNull(),
    userId: uuid("user_id").notNull(),
    roleId: uuid("role_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId, t.roleId] }),
    foreignKey({
      columns: [t.workspaceId, t.userId],
      foreignColumns: [members.workspaceId, members.userId],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.workspaceId, t.roleId],
      foreignColumns: [roles.workspaceId, roles.id],
    }).onDelete("cascade"),
  ],
);

/** One row per sign-in; the JWT names it, so logout revokes it on every app process. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id),
    workspaceId: uuid("workspace_id").notNull().references(() => workspaces.id),
    kind: text().notNull().default("login"),
    createdAt: now(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ip: text().notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const auditLogs = pgTable(
  "audit_logs",
  {
    workspaceId: uuid("workspace_id").notNull().references(() => workspaces.id),
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
