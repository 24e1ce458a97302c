import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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

import { accountEmployees, accounts } from "./accounts";
import { caseParties } from "./cases";
import { workspaces } from "./identity";

/**
 * A saved conflict check: the evidence record (who, when, keywords, scopes, every hit and the
 * decision on it). Append-only: a trigger (migration, hand-written part) refuses update and delete.
 */
export const conflictReports = pgTable(
  "conflict_reports",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid("created_by").notNull(),
    createdByName: text("created_by_name").notNull(),
    keywords: jsonb().$type<string[]>().notNull(),
    scopes: jsonb().$type<string[]>().notNull(),
    hits: jsonb().$type<unknown[]>().notNull(),
    /** The case the check was run for (attached when its approval opens it). */
    caseId: uuid("case_id"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index("conflict_reports_created_idx").on(t.workspaceId, t.createdAt),
    index("conflict_reports_case_idx").on(t.workspaceId, t.caseId),
  ],
);

/**
 * The conflict check's index (issue 17): one row per client, client employee and case party with
 * the keys its name is compared by (features/conflicts/keys.ts), rewritten in the same transaction
 * as every write of its source. Each source id cascades, so a deleted client, employee or party
 * (case_parties are rebuilt on every case write) takes its keys with it. The keys are computed in
 * TypeScript (pinyin, folding), so `stale` marks rows whose keys still have to be computed: the
 * upgrade's backfill writes such rows and the start-up job (migrate.ts) fills them in; a change to
 * the key rules needs a migration that sets `stale` on every row.
 */
export const conflictKeys = pgTable(
  "conflict_keys",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    /** "client", "employee" or "party". */
    source: text().notNull(),
    accountId: uuid("account_id"),
    employeeId: uuid("employee_id"),
    caseId: uuid("case_id"),
    position: integer(),
    name: text().notNull(),
    /** ID numbers and credit codes, normalised (exact match only). */
    identifiers: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    norm: text().notNull().default(""),
    core: text().notNull().default(""),
    bare: text().notNull().default(""),
    py: text().notNull().default(""),
    initials: text().notNull().default(""),
    /** Character bigrams of `norm`: a two-character Chinese keyword is found without pg_trgm. */
    grams: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Trigrams of `py`, for a pinyin keyword that is part of a longer name's pinyin. */
    pyGrams: text("py_grams")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    stale: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    // Named: the generated names pass PostgreSQL's 63-character limit.
    foreignKey({
      name: "conflict_keys_account_fk",
      columns: [t.workspaceId, t.accountId],
      foreignColumns: [accounts.workspaceId, accounts.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "conflict_keys_employee_fk",
      columns: [t.workspaceId, t.employeeId],
      foreignColumns: [accountEmployees.workspaceId, accountEmployees.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "conflict_keys_party_fk",
      columns: [t.workspaceId, t.caseId, t.position],
      foreignColumns: [caseParties.workspaceId, caseParties.caseId, caseParties.position],
    }).onDelete("cascade"),
    uniqueIndex("conflict_keys_client_uq")
      .on(t.workspaceId, t.accountId)
      .where(sql`${t.accountId} is not null`),
    uniqueIndex("conflict_keys_employee_uq")
      .on(t.workspaceId, t.employeeId)
      .where(sql`${t.employeeId} is not null`),
    uniqueIndex("conflict_keys_party_uq")
      .on(t.workspaceId, t.caseId, t.position)
      .where(sql`${t.caseId} is not null`),
    index("conflict_keys_norm_idx").on(t.workspaceId, t.norm),
    index("conflict_keys_core_idx").on(t.workspaceId, t.core),
    index("conflict_keys_bare_idx").on(t.workspaceId, t.bare),
    index("conflict_keys_py_idx").on(t.workspaceId, t.py),
    index("conflict_keys_initials_idx").on(t.workspaceId, t.initials),
    index("conflict_keys_identifiers_idx").using("gin", t.identifiers),
    index("conflict_keys_grams_idx").using("gin", t.grams),
    index("conflict_keys_py_grams_idx").using("gin", t.pyGrams),
    index("conflict_keys_stale_idx")
      .on(t.workspaceId)
      .where(sql`${t.stale}`),
    check(
      "conflict_keys_source_ck",
      sql`(${t.source} = 'client' and ${t.accountId} is not null)
      or (${t.source} = 'employee' and ${t.employeeId} is not null)
      or (${t.source} = 'party' and ${t.caseId} is not null and ${t.position} is not null)`,
    ),
  ],
);
