import { asc, eq, inArray, sql } from "drizzle-orm";

import type { ChainLink } from "../../../shared/contracts/cases";
import { closingRef } from "../../../shared/contracts/closing";
import { caseClosings, cases, caseSubmissions } from "../../db/tables";
import type { Answer } from "../../lib/answers";
import type { RequestCtx } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";
import { approvalsByRefs } from "../workflow";
import { caseChangeRef } from "./changes";
import { newCaseRef } from "./open-case";

/**
 * The chain of stages a case belongs to (一审 → 二审 → 执行): its ancestors and descendants by
 * parent_case_id, oldest first, with the ones the caller may not read left out.
 */
export const caseChain = async (ctx: RequestCtx, id: string): Promise<Answer<ChainLink>[]> => {
  const result = await ctx.db.execute<{ id: string }>(sql`
    with recursive up(id, parent, depth) as (
      select id, parent_case_id, 0 from cases where workspace_id = ${ctx.workspaceId} and id = ${id}
      union all
      select c.id, c.parent_case_id, up.depth + 1 from cases c join up on c.id = up.parent
        where c.workspace_id = ${ctx.workspaceId} and up.depth < 20),
    root as (select id from up order by depth desc limit 1),
    down(id, depth) as (
      select id, 0 from root
      union all
      select c.id, down.depth + 1 from cases c join down on c.parent_case_id = down.id
        where c.workspace_id = ${ctx.workspaceId} and down.depth < 20)
    select id from down`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return ctx.db
    .select({
      id: cases.id,
      caseNo: cases.caseNo,
      name: cases.name,
      stage: cases.stage,
      status: cases.status,
      parentCaseId: cases.parentCaseId,
      createdAt: cases.createdAt,
    })
    .from(cases)
    .where(
      inWorkspace(
        ctx,
        cases,
        inArray(cases.id, ids),
        rowScopeOf(ctx, "read", "LAWFIRM_CASE_VIEW", "cases"),
      ),
    )
    .orderBy(asc(cases.createdAt));
};

/** Every approval of a case: the one that opened it, every change approval since, its closings. */
export const caseApprovals = async (ctx: RequestCtx, id: string) => {
  const submissions = await ctx.db
    .select({ id: caseSubmissions.id })
    .from(caseSubmissions)
    .where(inWorkspace(ctx, caseSubmissions, eq(caseSubmissions.caseId, id)));
  const closings = await ctx.db
    .select({ id: caseClosings.id })
    .from(caseClosings)
    .where(inWorkspace(ctx, caseClosings, eq(caseClosings.caseId, id)));
  const refs = [
    caseChangeRef(id),
    ...submissions.map((s) => newCaseRef(s.id)),
    ...closings.map((c) => closingRef(c.id)),
  ];
  return approvalsByRefs(ctx, refs);
};
