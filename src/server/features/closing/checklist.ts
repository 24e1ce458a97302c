import { and, desc, eq, sql } from "drizzle-orm";

import {
  CLOSING_ITEM_KEYS,
  type ClosingChecklist,
  type ClosingItem,
  type ClosingItemKey,
  type ClosingRecord,
  type ClosingResult,
} from "../../../shared/contracts/closing";
import { AppError } from "../../../shared/errors";
import { caseClosings, cases } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

type CaseRow = typeof cases.$inferSelect;
type ClosingRow = typeof caseClosings.$inferSelect;

/**
 * What is still open on a case, one count per checklist item, each a subquery on the case's own
 * rows in its firm (every table's key starts with workspace_id, so each is an index probe).
 * Written against the tables rather than through each feature's face: the checklist only
 * counts, and a count is the one thing all these features agree on.
 */
const countsOf = (workspaceId: string, caseId: string) => {
  // `where` is one of the constant conditions below, never input.
  const of = (table: string, where: string) =>
    sql`(select count(*)::int from ${sql.identifier(table)} x where x.workspace_id = ${workspaceId}
      and x.case_id = ${caseId} and ${sql.raw(where)})`;
  return {
    keyDates: of("key_dates", "x.status = 'open'"),
    tasks: of("tasks", "x.status <> 'done'"),
    unbilledTime: of("case_time_entries", "x.billable and x.bill_id is null"),
    // Only what the firm advanced is billed; what the client paid directly is not owed back.
    unbilledExpenses: of(
      "case_expenses",
      "x.billable and x.paid_by = 'firm' and x.bill_id is null",
    ),
    unpaidBills: of("case_bills", "x.status in ('issued', 'partially-paid')"),
    uninvoicedBills: of("case_bills", "x.status = 'paid' and x.invoice_status <> 'full'"),
    // Pending: the approval or the stamping is still to come; taken out: the seal is not back.
    sealRequests: of("seal_requests", "x.status in ('pending', 'taken-out')"),
    contracts: of("contracts", "x.status in ('approved', 'signing', 'signed')"),
    signingRequests: sql`(select count(*)::int from esign_requests r join contracts x
      on x.workspace_id = r.workspace_id and x.id = r.contract_id
      where r.workspace_id = ${workspaceId} and x.case_id = ${caseId} and r.status = 'sent')`,
  } satisfies Record<ClosingItemKey, unknown>;
};

/** The open count of every checklist item, in the checklist's order. */
export const countOpenItems = async (
  ctx: RequestCtx,
  caseId: string,
): Promise<Record<ClosingItemKey, number>> => {
  const counts = countsOf(ctx.workspaceId, caseId);
  const result = await ctx.db.execute(
    sql`select ${sql.join(
      CLOSING_ITEM_KEYS.map((key) => sql`${counts[key]} as ${sql.identifier(key)}`),
      sql`, `,
    )}`,
  );
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return Object.fromEntries(CLOSING_ITEM_KEYS.map((key) => [key, Number(row[key] ?? 0)])) as Record<
    ClosingItemKey,
    number
  >;
};

export const itemsOf = (
  counts: Record<ClosingItemKey, number>,
  explanations: Record<string, string> = {},
): ClosingItem[] =>
  CLOSING_ITEM_KEYS.map((key) => ({
    key,
    count: counts[key],
    resolved: counts[key] === 0,
    ...(explanations[key] ? { explanation: explanations[key] } : {}),
  }));

export const closingRecordOf = (row: ClosingRow): ClosingRecord => ({
  id: row.id,
  status: row.status as ClosingRecord["status"],
  result: row.result as ClosingResult,
  recoveredAmount: row.recoveredAmount,
  text: row.summary,
  approvalId: row.approvalId,
  explanations: row.explanations,
  closedAt: row.closedAt ? row.closedAt.toISOString() : null,
});

export const readCase = async (ctx: RequestCtx, caseId: string): Promise<CaseRow> => {
  const [row] = await ctx.db
    .select()
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, caseId)));
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

/** The case's latest closing: the one under way, else the last one decided. */
export const latestClosing = async (ctx: RequestCtx, caseId: string) => {
  const [row] = await ctx.db
    .select()
    .from(caseClosings)
    .where(inWorkspace(ctx, caseClosings, eq(caseClosings.caseId, caseId)))
    .orderBy(sql`${caseClosings.status} = 'pending' desc`, desc(caseClosings.createdAt))
    .limit(1);
  return row;
};

/**
 * GET /cases/:id/closing-checklist: each item's open count (by SQL, now), the closing under way
 * with the explanations it carries, and the summary of the closing that closed the case.
 */
export const getClosingChecklist = async (
  ctx: RequestCtx,
  caseId: string,
): Promise<ClosingChecklist> => {
  const kase = await readCase(ctx, caseId);
  const counts = await countOpenItems(ctx, caseId);
  const last = await latestClosing(ctx, caseId);
  const pending = last?.status === "pending" ? last : undefined;
  const approved = await ctx.db
    .select()
    .from(caseClosings)
    .where(
      and(
        inWorkspace(ctx, caseClosings, eq(caseClosings.caseId, caseId)),
        eq(caseClosings.status, "approved"),
      ),
    )
    .orderBy(desc(caseClosings.createdAt))
    .limit(1);
  return {
    caseId,
    status: kase.status,
    items: itemsOf(counts, pending?.explanations),
    pendingApprovalId: pending?.approvalId ?? null,
    closing: approved[0] ? closingRecordOf(approved[0]) : null,
  };
};
