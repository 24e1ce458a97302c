import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { recordColumns } from "./accounts";
import { cases } from "./cases";
import { workspaces } from "./identity";

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const uuids = (name: string) =>
  uuid(name)
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`);

/**
 * The firm's seals (schemas/seals.schema.json): one row per physical or electronic seal of a
 * sealing law firm (the firm or one of its branches), with its custodian and impression image.
 */
export const seals = pgTable(
  "seals",
  {
    ...recordColumns(),
    name: text().notNull(),
    /** "official", "contract", "finance", "legal-rep" or "electronic". */
    sealType: text("seal_type").notNull(),
    sealingFirm: text("sealing_firm").notNull(),
    custodianId: uuid("custodian_id").notNull(),
    /** "active", "suspended" or "retired" (not `status`: forms may set it, the engine never writes `status`). */
    sealStatus: text("seal_status").notNull().default("active"),
    /** The impression (required for electronic seals): at most one file. */
    imageFileIds: uuids("image_file_ids"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index("seals_firm_idx").on(t.workspaceId, t.sealingFirm, t.sealStatus),
  ],
);

/**
 * Contracts (schemas/contracts.schema.json). A row exists once the contract approval accepted;
 * until then the submitted values wait in contract_submissions (like cases). Status machine in
 * features/contracts/status.ts; signing status and the counterparty signatory are kept for e-signing.
 */
export const contracts = pgTable(
  "contracts",
  {
    ...recordColumns(),
    contractNo: text("contract_no").notNull(),
    name: text().notNull(),
    contractType: text("contract_type").notNull(),
    caseId: uuid("case_id").notNull(),
    /** The case's client, copied for the list's client filter. */
    accountId: uuid("account_id"),
    startDate: date("start_date"),
    endDate: date("end_date"),
    amount: money("amount"),
    feeType: text("fee_type"),
    feeFixed: money("fee_fixed"),
    feePercent: numeric("fee_percent", { precision: 5, scale: 2 }),
    feeTerms: text("fee_terms"),
    /** "approved", "signing", "signed", "archived" or "voided". */
    status: text().notNull().default("approved"),
    /** "unsigned", "signing", "signed" (the e-signing issue drives "signing"). */
    signingStatus: text("signing_status").notNull().default("unsigned"),
    sealingFirm: text("sealing_firm"),
    sealId: uuid("seal_id"),
    copies: integer().notNull().default(1),
    attachmentIds: uuids("attachment_ids"),
    signerName: text("signer_name"),
    signerMobile: text("signer_mobile"),
    signerEmail: text("signer_email"),
    approvalId: uuid("approval_id"),
    archiveFileIds: uuids("archive_file_ids"),
    archiveRemark: text("archive_remark"),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    voidReason: text("void_reason"),
    voidCertificateIds: uuids("void_certificate_ids"),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    /** The archive or void approval under way, so a second one cannot start beside it. */
    pendingApprovalId: uuid("pending_approval_id"),
    /** What that approval would apply: archive files and remarks, or the void reason and certificate. */
    pendingAction: jsonb("pending_action").$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.caseId],
      foreignColumns: [cases.workspaceId, cases.id],
    }),
    uniqueIndex("contracts_no_uq").on(t.workspaceId, t.contractNo),
    index("contracts_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("contracts_case_idx").on(t.workspaceId, t.caseId),
    index("contracts_status_idx").on(t.workspaceId, t.status, t.createdAt, t.id),
    check(
      "contracts_dates_ck",
      sql`${t.startDate} is null or ${t.endDate} is null or ${t.startDate} <= ${t.endDate}`,
    ),
    check("contracts_copies_ck", sql`${t.copies} > 0 and ${t.copies} <= 999`),
  ],
);

/** What a contract approval proposes; the contract is made from it when the approval accepts. */
export const contractSubmissions = pgTable(
  "contract_submissions",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    instanceId: uuid("instance_id"),
    caseId: uuid("case_id").notNull(),
    values: jsonb().$type<Record<string, unknown>>().notNull(),
    contractId: uuid("contract_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid("created_by"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("contract_submissions_instance_uq").on(t.workspaceId, t.instanceId),
  ],
);

/**
 * Gap-free numbers per firm, kind ("contract" or "seal-request") and year; the accept (or the
 * submission, for seal requests) locks the row, as case numbers do.
 */
export const contractNumberCounters = pgTable(
  "contract_number_counters",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    kind: text().notNull(),
    year: integer().notNull(),
    lastValue: integer("last_value").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kind, t.year] })],
);

/**
 * Legal-document seal requests (schemas/seal-requests.schema.json). The row exists from the
 * submission (status "pending") so the custodian's queue and the list show it; the approval's
 * end moves it on: stamped (in office) or taken-out → returned; rejected or cancelled.
 */
export const sealRequests = pgTable(
  "seal_requests",
  {
    ...recordColumns(),
    requestNo: text("request_no").notNull(),
    documentType: text("document_type").notNull(),
    caseId: uuid("case_id"),
    /** [{name, copies}]: who receives the stamped documents and how many copies each. */
    recipients: jsonb().$type<{ name: string; copies: number }[]>().notNull().default([]),
    /** [{fileId, copies}] */
    files: jsonb().$type<{ fileId: string; copies: number }[]>().notNull().default([]),
    sealId: uuid("seal_id").notNull(),
    reason: text().notNull(),
    reviewed: boolean().notNull(),
    /** "office" or "take-out". */
    mode: text().notNull().default("office"),
    returnDue: date("return_due"),
    /** "pending", "stamped", "taken-out", "returned", "rejected" or "cancelled". */
    status: text().notNull().default("pending"),
    approvalId: uuid("approval_id"),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    overdueNotifiedAt: timestamp("overdue_notified_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("seal_requests_no_uq").on(t.workspaceId, t.requestNo),
    index("seal_requests_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("seal_requests_overdue_idx")
      .on(t.returnDue)
      .where(sql`${t.status} = 'taken-out'`),
  ],
);

/** Every stamping: what, copies, who approved, who stamped, when, optionally a photo. */
export const sealUsages = pgTable(
  "seal_usages",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    sealId: uuid("seal_id").notNull(),
    /** "contracts" or "seal_requests". */
    entity: text().notNull(),
    entityId: uuid("entity_id").notNull(),
    instanceId: uuid("instance_id"),
    subject: text().notNull(),
    copies: integer().notNull(),
    approvedBy: uuid("approved_by"),
    stampedBy: uuid("stamped_by"),
    stampedAt: timestamp("stamped_at", { withTimezone: true }).notNull(),
    photoFileId: uuid("photo_file_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.sealId],
      foreignColumns: [seals.workspaceId, seals.id],
    }),
    index("seal_usages_seal_idx").on(t.workspaceId, t.sealId, t.stampedAt),
    index("seal_usages_entity_idx").on(t.workspaceId, t.entity, t.entityId),
  ],
);
