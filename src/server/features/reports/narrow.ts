import { type AnyColumn, sql, type SQL } from "drizzle-orm";

import { cases } from "../../db/tables";
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
