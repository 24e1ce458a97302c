import { and, eq, or, sql } from "drizzle-orm";

import type { ReportScope } from "../../../shared/contracts/reports";
import { AppError } from "../../../shared/errors";
import { departments, memberDepartments } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";

export const REPORT_SUBJECT = "LAWFIRM_REPORT_VIEW" as const;

/** What the viewer's report rules allow: the whole firm, some departments, or only themselves. */
export type ReportReach = { firm: boolean; departmentIds: string[] };

/**
 * The roles' rules on LAWFIRM_REPORT_VIEW, read like the other scoped subjects: a rule without
 * conditions is the firm, "only my department" the viewer's departments, "only own" the viewer.
 * A department's manager (departments.manager_id) also sees that department, whatever the role
 * says: heads of department are named on the org chart, not by a role of their own.
 */
export const reachOf = async (ctx: RequestCtx): Promise<ReportReach | null> => {
  const rules = ctx.ability.rulesFor("read", REPORT_SUBJECT).filter((r) => !r.inverted);
  if (rules.length === 0) return null;
  if (rules.some((r) => !r.conditions)) return { firm: true, departmentIds: [] };
  const byRole = rules.some((r) => (r.conditions as Record<string, unknown>).departmentId);
  const rows = await ctx.db
    .selectDistinct({ id: departments.id })
    .from(departments)
    .leftJoin(
      memberDepartments,
      and(
        eq(memberDepartments.workspaceId, departments.workspaceId),
        eq(memberDepartments.departmentId, departments.id),
        eq(memberDepartments.userId, ctx.userId),
      ),
    )
    .where(
      and(
        eq(departments.workspaceId, ctx.workspaceId),
        or(
          eq(departments.managerId, ctx.userId),
          byRole ? sql`${memberDepartments.userId} is not null` : sql`false`,
        ),
      ),
    );
  return { firm: false, departmentIds: rows.map((r) => r.id) };
};

export const scopesOf = (reach: ReportReach): ReportScope[] => [
  ...(reach.firm ? (["firm"] as const) : []),
  ...(reach.firm || reach.departmentIds.length ? (["department"] as const) : []),
  "me",
];

/**
 * The scope asked for, checked: a lawyer asking for the firm is refused (403, translated) rather
 * than quietly narrowed, so a figure never reads as the firm's when it is not. A department
 * defaults to the first one the viewer may see.
 */
export const checkScope = async (
  ctx: RequestCtx,
  reach: ReportReach,
  scope: ReportScope,
  departmentId: string | undefined,
): Promise<string | null> => {
  if (scope === "me") return null;
  if (scope === "firm") {
    if (!reach.firm) throw new AppError(403, "errors.reports.scopeDenied");
    return null;
  }
  if (reach.firm) {
    if (!departmentId)
      throw new AppError(422, "errors.reports.departmentRequired", {
        fields: [{ field: "departmentId", message: "errors.reports.departmentRequired" }],
      });
    const [row] = await ctx.db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.workspaceId, ctx.workspaceId), eq(departments.id, departmentId)));
    // Another firm's department, like an unknown one, is simply not found.
    if (!row) throw new AppError(404, "errors.reports.departmentNotFound");
    return row.id;
  }
  const chosen = departmentId ?? reach.departmentIds[0];
  if (!chosen || !reach.departmentIds.includes(chosen))
    throw new AppError(403, "errors.reports.scopeDenied");
  return chosen;
};
