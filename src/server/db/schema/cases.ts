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
  type PgColumn,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { accounts, recordColumns } from "./accounts";
import { workspaces } from "./identity";

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * Cases (schemas/cases.schema.json). A case row exists only once its opening approval was
 * accepted; until then what was submitted waits in case_submissions. Parties and the team are
 * edited with the case (one form, one change approval) and kept in jsonb/array columns; the
 * normalised copies in case_parties and case_members are rebuilt in the same transaction on every
 * write, for the conflict check, global search and row scopes.
 */
export const cases = pgTable(
  "cases",
  {
    ...recordColumns(),
    caseNo: text("case_no").notNull(),
    name: text().notNull(),
    accountId: uuid("account_id").notNull(),
    caseType: text("case_type").notNull(),
    filingType: text("filing_type").notNull(),
    causeOfAction: text("cause_of_action"),
    stage: text(),
    /** "pre-filing", "formal", "closed" or "terminated" (features/cases/status.ts). */
    status: text().notNull().default("formal"),
    validUntil: date("valid_until"),
    amount: money("amount"),
    feeType: text("fee_type"),
    feeFixed: money("fee_fixed"),
    feePercent: numeric("fee_percent", { precision: 5, scale: 2 }),
    /**
     * The fee-sharing allocation in force (originator, lead, co-counsel percentages) and the
     * case's management-fee override: case fields, so a change on a formal case goes through the
     * case-change approval; the fees feature keeps every version by its effective date.
     */
    feeAllocation: jsonb("fee_allocation").$type<Record<string, unknown>>(),
    managementFeePercent: numeric("management_fee_percent", { precision: 5, scale: 2 }),
    recoveredAmount: money("recovered_amount"),
    serviceStart: date("service_start"),
    serviceEnd: date("service_end"),
    terminationReason: text("termination_reason"),
    terminatedAt: timestamp("terminated_at", { withTimezone: true }),
    departmentId: uuid("department_id"),
    leadPartnerId: uuid("lead_partner_id"),
    leadLawyerId: uuid("lead_lawyer_id"),
    coCounselIds: uuid("co_counsel_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    assistantIds: uuid("assistant_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    parties: jsonb().$type<unknown[]>().notNull().default([]),
    /** The case this one continues (一审 → 二审 → 执行). */
    parentCaseId: uuid("parent_case_id"),
    folderId: uuid("folder_id"),
    /** Changes waiting for the case-change approval; null when none. */
    pendingChanges: jsonb("pending_changes").$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    foreignKey({
      columns: [t.workspaceId, t.accountId],
      foreignColumns: [accounts.workspaceId, accounts.id],
    }),
    uniqueIndex("cases_case_no_uq").on(t.workspaceId, t.caseNo),
    index("cases_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("cases_name_idx").on(t.workspaceId, t.name, t.id),
    index("cases_status_idx").on(
      t.workspaceId,
      t.status,
      t.createdAt,
      t.id,
      t.caseType,
      t.filingType,
    ),
    index("cases_type_idx").on(
      t.workspaceId,
      t.caseType,
      t.createdAt,
      t.id,
      t.status,
      t.filingType,
    ),
    index("cases_filing_idx").on(
      t.workspaceId,
      t.filingType,
      t.createdAt,
      t.id,
      t.status,
      t.caseType,
    ),
    index("cases_account_idx").on(t.workspaceId, t.accountId),
    index("cases_lead_partner_idx").on(t.workspaceId, t.leadPartnerId),
    index("cases_department_idx").on(t.workspaceId, t.departmentId),
    // Reports: a lawyer's cases (workload, every "me" figure) and the open cases by stage, both
    // answered from the index alone (bench/reports).
    index("cases_lead_idx").on(t.workspaceId, t.leadLawyerId, t.status, t.stage, t.id),
    index("cases_stage_idx").on(t.workspaceId, t.status, t.stage),
    // The pre-filing job reads the cases that ran out, oldest first, without touching the rest.
    index("cases_expiry_idx")
      .on(t.workspaceId, t.validUntil)
      .where(sql`${t.status} = 'pre-filing'`),
    index("cases_parent_idx").on(t.workspaceId, t.parentCaseId),
    check("cases_amount_ck", sql`${t.amount} is null or ${t.amount} >= 0`),
  ],
);

/** A case's parties, normalised for search (rebuilt from cases.parties on every write). */
export const caseParties = pgTable(
  "case_parties",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    caseId: uuid("case_id").notNull(),
    position: integer().notNull(),
    name: text().notNull(),
    /** NFKC, trimmed, case-folded, inner spaces removed. */
    nameNorm: text("name_norm").notNull(),
    partyType: text("party_type").notNull(),
    idNumber: text("id_number"),
    litigationRole: text("litigation_role"),
    conflictRole: text("conflict_role").notNull(),
    accountId: uuid("account_id"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.caseId, t.position] }),
    foreignKey({
      columns: [t.workspaceId, t.caseId],
      foreignColumns: [cases.workspaceId, cases.id],
    }).onDelete("cascade"),
    index("case_parties_name_idx").on(t.workspaceId, t.nameNorm),
    index("case_parties_id_number_idx")
      .on(t.workspaceId, t.idNumber)
      .where(sql`${t.idNumber} is not null`),
    index("case_parties_account_idx")
      .on(t.workspaceId, t.accountId)
      .where(sql`${t.accountId} is not null`),
  ],
);

/** Who works on a case, one row per person and role (rebuilt from the case's team columns). */
export const caseMembers = pgTable(
  "case_members",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    caseId: uuid("case_id").notNull(),
    userId: uuid("user_id").notNull(),
    /** "lead", "co-counsel", "assistant" or "supervisor". */
    role: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.caseId, t.userId, t.role] }),
    foreignKey({
      columns: [t.workspaceId, t.caseId],
      foreignColumns: [cases.workspaceId, cases.id],
    }).onDelete("cascade"),
    index("case_members_user_idx").on(t.workspaceId, t.userId, t.caseId),
  ],
);

/** What an opening approval proposes; the case is made from it when the approval is accepted. */
export const caseSubmissions = pgTable(
  "case_submissions",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    id: uuid().notNull().defaultRandom(),
    instanceId: uuid("instance_id"),
    values: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Set when the approval was accepted and the case made. */
    caseId: uuid("case_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid("created_by"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("case_submissions_instance_uq").on(t.workspaceId, t.instanceId),
  ],
);

/**
 * The next internal case number per firm, year and case type. The opening approval's accept locks
 * this row (insert … on conflict do update … returning), so two accepts at once get consecutive
 * numbers, and a rolled-back accept gives its number back.
 */
export const caseNumberCounters = pgTable(
  "case_number_counters",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    year: integer().notNull(),
    caseType: text("case_type").notNull(),
    lastValue: integer("last_value").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.year, t.caseType] })],
);

const caseChild = () => ({ ...recordColumns(), caseId: uuid("case_id").notNull() });
const belongsToCase = (t: { workspaceId: PgColumn; caseId: PgColumn }) =>
  foreignKey({
    columns: [t.workspaceId, t.caseId],
    foreignColumns: [cases.workspaceId, cases.id],
  }).onDelete("cascade");

/** Court case numbers (案号) of a case (schemas/case-court-numbers.schema.json). */
export const caseCourtNumbers = pgTable(
  "case_court_numbers",
  {
    ...caseChild(),
    number: text().notNull(),
    court: text(),
    stage: text(),
    isCurrent: boolean("is_current").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    belongsToCase(t),
    index("case_court_numbers_case_idx").on(t.workspaceId, t.caseId),
    index("case_court_numbers_number_idx").on(t.workspaceId, t.number),
  ],
);

/** Time entries (schemas/case-time-entries.schema.json); the rate is the member's when entered. */
export const caseTimeEntries = pgTable(
  "case_time_entries",
  {
    ...caseChild(),
    userId: uuid("user_id").notNull(),
    workDate: date("work_date").notNull(),
    minutes: integer().notNull(),
    description: text().notNull(),
    billable: boolean().notNull().default(true),
    rate: money("rate").notNull().default("0"),
    amount: money("amount").notNull().default("0"),
    billId: uuid("bill_id"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    belongsToCase(t),
    index("case_time_entries_case_idx").on(t.workspaceId, t.caseId, t.workDate),
    // Reports' hours: the firm's by day, one member's by member; minutes in the key, so a
    // million entries are summed from the index alone.
    index("case_time_entries_day_idx").on(t.workspaceId, t.workDate, t.userId, t.minutes),
    index("case_time_entries_user_idx").on(t.workspaceId, t.userId, t.workDate, t.minutes),
    check("case_time_entries_minutes_ck", sql`${t.minutes} > 0 and ${t.minutes} <= 1440`),
  ],
);

/** Payments received (schemas/case-payments.schema.json). */
export const casePayments = pgTable(
  "case_payments",
  {
    ...caseChild(),
    paidOn: date("paid_on").notNull(),
    amount: money("amount").notNull(),
    method: text(),
    payer: text(),
    receiptFileIds: uuid("receipt_file_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    billId: uuid("bill_id"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    belongsToCase(t),
    // The amount in the key: a report sums a lawyer's cases' payments from the index alone.
    index("case_payments_case_idx").on(t.workspaceId, t.caseId, t.paidOn, t.amount),
    // Receivables as of a day subtract the payments made after it: few, found by day. The case
    // and amount in the key let the reports sum a period's payments from the index alone.
    index("case_payments_day_idx").on(t.workspaceId, t.paidOn, t.caseId, t.amount),
    check("case_payments_amount_ck", sql`${t.amount} > 0`),
  ],
);

/** Bills (schemas/case-bills.schema.json): time entries and fixed fees, draft → issued → paid. */
export const caseBills = pgTable(
  "case_bills",
  {
    ...caseChild(),
    billNo: text("bill_no").notNull(),
    /** "draft", "issued", "partially-paid", "paid" or "void". */
    status: text().notNull().default("draft"),
    /** "none" (未开票), "partial" (部分开票) or "full" (已开票). */
    invoiceStatus: text("invoice_status").notNull().default("none"),
    issuedOn: date("issued_on"),
    dueOn: date("due_on"),
    fixedAmount: money("fixed_amount").notNull().default("0"),
    timeAmount: money("time_amount").notNull().default("0"),
    /** Billable expenses the firm advanced, taken onto the bill (features/fees). */
    expenseAmount: money("expense_amount").notNull().default("0"),
    total: money("total").notNull().default("0"),
    /**
     * All payments against the bill, kept by refreshBillStatus in the payment's transaction, so
     * receivables need not sum a million payments (they subtract the few made after their day).
     */
    paidAmount: money("paid_amount").notNull().default("0"),
    remark: text(),
    /**
     * What is still owed and the day it is aged from (the due date, else the issue date), kept
     * by PostgreSQL: the ageing report's buckets and the bill list behind each read the same
     * columns, so a bucket's figure and its list's total cannot drift apart.
     */
    outstanding: money("outstanding").generatedAlwaysAs(sql`total - paid_amount`),
    agedFrom: date("aged_from").generatedAlwaysAs(sql`coalesce(due_on, issued_on)`),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    belongsToCase(t),
    uniqueIndex("case_bills_no_uq").on(t.workspaceId, t.billNo),
    index("case_bills_case_idx").on(t.workspaceId, t.caseId),
    // Reports: bills by issue day (billed per month) and what is owed by aged-from day (ageing).
    index("case_bills_issued_idx").on(t.workspaceId, t.issuedOn, t.status, t.caseId, t.total),
    index("case_bills_owed_idx")
      .on(t.workspaceId, t.agedFrom, t.status, t.caseId, t.outstanding)
      .where(sql`${t.outstanding} > 0`),
  ],
);
