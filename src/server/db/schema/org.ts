import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import type { PermissionRule } from "../../../shared/permissions";
import { tracked } from "./columns";
import { users, workspaces } from "./identity";

/** A user's membership of one firm; disabled members cannot sign in to that firm. */
export const members = pgTable(
  "members",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** The membership's own id: routes name a member by it, never by the (global) user id. */
    id: uuid().notNull().defaultRandom(),
    isEnabled: boolean("is_enabled").notNull().default(true),
    position: text().notNull().default(""),
    /**
     * Work phone and e-mail in this firm. The account's own phone/email (users) are shared by
     * every firm the person belongs to, so one firm's admin edits these instead.
     */
    phone: text().notNull().default(""),
    email: text().notNull().default(""),
    /** Hourly billing rate; a time entry snapshots it when entered. */
    hourlyRate: numeric("hourly_rate", { precision: 14, scale: 2 }),
    ...tracked(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index("members_user_idx").on(t.userId),
    uniqueIndex("members_id_uq").on(t.workspaceId, t.id),
  ],
);

export const departments = pgTable(
  "departments",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    parentId: uuid("parent_id"),
    name: text().notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    managerId: uuid("manager_id"),
    ...tracked(),
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
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    code: text().notNull(),
    description: text().notNull().default(""),
    rules: jsonb().$type<PermissionRule[]>().notNull().default([]),
    isSystem: boolean("is_system").notNull().default(false),
    /** Its members may supervise a case (the case form's supervising-partner picker). */
    isPartner: boolean("is_partner").notNull().default(false),
    ...tracked(),
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

/** A member's own named list of colleagues, offered by the member picker. */
export const memberGroups = pgTable(
  "member_groups",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    ownerId: uuid("owner_id").notNull(),
    name: text().notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    ...tracked(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index("member_groups_owner_idx").on(t.workspaceId, t.ownerId),
    foreignKey({
      columns: [t.workspaceId, t.ownerId],
      foreignColumns: [members.workspaceId, members.userId],
    }).onDelete("cascade"),
  ],
);

export const memberGroupMembers = pgTable(
  "member_group_members",
  {
    workspaceId: uuid("workspace_id").notNull(),
    groupId: uuid("group_id").notNull(),
    userId: uuid("user_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.groupId, t.userId] }),
    foreignKey({
      columns: [t.workspaceId, t.groupId],
      foreignColumns: [memberGroups.workspaceId, memberGroups.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.workspaceId, t.userId],
      foreignColumns: [members.workspaceId, members.userId],
    }).onDelete("cascade"),
  ],
);

/** A member's named member-list filter (at most 10 per member and firm). */
export const savedFilters = pgTable(
  "saved_filters",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    ownerId: uuid("owner_id").notNull(),
    name: text().notNull(),
    filter: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...tracked(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("saved_filters_name_uq").on(t.workspaceId, t.ownerId, t.name),
    foreignKey({
      columns: [t.workspaceId, t.ownerId],
      foreignColumns: [members.workspaceId, members.userId],
    }).onDelete("cascade"),
  ],
);
