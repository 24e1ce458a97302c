import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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

import { recordColumns } from "./accounts";
import { cases } from "./cases";

/**
 * A closed case's archive volume (卷宗; features/archive): one per case, numbered once when the
 * "case-archive" approval is accepted (per year, gap-free, from the case-number counters).
 * "draft" while the archivist assembles it, "pending" during its approval, "archived" for good.
 * The merged PDF of the whole volume is made by a job whose state lives here (`merge_*`), so a
 * process that dies mid-assembly leaves a row the next start picks up again.
 */
export const archiveVolumes = pgTable(
  "archive_volumes",
  {
    ...recordColumns(),
    caseId: uuid("case_id").notNull(),
    status: text().notNull().default("draft"),
    /** e.g. 明律档字〔2026〕第0001号; null until the archive approval is accepted. */
    volumeNo: text("volume_no"),
    year: integer(),
    retentionYears: integer("retention_years").notNull(),
    closedOn: date("closed_on").notNull(),
    dueOn: date("due_on").notNull(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    approvalId: uuid("approval_id"),
    qualityCardFileId: uuid("quality_card_file_id"),
    /** Set once: the overdue notice went to the lead lawyer and the archivists. */
    overdueNotifiedAt: timestamp("overdue_notified_at", { withTimezone: true }),
    /** none → queued → running → done | failed (retryable by the archivist). */
    mergeStatus: text("merge_status").notNull().default("none"),
    mergeError: text("merge_error"),
    mergeAttempts: integer("merge_attempts").notNull().default(0),
    mergeStartedAt: timestamp("merge_started_at", { withTimezone: true }),
    mergedFileId: uuid("merged_file_id"),
    mergedSha256: text("merged_sha256"),
    mergedPages: integer("merged_pages"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.caseId],
      foreignColumns: [cases.workspaceId, cases.id],
    }).onDelete("cascade"),
    // One case, one volume; one number, one volume.
    uniqueIndex("archive_volumes_case_uq").on(t.workspaceId, t.caseId),
    uniqueIndex("archive_volumes_no_uq").on(t.workspaceId, t.volumeNo),
    index("archive_volumes_merge_idx").on(t.mergeStatus),
    check("archive_volumes_status_ck", sql`${t.status} in ('draft', 'pending', 'archived')`),
    check(
      "archive_volumes_merge_ck",
      sql`${t.mergeStatus} in ('none', 'queued', 'running', 'done', 'failed')`,
    ),
    check("archive_volumes_retention_ck", sql`${t.retentionYears} >= 10`),
  ],
);

/**
 * What a volume holds, in order: the generated cover, contents and closing note (no file until
 * the merged PDF is made), the client's quality card and the case folder's files. Excluded items
 * stay listed so the archivist can include them again.
 */
export const archiveVolumeItems = pgTable(
  "archive_volume_items",
  {
    workspaceId: uuid("workspace_id").notNull(),
    id: uuid().notNull().defaultRandom(),
    volumeId: uuid("volume_id").notNull(),
    kind: text().notNull(),
    fileId: uuid("file_id"),
    position: integer().notNull(),
    included: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.volumeId],
      foreignColumns: [archiveVolumes.workspaceId, archiveVolumes.id],
    }).onDelete("cascade"),
    index("archive_volume_items_volume_idx").on(t.workspaceId, t.volumeId, t.position),
    uniqueIndex("archive_volume_items_file_uq")
      .on(t.workspaceId, t.volumeId, t.fileId)
      .where(sql`${t.fileId} is not null`),
    check(
      "archive_volume_items_kind_ck",
      sql`${t.kind} in ('cover', 'contents', 'closing-note', 'quality-card', 'file')`,
    ),
  ],
);
