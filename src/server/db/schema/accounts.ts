import { sql } from "drizzle-orm";
import {
  check,
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

import { now, tracked } from "./columns";
import { workspaces } from "./identity";

/**
 * Columns every schema-driven table shares. Fields marked `x-storage: "column"` in the resource's
 * schema get a real (indexed) column; every other field lives in `custom`, so an admin's new field
 * needs no migration.
 */
export const recordColumns = () => ({
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id),
  id: uuid().notNull().defaultRandom(),
  custom: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  createdAt: now(),
  createdBy: uuid("created_by"),
  updatedAt: now(),
  updatedBy: uuid("updated_by"),
  version: integer().notNull().default(1),
});

/** Clients: organizations and individuals (schemas/accounts.schema.json). */
export const accounts = pgTable(
  "accounts",
  {
    ...recordColumns(),
    accountType: text("account_type").notNull(),
    name: text().notNull(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    source: text(),
    industry: text(),
    maintainerId: uuid("maintainer_id"),
    creditCode: text("credit_code"),
    idNumber: text("id_number"),
    relatedParties: jsonb("related_parties").$type<unknown[]>().notNull().default([]),
    /** "active", or "pending" while changes wait for approval in pending_changes. */
    status: text().notNull().default("active"),
    pendingChanges: jsonb("pending_changes").$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    // Each filter index goes on with (created_at, id), the list's default order, so filtered pages
    // come off the index; the other single-choice filter columns trail it, so the list's count
    // with any mix of them is an index-only scan (no heap visit for ten thousand matches).
    index("accounts_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("accounts_name_idx").on(t.workspaceId, t.name, t.id),
    index("accounts_source_idx").on(
      t.workspaceId,
      t.source,
      t.createdAt,
      t.id,
      t.industry,
      t.accountType,
      t.maintainerId,
      t.status,
    ),
    index("accounts_industry_idx").on(
      t.workspaceId,
      t.industry,
      t.createdAt,
      t.id,
      t.source,
      t.accountType,
      t.maintainerId,
      t.status,
    ),
    index("accounts_type_idx").on(
      t.workspaceId,
      t.accountType,
      t.createdAt,
      t.id,
      t.source,
      t.industry,
      t.maintainerId,
      t.status,
    ),
    index("accounts_maintainer_idx").on(t.workspaceId, t.maintainerId),
    index("accounts_tags_idx").using("gin", t.tags),
    uniqueIndex("accounts_credit_code_uq")
      .on(t.workspaceId, t.creditCode)
      .where(sql`${t.creditCode} is not null`),
    uniqueIndex("accounts_id_number_uq")
      .on(t.workspaceId, t.idNumber)
      .where(sql`${t.idNumber} is not null`),
  ],
);

/** People working for an organization client (schemas/account-employees.schema.json). */
export const accountEmployees = pgTable(
  "account_employees",
  {
    ...recordColumns(),
    accountId: uuid("account_id").notNull(),
    name: text().notNull(),
    idNumber: text("id_number"),
    mobile: text(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.accountId],
      foreignColumns: [accounts.workspaceId, accounts.id],
    }).onDelete("cascade"),
    index("account_employees_account_idx").on(t.workspaceId, t.accountId),
  ],
);

/**
 * One shareholding: a holder (a client, or an outside holder by name) owns `share` percent of a
 * company (a client, or an outside company by name). At least one side is a client of the firm.
 */
export const equityEdges = pgTable(
  "equity_edges",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    holderAccountId: uuid("holder_account_id"),
    holderName: text("holder_name").notNull().default(""),
    companyAccountId: uuid("company_account_id"),
    companyName: text("company_name").notNull().default(""),
    share: numeric({ precision: 7, scale: 4 }).notNull(),
    ...tracked(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.holderAccountId],
      foreignColumns: [accounts.workspaceId, accounts.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.workspaceId, t.companyAccountId],
      foreignColumns: [accounts.workspaceId, accounts.id],
    }).onDelete("cascade"),
    index("equity_edges_holder_idx").on(t.workspaceId, t.holderAccountId),
    index("equity_edges_company_idx").on(t.workspaceId, t.companyAccountId),
    check("equity_edges_share_ck", sql`${t.share} > 0 and ${t.share} <= 100`),
    check(
      "equity_edges_sides_ck",
      sql`${t.holderAccountId} is not null or ${t.companyAccountId} is not null`,
    ),
  ],
);

/** Resources declared only by a schema file: every field lives in `custom`, no table of their own. */
export const schemaRecords = pgTable(
  "schema_records",
  {
    ...recordColumns(),
    resource: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index("schema_records_resource_idx").on(t.workspaceId, t.resource, t.createdAt),
  ],
);
