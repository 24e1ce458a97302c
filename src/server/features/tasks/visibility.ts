import { and, eq, exists, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import { caseMembers, cases, leads } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";

/**
 * Rows tied to a case (`caseId`) the caller may read: the case exists in the firm and passes the
 * caller's case permission and "own"/"department" scope, exactly as the case list would.
 */
export const caseReadable = (ctx: RequestCtx, workspaceId: PgColumn, caseId: PgColumn): SQL => {
  if (!ctx.ability.can("read", "LAWFIRM_CASE_VIEW")) return sql`false`;
  const scope = rowScopeOf(ctx, "read", "LAWFIRM_CASE_VIEW", "cases");
  // Every case of the firm is readable: a case id is enough, since each table holding one has a
  // (workspace_id, case_id) foreign key to cases. An EXISTS per row would cost the firm's month.
  if (scope === undefined) return caseId.notNull ? sql`true` : isNotNull(caseId);
  return exists(
    ctx.db
      .select({ one: sql`1` })
      .from(cases)
      .where(and(eq(cases.workspaceId, workspaceId), eq(cases.id, caseId), scope)),
  );
};

/**
 * Rows tied to an intake lead the caller may read, by the lead's permission and row scope, as
 * the lead list would: the reception's follow-ups are seen by whoever may see the lead.
 */
export const leadReadable = (ctx: RequestCtx, workspaceId: PgColumn, leadId: PgColumn): SQL => {
  if (!ctx.ability.can("read", "LAWFIRM_LEAD_VIEW")) return sql`false`;
  const scope = rowScopeOf(ctx, "read", "LAWFIRM_LEAD_VIEW", "leads");
  // Most tasks follow up no lead: the null test spares them the lookup.
  return and(
    isNotNull(leadId),
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(leads)
        .where(and(eq(leads.workspaceId, workspaceId), eq(leads.id, leadId), scope)),
    ),
  ) as SQL;
};

/** Rows of cases whose team includes `userId`. */
export const onTeamOf = (
  userId: string,
  workspaceId: PgColumn,
  caseId: PgColumn,
  db: RequestCtx["db"],
): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(caseMembers)
      .where(
        and(
          eq(caseMembers.workspaceId, workspaceId),
          eq(caseMembers.caseId, caseId),
          eq(caseMembers.userId, userId),
        ),
      ),
  );

/** Mine (one of `people`), or on a case I may read. */
export const mineOrCaseReadable = (
  ctx: RequestCtx,
  people: PgColumn[],
  workspaceId: PgColumn,
  caseId: PgColumn,
) => or(...people.map((p) => eq(p, ctx.userId)), caseReadable(ctx, workspaceId, caseId)) as SQL;
