import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";

import {
  KEY_DATE_OUTCOMES,
  type KeyDateOutcome,
  type KeyDateStatus,
} from "../../../shared/contracts/deadlines";
import { cases, keyDates, memberDepartments, users } from "../../db/tables";
import { firmDateOf, readFirmTimeZone } from "../../lib/firm-time";
import { type ListQuery, pageOf, pageWithTotal } from "../../lib/list-query";
import type { RequestCtx } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";
import { keyDateTitle } from "./data";

export type KeyDateListQuery = ListQuery & {
  caseId?: string;
  responsibleId?: string;
  responsibleDepartmentId?: string;
  status?: KeyDateStatus[];
  dueDate_gte?: string;
  dueDate_lte?: string;
  outcome?: KeyDateOutcome;
};

/**
 * How a key date due on its day turned out, on the firm's clock: met (done, and its last change,
 * which marks it done, on or before the day), missed (done late, or still open after its day),
 * pending (open, its day still to come); a void one has none. The deadlines report counts by it
 * and the list filters by it, so a report's figure and its list cannot disagree.
 */
export const keyDateOutcome = (zone: string, today: string): SQL<KeyDateOutcome | null> =>
  sql`case when ${keyDates.status} = 'void' then null
    when ${keyDates.status} = 'done' and (${keyDates.updatedAt} at time zone ${zone})::date <= ${keyDates.dueDate} then 'met'
    when ${keyDates.status} = 'done' or ${keyDates.dueDate} < ${today}::date then 'missed'
    else 'pending' end`;

const SORT = { dueDate: keyDates.dueDate, createdAt: keyDates.createdAt } as const;

/**
 * GET /key-dates: the firm's key dates the caller may read (the cases' row scope), by who answers
 * for them, status, due day and outcome: the list behind a report's deadline figures.
 */
export const findKeyDates = async (ctx: RequestCtx, q: KeyDateListQuery) => {
  const zone = await readFirmTimeZone(ctx.db, ctx.workspaceId);
  const outcome = keyDateOutcome(zone, firmDateOf(new Date(), zone));
  const statuses = q.status ?? [];
  const where = inWorkspace(
    ctx,
    keyDates,
    rowScopeOf(ctx, "read", "LAWFIRM_CASE_VIEW", "key_dates"),
    q.caseId ? eq(keyDates.caseId, q.caseId) : undefined,
    q.responsibleId ? eq(keyDates.responsibleId, q.responsibleId) : undefined,
    q.responsibleDepartmentId
      ? inArray(
          keyDates.responsibleId,
          ctx.db
            .select({ id: memberDepartments.userId })
            .from(memberDepartments)
            .where(
              inWorkspace(
                ctx,
                memberDepartments,
                eq(memberDepartments.departmentId, q.responsibleDepartmentId),
              ),
            ),
        )
      : undefined,
    statuses.length ? inArray(keyDates.status, statuses) : undefined,
    q.dueDate_gte ? gte(keyDates.dueDate, q.dueDate_gte) : undefined,
    q.dueDate_lte ? lte(keyDates.dueDate, q.dueDate_lte) : undefined,
    q.outcome && KEY_DATE_OUTCOMES.includes(q.outcome) ? sql`${outcome} = ${q.outcome}` : undefined,
  );
  const column =
    q._sort && Object.hasOwn(SORT, q._sort) ? SORT[q._sort as keyof typeof SORT] : SORT.dueDate;
  const isDesc = String(q._order ?? "asc").toLowerCase() === "desc";
  const { offset, limit } = pageOf(q);
  return pageWithTotal(
    ctx.db
      .select({
        id: keyDates.id,
        caseId: keyDates.caseId,
        caseNo: cases.caseNo,
        caseName: cases.name,
        deadlineType: keyDates.deadlineType,
        title: keyDateTitle(ctx.lang),
        dueDate: keyDates.dueDate,
        status: keyDates.status,
        responsibleId: keyDates.responsibleId,
        responsibleName: users.name,
        outcome: sql<KeyDateOutcome | null>`${outcome}`.as("outcome"),
      })
      .from(keyDates)
      .innerJoin(
        cases,
        and(eq(cases.workspaceId, keyDates.workspaceId), eq(cases.id, keyDates.caseId)),
      )
      .innerJoin(users, eq(users.id, keyDates.responsibleId))
      .where(where)
      .orderBy(isDesc ? desc(column) : asc(column), isDesc ? desc(keyDates.id) : asc(keyDates.id))
      .limit(limit)
      .offset(offset),
    () => ctx.db.select({ total: count() }).from(keyDates).where(where),
    { offset, limit },
  );
};
