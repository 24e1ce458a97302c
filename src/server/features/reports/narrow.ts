import { type AnyColumn, sql, type SQL } from "drizzle-orm";

import { cases } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import type { ReportFilter } from "./registry";

/**
 * A case counts for a department when it is the department's (cases.department_id, exactly, as
 * the case list filters it) and for "me" when the viewer leads it: the same sets the drill-down
 * lists show.
 */
export const caseNarrowing = (filter: ReportFilter): SQL | undefined =>
  filter.scope === "department"
    ? sql`${cases.departmentId} = ${filter.departmentId}`
    : filter.scope === "me"
      ? sql`${cases.leadLawyerId} = ${filter.userId}`
      : undefined;

/**
 * A case's record (bill, payment, invoice) by its case id, for the same scope. The firm needs no
 * join at all: every such row has a case of its firm (a foreign key), so a firm-wide sum over a
 * million payments reads the payments alone.
 */
export const caseIn = (ctx: RequestCtx, filter: ReportFilter, caseId: SQL): SQL => {
  const narrowing = caseNarrowing(filter);
  if (!narrowing) return sql`true`;
  return sql`${caseId} in (select ${cases.id} from ${cases} where ${cases.workspaceId} = ${ctx.workspaceId} and ${narrowing})`;
};

/** A member's own rows (time entries, key dates, approvals) for a department or "me". */
export const memberNarrowing = (
  filter: ReportFilter,
  userColumn: AnyColumn | SQL,
): SQL | undefined =>
  filter.scope === "department"
    ? // Department ids are firm-unique uuids (checkScope found it in the viewer's firm).
      sql`${userColumn} in (select md.user_id from member_departments md where md.department_id = ${filter.departmentId})`
    : filter.scope === "me"
      ? sql`${userColumn} = ${filter.userId}`
      : undefined;

/** Rows of raw SQL, each a record of strings (numeric sums stay strings: exact to the cent). */
export const rowsOf = async <T>(ctx: RequestCtx, query: SQL) => {
  const result = await ctx.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
};
