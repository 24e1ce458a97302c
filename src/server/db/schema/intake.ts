import { sql } from "drizzle-orm";
import {
  check,
  date,
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

import type { LeadParty } from "../../../shared/contracts/intake";
import { recordColumns } from "./accounts";

/**
 * Leads (案源; schemas/leads.schema.json): a prospective matter from first consultation to signed
 * or lost. The stage is a code of the firm's "lead-stages" dictionary; a lead converted into a case
 * keeps the client it made or named (account_id) and, once the case opens, the case (case_id).
 * The prospect columns describe a client not yet in the firm's books. account_id has no foreign key,
 * like cases.account_id: the app checks it is the firm's, and deleting a client stays the clients
 * feature's decision.
 */
export const leads = pgTable(
  "leads",
  {
    ...recordColumns(),
    leadNo: text("lead_no").notNull(),
    title: text().notNull(),
    consultedOn: date("consulted_on"),
    accountId: uuid("account_id"),
    prospectName: text("prospect_name"),
    /** "organization" or "individual", as accounts.account_type. */
    prospectType: text("prospect_type"),
    /** The prospect's unified social credit code or resident id number. */
    prospectIdNumber: text("prospect_id_number"),
    contactName: text("contact_name"),
    contactPhone: text("contact_phone"),
    caseType: text("case_type"),
    estimatedFee: numeric("estimated_fee", { precision: 14, scale: 2 }),
    source: text(),
    originatorId: uuid("originator_id"),
    referrer: text(),
    stage: text().notNull(),
    lostReason: text("lost_reason"),
    parties: jsonb().$type<LeadParty[]>().notNull().default([]),
    conflictReportId: uuid("conflict_report_id"),
    caseId: uuid("case_id"),
    convertedAt: timestamp("converted_at", { withTimezone: true }),
    departmentId: uuid("department_id"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex("leads_no_uq").on(t.workspaceId, t.leadNo),
    index("leads_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("leads_stage_idx").on(t.workspaceId, t.stage, t.createdAt, t.id),
    index("leads_source_idx").on(t.workspaceId, t.source, t.createdAt),
    check("leads_estimated_fee_ck", sql`${t.estimatedFee} is null or ${t.estimatedFee} >= 0`),
  ],
);
