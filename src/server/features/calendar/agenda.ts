import dayjs from "dayjs";
import { and, asc, count, eq, inArray, isNull, lte, ne, or } from "drizzle-orm";

import { caseMembers, cases, keyDates, tasks, workflowTasks } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { firmTodayOf } from "../../lib/firm-time";
import { inWorkspace } from "../../lib/tenant";
import { keyDateTitle, loadDeadlineTypes } from "../deadlines";
import { caseReadable, onTeamOf } from "../tasks";

/** How many days "my next days" looks ahead. */
export const AGENDA_DAYS = 14;
/** A deadline this close (or past) is shown in red. */
export const URGENT_DAYS = 3;

/**
 * The home page's "My next 14 days": open hearings and deadlines I am responsible for or on the
 * team of (overdue first), the unconfirmed ones of cases I lead or supervise, my open tasks due,
 * and how many approvals wait for me.
 */
export const myAgenda = async (ctx: RequestCtx, now = new Date()) => {
  const today = await firmTodayOf(ctx.db, ctx.workspaceId, now);
  const until = dayjs(today).add(AGENDA_DAYS, "day").format("YYYY-MM-DD");
  const kdColumns = {
    id: keyDates.id,
    caseId: keyDates.caseId,
    caseName: cases.name,
    deadlineType: keyDates.deadlineType,
    title: keyDateTitle(ctx.lang),
    dueDate: keyDates.dueDate,
    startsAt: keyDates.startsAt,
    confirmedAt: keyDates.confirmedAt,
    responsibleId: keyDates.responsibleId,
    version: keyDates.version,
  };
  const join = and(eq(cases.workspaceId, keyDates.workspaceId), eq(cases.id, keyDates.caseId));
  const readable = caseReadable(ctx, keyDates.workspaceId, keyDates.caseId);
  const leadOrSupervisor = inArray(
    keyDates.caseId,
    ctx.db
      .select({ id: caseMembers.caseId })
      .from(caseMembers)
      .where(
        inWorkspace(
          ctx,
          caseMembers,
          eq(caseMembers.userId, ctx.userId),
          inArray(caseMembers.role, ["lead", "supervisor"]),
        ),
      ),
  );
  const [deadlines, unconfirmed, myTasks, [{ approvals }], types] = await Promise.all([
    ctx.db
      .select(kdColumns)
      .from(keyDates)
      .innerJoin(cases, join)
      .where(
        inWorkspace(
          ctx,
          keyDates,
          eq(keyDates.status, "open"),
          lte(keyDates.dueDate, until),
          readable,
          or(
            eq(keyDates.responsibleId, ctx.userId),
            onTeamOf(ctx.userId, keyDates.workspaceId, keyDates.caseId, ctx.db),
          ),
        ),
      )
      .orderBy(asc(keyDates.dueDate), asc(keyDates.id))
      .limit(100),
    ctx.db
      .select(kdColumns)
      .from(keyDates)
      .innerJoin(cases, join)
      .where(
        inWorkspace(
          ctx,
          keyDates,
          eq(keyDates.status, "open"),
          isNull(keyDates.confirmedAt),
          readable,
          leadOrSupervisor,
        ),
      )
      .orderBy(asc(keyDates.dueDate))
      .limit(100),
    ctx.db
      .select({
        id: tasks.id,
        title: tasks.title,
        dueDate: tasks.dueDate,
        priority: tasks.priority,
        status: tasks.status,
        caseId: tasks.caseId,
        version: tasks.version,
      })
      .from(tasks)
      .where(
        inWorkspace(
          ctx,
          tasks,
          eq(tasks.assigneeId, ctx.userId),
          ne(tasks.status, "done"),
          lte(tasks.dueDate, until),
        ),
      )
      .orderBy(asc(tasks.dueDate))
      .limit(100),
    ctx.db
      .select({ approvals: count() })
      .from(workflowTasks)
      .where(
        inWorkspace(
          ctx,
          workflowTasks,
          eq(workflowTasks.assigneeId, ctx.userId),
          eq(workflowTasks.status, "pending"),
        ),
      ),
    loadDeadlineTypes(ctx),
  ]);
  // Hearings are the types whose dictionary item says so, the firm's own included.
  const isHearing = (code: string) => types.get(code)?.kind === "hearing";
  const mark = <T extends { dueDate: string | null }>(row: T) => ({
    ...row,
    isOverdue: row.dueDate !== null && row.dueDate < today,
    isUrgent:
      row.dueDate !== null &&
      row.dueDate <= dayjs(today).add(URGENT_DAYS, "day").format("YYYY-MM-DD"),
  });
  return {
    today,
    until,
    hearings: deadlines.filter((d) => isHearing(d.deadlineType) && d.dueDate >= today).map(mark),
    deadlines: deadlines.filter((d) => !isHearing(d.deadlineType) || d.dueDate < today).map(mark),
    unconfirmed: unconfirmed.map(mark),
    tasks: myTasks.map(mark),
    pendingApprovals: approvals,
  };
};
