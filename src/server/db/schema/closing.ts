import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import type { ClosingItem } from "../../../shared/contracts/closing";
import { recordColumns } from "./accounts";
import { cases } from "./cases";

/**
 * A case's closing (结案; features/closing): the summary and the explanations of what was still
 * open, sent to the "case-close" approval. "pending" while it runs (at most one per case), then
 * "approved" (the case is closed in the same transaction), "rejected" or "cancelled".
 */
export const caseClosings = pgTable(
  "case_closings",
  {
    ...recordColumns(),
    caseId: uuid("case_id").notNull(),
    status: text().notNull().default("pending"),
    /** closing.results: judgment, settlement, mediation, withdrawal, dismissed, other. */
    result: text().notNull(),
    recoveredAmount: numeric("recovered_amount", { precision: 14, scale: 2 }),
    summary: text().notNull(),
    /** By checklist item key: why an item still open may stay open. */
    explanations: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The checklist as it stood at submission, so the approver reads what the lawyer saw. */
    checklist: jsonb().$type<ClosingItem[]>().notNull().default([]),
    approvalId: uuid("approval_id"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.caseId],
      foreignColumns: [cases.workspaceId, cases.id],
    }).onDelete("cascade"),
    index("case_closings_case_idx").on(t.workspaceId, t.caseId, t.createdAt),
    // Two closings racing for one case: the second insert fails here, not in a read-then-write.
    uniqueIndex("case_closings_pending_uq")
      .on(t.workspaceId, t.caseId)
      .where(sql`${t.status} = 'pending'`),
    check(
      "case_closings_status_ck",
      sql`${t.status} in ('pending', 'approved', 'rejected', 'cancelled')`,
    ),
  ],
);
