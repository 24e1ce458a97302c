import { and, eq, sql } from "drizzle-orm";

import {
  type CaseAllocation,
  formatCents,
  parseCents,
  type RuleContext,
  taxForMatchedAmount,
} from "../../../shared/fees";
import { invoicePayments, invoices } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * What the rules need to know about a case: the day its matter came in and the days the same
 * client brought earlier matters. A matter is a chain of cases (一审 → 二审 → 执行 through
 * parent_case_id): an appeal is the same business, not repeat business, so it takes its first
 * case's day and only other chains' first cases count as earlier matters. Days are the firm's.
 */
export const ruleContextOf = async (
  ctx: RequestCtx,
  caseId: string,
  zone: string,
): Promise<RuleContext | null> => {
  const day = sql`to_char((created_at at time zone ${zone})::date, 'YYYY-MM-DD')`;
  const [root] = rowsOf<{ id: string; account_id: string; day: string }>(
    await ctx.db.execute(sql`
      with recursive chain as (
        select id, parent_case_id, account_id, created_at, 0 as depth
          from cases where workspace_id = ${ctx.workspaceId} and id = ${caseId}
        union all
        select c.id, c.parent_case_id, c.account_id, c.created_at, chain.depth + 1
          from cases c join chain on c.workspace_id = ${ctx.workspaceId} and c.id = chain.parent_case_id
         where chain.depth < 20
      )
      select id, account_id, ${day} as day
        from chain order by depth desc limit 1`),
  );
  if (!root) return null;
  const prior = rowsOf<{ day: string }>(
    await ctx.db.execute(sql`
      select ${day} as day from cases
       where workspace_id = ${ctx.workspaceId} and account_id = ${root.account_id}
         and parent_case_id is null and id <> ${root.id} and created_at < (select created_at from cases
                            where workspace_id = ${ctx.workspaceId} and id = ${root.id})`),
  );
  return { caseDate: root.day, priorClientCaseDates: prior.map((r) => r.day) };
};

/**
 * The tax a payment carries from the issued invoices it is matched to: each match's share of its
 * invoice's tax, in proportion to how much of the invoice it settles. A red-reversed or voided
 * invoice carries none.
 */
export const invoiceTaxOf = async (ctx: RequestCtx, paymentId: string): Promise<string> => {
  const matches = await ctx.db
    .select({
      matched: invoicePayments.amount,
      total: invoices.amount,
      tax: invoices.taxAmount,
    })
    .from(invoicePayments)
    .innerJoin(
      invoices,
      and(
        eq(invoices.workspaceId, invoicePayments.workspaceId),
        eq(invoices.id, invoicePayments.invoiceId),
      ),
    )
    .where(
      inWorkspace(
        ctx,
        invoicePayments,
        eq(invoicePayments.paymentId, paymentId),
        eq(invoices.status, "issued"),
      ),
    );
  let cents = 0n;
  for (const m of matches) cents += parseCents(taxForMatchedAmount(m.matched, m.total, m.tax))!;
  return formatCents(cents);
};

/**
 * A case with no allocation ever entered: the lead lawyer takes the whole distributable amount,
 * so no payment goes unassigned while the allocation is still being agreed.
 */
export const leadOnly = (leadLawyerId: string): CaseAllocation => ({
  originatorId: null,
  lines: [{ memberId: leadLawyerId, role: "lead", percent: "100.00" }],
});
