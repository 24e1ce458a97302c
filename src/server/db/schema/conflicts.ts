import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { workspaces } from "./identity";

/**
 * A saved conflict check: the evidence record (who, when, keywords, scopes, every hit and the
 * decision on it). Append-only: a trigger (migration, hand-written part) refuses update and delete.
 */
export const conflictReports = pgTable(
  "conflict_reports",
  {
    workspaceId: uuid("workspace_id").notNull().references(() => workspaces.id),
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
