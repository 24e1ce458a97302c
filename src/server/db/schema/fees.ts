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

import type {
  AllocationLine,
  FeeArrangement,
  Instalment,
  TriggerDates,
} from "../../../shared/fees";
import { recordColumns } from "./accounts";
import { cases } from "./cases";
import { workspaces } from "./identity";

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const percent = (name: string) => numeric(name, { precision: 5, scale: 2 });
const uuids = (name: string) =>
  uuid(name)
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`);
const workspaceId = () =>
  uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id);
const ofCase = (t: { workspaceId: PgColumn; caseId: PgColumn }) =>
  foreignKey({
    columns: [t.workspaceId, t.caseId],
    foreignColumns: [cases.workspaceId, cases.id],
  }).onDelete("cascade");

/**
 * A case's fee agreement beyond the case's own fee fields: the arrangement in full (tiers,
 * contingency base, hybrid parts), the schedule of instalments as entered, and the dates the
 * schedule's triggers happened on ("on judgment": 2026-10-03). One row per case.
 */
export const caseFeeTerms = pgTable(
  "case_fee_terms",
  {
    workspaceId: workspaceId(),
    caseId: uuid("case_id").notNull(),
    arrangement: jsonb().$type<FeeArrangement>(),
    schedule: jsonb().$type<Instalment[]>().notNull().default([]),
    triggerDates: jsonb("trigger_dates").$type<TriggerDates>().notNull().default({}),
    /** The contract the schedule was copied from, when it was. */
    sourceContractId: uuid("source_contract_id"),
    version: integer().notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by"),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.caseId] }), ofCase(t)],
);

/** Overdue-instalment reminders sent, one per instalment, due date and interval, across processes. */
export const feeInstalmentNotices = pgTable(
  "fee_instalment_notices",
  {
    workspaceId: workspaceId(),
    caseId: uuid("case_id").notNull(),
    instalmentIndex: integer("instalment_index").notNull(),
    dueDate: date("due_date").notNull(),
    /** "lawyer:<days overdue band>" or "finance:<ISO week>". */
    interval: text().notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      columns: [t.workspaceId, t.caseId, t.instalmentIndex, t.dueDate, t.interval],
    }),
  ],
);

/** Expenses advanced on a case (代垫费用; schemas/case-expenses.schema.json). */
export const caseExpenses = pgTable(
  "case_expenses",
  {
    ...recordColumns(),
    caseId: uuid("case_id").notNull(),
    spentOn: date("spent_on").notNull(),
    category: text().notNull(),
    amount: money("amount").notNull(),
    /** "firm" (the firm advanced it, to be billed) or "client" (paid by the client directly). */
    paidBy: text("paid_by").notNull().default("firm"),
    billable: boolean().notNull().default(true),
    description: text(),
    receiptFileIds: uuids("receipt_file_ids"),
    /** The bill it went onto; a billed expense no longer changes. */
    billId: uuid("bill_id"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    ofCase(t),
    index("case_expenses_case_idx").on(t.workspaceId, t.caseId, t.spentOn),
    check("case_expenses_amount_ck", sql`${t.amount} > 0`),
  ],
);

/**
 * Invoices (发票; schemas/invoices.schema.json): requested through the "invoice" approval, then
 * recorded as issued by finance, and possibly red-reversed (红冲) or voided with a reason.
 * Status: "pending" (approval under way), "approved" (to be issued), "rejected", "issued",
 * "reversed", "voided".
 */
export const invoices = pgTable(
  "invoices",
  {
    ...recordColumns(),
    requestNo: text("request_no").notNull(),
    caseId: uuid("case_id").notNull(),
    accountId: uuid("account_id").notNull(),
    billId: uuid("bill_id"),
    paymentId: uuid("payment_id"),
    invoiceType: text("invoice_type").notNull(),
    buyerTitle: text("buyer_title").notNull(),
    buyerTaxId: text("buyer_tax_id"),
    /** Tax-inclusive amount (价税合计). */
    amount: money("amount").notNull(),
    taxRate: percent("tax_rate").notNull(),
    taxAmount: money("tax_amount").notNull(),
    items: jsonb().$type<{ name: string; amount: string }[]>().notNull().default([]),
    remark: text(),
    status: text().notNull().default("pending"),
    approvalId: uuid("approval_id"),
    invoiceNo: text("invoice_no"),
    invoiceCode: text("invoice_code"),
    issuedOn: date("issued_on"),
    invoiceFileIds: uuids("invoice_file_ids"),
    issuedBy: uuid("issued_by"),
    /** Why it was red-reversed or voided, when and by whom. */
    cancelReason: text("cancel_reason"),
    cancelledOn: date("cancelled_on"),
    cancelledBy: uuid("cancelled_by"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    ofCase(t),
    uniqueIndex("invoices_request_no_uq").on(t.workspaceId, t.requestNo),
    uniqueIndex("invoices_number_uq")
      .on(t.workspaceId, t.invoiceCode, t.invoiceNo)
      .where(sql`${t.invoiceNo} is not null`),
    index("invoices_case_idx").on(t.workspaceId, t.caseId, t.status),
    index("invoices_account_idx").on(t.workspaceId, t.accountId, t.status),
    index("invoices_created_idx").on(t.workspaceId, t.createdAt, t.id),
    // Reports: what was invoiced per month, from the index alone.
    index("invoices_issued_idx")
      .on(t.workspaceId, t.issuedOn, t.caseId, t.amount)
      .where(sql`${t.status} = 'issued'`),
    check("invoices_amount_ck", sql`${t.amount} > 0 and ${t.taxAmount} >= 0`),
  ],
);

/** A payment matched to an invoice, in part or in full. */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    workspaceId: workspaceId(),
    invoiceId: uuid("invoice_id").notNull(),
    paymentId: uuid("payment_id").notNull(),
    amount: money("amount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid("created_by"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.invoiceId, t.paymentId] }),
    index("invoice_payments_payment_idx").on(t.workspaceId, t.paymentId),
    check("invoice_payments_amount_ck", sql`${t.amount} > 0`),
  ],
);

/**
 * A case's fee-sharing allocation from a date on: the lines as entered (originator, lead,
 * co-counsel with percentages of the distributable amount) and the case's management-fee
 * override. A payment is split by the version in force on its date.
 */
export const feeAllocations = pgTable(
  "fee_allocations",
  {
    workspaceId: workspaceId(),
    id: uuid().notNull().defaultRandom(),
    caseId: uuid("case_id").notNull(),
    effectiveFrom: date("effective_from").notNull(),
    originatorId: uuid("originator_id"),
    lines: jsonb().$type<AllocationLine[]>().notNull(),
    managementFeePercent: percent("management_fee_percent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid("created_by"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    ofCase(t),
    uniqueIndex("fee_allocations_case_day_uq").on(t.workspaceId, t.caseId, t.effectiveFrom),
  ],
);

/**
 * Share lines: every payment split into tax, management fee, members' shares and the rounding
 * line, written to a month (period YYYY-MM). Lines are never updated: a correction is a new line
 * in the open month, referring to the original.
 */
export const feeShareLines = pgTable(
  "fee_share_lines",
  {
    workspaceId: workspaceId(),
    id: uuid().notNull().defaultRandom(),
    paymentId: uuid("payment_id").notNull(),
    caseId: uuid("case_id").notNull(),
    paidOn: date("paid_on").notNull(),
    period: text().notNull(),
    key: text().notNull(),
    /** "tax", "management", "member" or "rounding". */
    kind: text().notNull(),
    memberId: uuid("member_id"),
    role: text(),
    percent: percent("percent"),
    amount: money("amount").notNull(),
    refersTo: uuid("refers_to"),
    /** Why the line was written: "payment", "payment-change", "refund", "invoice", "reallocation". */
    reason: text().notNull().default("payment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index("fee_share_lines_member_idx").on(t.workspaceId, t.memberId, t.period),
    index("fee_share_lines_period_idx").on(t.workspaceId, t.period),
    index("fee_share_lines_payment_idx").on(t.workspaceId, t.paymentId),
  ],
);

/** Closed months: a row here means the month's share lines never change again. */
export const feePeriods = pgTable(
  "fee_periods",
  {
    workspaceId: workspaceId(),
    period: text().notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
    closedBy: uuid("closed_by"),
    /** Totals frozen at the close, for the statement header. */
    totals: jsonb().$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.period] }),
    check("fee_periods_period_ck", sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/**
 * Each client's receivables today, so the Receivables screen reads one row per client instead of
 * aggregating every bill of the firm (features/fees/receivables-fast.ts). Kept by the database's
 * own triggers on case_bills, invoices and cases (migration 0028), in the transaction of every
 * write, whoever makes it (record hooks, approvals, imports, seeds, SQL): each recomputes the
 * touched clients from their bills and invoices under this row's lock. Counts and sums cover
 * every bill issued (status issued, partially-paid or paid) and every invoice issued; a report of
 * a day before the latest date recorded here (`dated_until`) is computed from the bills.
 */
export const receivableTotals = pgTable(
  "receivable_totals",
  {
    workspaceId: uuid("workspace_id").notNull(),
    accountId: uuid("account_id").notNull(),
    /** Cases with an issued bill; issued bills; issued invoices (a client with none is not shown). */
    cases: integer().notNull().default(0),
    bills: integer().notNull().default(0),
    invoices: integer().notNull().default(0),
    billed: numeric({ precision: 20, scale: 2 }).notNull().default("0"),
    received: numeric({ precision: 20, scale: 2 }).notNull().default("0"),
    invoiced: numeric({ precision: 20, scale: 2 }).notNull().default("0"),
    outstanding: numeric({ precision: 20, scale: 2 }).notNull().default("0"),
    /** The latest issue or cancel day counted: a later one makes today's figures not yet true. */
    datedUntil: date("dated_until"),
    /**
     * The client's name (accounts.name, same type and collation), copied by the refresh function
     * and by the accounts' rename trigger (migration 0029), so the screen's order (largest debt,
     * then name, then id) is this table's rank index and a page is a range of it.
     */
    name: text().notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.accountId] }),
    index("receivable_totals_rank_idx").on(
      t.workspaceId,
      t.outstanding.desc(),
      t.name,
      t.accountId,
    ),
    index("receivable_totals_dated_idx").on(t.workspaceId, t.datedUntil),
  ],
);

/**
 * What a client still owes, by the day its bills age from (due date, else issue date): ageing
 * buckets move every day, so they are summed from these few rows (bills still owing) at read time.
 */
export const receivableAgeing = pgTable(
  "receivable_ageing",
  {
    workspaceId: uuid("workspace_id").notNull(),
    accountId: uuid("account_id").notNull(),
    agedFrom: date("aged_from").notNull(),
    outstanding: numeric({ precision: 20, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.accountId, t.agedFrom] })],
);
