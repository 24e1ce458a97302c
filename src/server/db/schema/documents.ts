import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { now, tracked } from "./columns";
import { workspaces } from "./identity";

/** Stands in for "no parent" in unique indexes, so two root folders cannot share a name. */
const ROOT = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

export const folders = pgTable(
  "folders",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    parentId: uuid("parent_id"),
    name: text().notNull(),
    ...tracked(),
    /** Soft delete: the trash lists rows with deleted_at set; an admin may restore them. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: uuid("deleted_by"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({ columns: [t.workspaceId, t.parentId], foreignColumns: [t.workspaceId, t.id] }),
    uniqueIndex("folders_name_uq")
      .on(t.workspaceId, sql`coalesce(${t.parentId}, ${ROOT})`, t.name)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const files = pgTable(
  "files",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    folderId: uuid("folder_id"),
    name: text().notNull(),
    /** The current version's size, type and body; older ones are in file_versions. */
    size: bigint({ mode: "number" }).notNull(),
    mime: text().notNull(),
    sha256: text().notNull(),
    currentVersion: integer("current_version").notNull().default(1),
    receiptDate: date("receipt_date", { mode: "string" }),
    createdAt: now(),
    createdBy: uuid("created_by").notNull(),
    updatedAt: now(),
    updatedBy: uuid("updated_by"),
    version: integer().notNull().default(1),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: uuid("deleted_by"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.folderId],
      foreignColumns: [folders.workspaceId, folders.id],
    }),
    uniqueIndex("files_name_uq")
      .on(t.workspaceId, sql`coalesce(${t.folderId}, ${ROOT})`, t.name)
      .where(sql`${t.deletedAt} is null`),
    index("files_created_by_idx").on(t.workspaceId, t.createdBy),
  ],
);

export const fileVersions = pgTable(
  "file_versions",
  {
    workspaceId: uuid("workspace_id").notNull(),
    id: uuid().notNull().defaultRandom(),
    fileId: uuid("file_id").notNull(),
    versionNo: integer("version_no").notNull(),
    name: text().notNull(),
    size: bigint({ mode: "number" }).notNull(),
    mime: text().notNull(),
    sha256: text().notNull(),
    /** Where the body lives in the blob store (the disk store uses the sha256). */
    storageKey: text("storage_key").notNull(),
    createdAt: now(),
    createdBy: uuid("created_by").notNull(),
    updatedAt: now(),
    updatedBy: uuid("updated_by"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.fileId],
      foreignColumns: [files.workspaceId, files.id],
    }),
    uniqueIndex("file_versions_no_uq").on(t.workspaceId, t.fileId, t.versionNo),
    // Across firms on purpose: the purge asks whether any version anywhere still uses a body.
    index("file_versions_storage_key_idx").on(t.storageKey),
  ],
);

/** A file used by another feature's record (a case, contract or seal request). */
export const attachments = pgTable(
  "attachments",
  {
    workspaceId: uuid("workspace_id").notNull(),
    id: uuid().notNull().defaultRandom(),
    entity: text().notNull(),
    entityId: text("entity_id").notNull(),
    fileId: uuid("file_id").notNull(),
    createdAt: now(),
    createdBy: uuid("created_by"),
    updatedAt: now(),
    updatedBy: uuid("updated_by"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.fileId],
      foreignColumns: [files.workspaceId, files.id],
    }),
    uniqueIndex("attachments_uq").on(t.workspaceId, t.entity, t.entityId, t.fileId),
    index("attachments_file_idx").on(t.workspaceId, t.fileId),
  ],
);

/** While a lock exists the file, and every folder above it, cannot be deleted. */
export const fileLocks = pgTable(
  "file_locks",
  {
    workspaceId: uuid("workspace_id").notNull(),
    id: uuid().notNull().defaultRandom(),
    fileId: uuid("file_id").notNull(),
    entity: text().notNull(),
    entityId: text("entity_id").notNull(),
    /** Shown in the refusal, e.g. the case number: "referenced by case (2026)京0105民初123号". */
    label: text().notNull().default(""),
    createdAt: now(),
    createdBy: uuid("created_by"),
    updatedAt: now(),
    updatedBy: uuid("updated_by"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.fileId],
      foreignColumns: [files.workspaceId, files.id],
    }),
    uniqueIndex("file_locks_uq").on(t.workspaceId, t.fileId, t.entity, t.entityId),
  ],
);
