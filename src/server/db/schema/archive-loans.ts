import { sql } from "drizzle-orm";
import {
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { recordColumns } from "./accounts";
import { archiveVolumes } from "./archive";

/**
 * A loan (借阅) of an archived volume to one member (features/archive/loans.ts): requested with a
 * purpose and an end day, decided by the "archive-loan" approval. "pending" → "active" (the
 * borrower reads the volume until `until_on`, on the firm's clock) → "returned"; or "rejected" /
 * "cancelled" by the approval. A borrower holds at most one pending or active loan of a volume.
 */
export const archiveLoans = pgTable(
  "archive_loans",
  {
    ...recordColumns(),
    volumeId: uuid("volume_id").notNull(),
    borrowerId: uuid("borrower_id").notNull(),
    purpose: text().notNull(),
    untilOn: date("until_on").notNull(),
    status: text().notNull().default("pending"),
    approvalId: uuid("approval_id"),
    lentAt: timestamp("lent_at", { withTimezone: true }),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    returnedBy: uuid("returned_by"),
    /** The firm's day the borrower was last reminded of an overdue loan (one notice a day). */
    remindedOn: date("reminded_on"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.volumeId],
      foreignColumns: [archiveVolumes.workspaceId, archiveVolumes.id],
    }).onDelete("cascade"),
    index("archive_loans_volume_idx").on(t.workspaceId, t.volumeId, t.borrowerId),
    index("archive_loans_borrower_idx").on(t.workspaceId, t.borrowerId, t.status),
    index("archive_loans_status_idx").on(t.status, t.untilOn),
    uniqueIndex("archive_loans_open_uq")
      .on(t.workspaceId, t.volumeId, t.borrowerId)
      .where(sql`${t.status} in ('pending', 'active')`),
    check(
      "archive_loans_status_ck",
      sql`${t.status} in ('pending', 'active', 'returned', 'rejected', 'cancelled')`,
    ),
  ],
);

/** Each time a borrower opened a lent volume (its page or its merged PDF): the open log. */
export const archiveLoanOpens = pgTable(
  "archive_loan_opens",
  {
    workspaceId: uuid("workspace_id").notNull(),
    id: uuid().notNull().defaultRandom(),
    loanId: uuid("loan_id").notNull(),
    userId: uuid("user_id").notNull(),
    /** "volume" (the page) or "pdf" (the merged PDF). */
    what: text().notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.loanId],
      foreignColumns: [archiveLoans.workspaceId, archiveLoans.id],
    }).onDelete("cascade"),
    index("archive_loan_opens_loan_idx").on(t.workspaceId, t.loanId, t.openedAt),
    check("archive_loan_opens_what_ck", sql`${t.what} in ('volume', 'pdf')`),
  ],
);
