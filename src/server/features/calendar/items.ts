import dayjs from "dayjs";
import { and, eq, gte, inArray, isNotNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import type { CalendarItem } from "../../../shared/calendar";
import { isCalendarDate } from "../../../shared/deadline-compute";
import {
  calendarEvents,
  caseMembers,
  cases,
  keyDates,
  memberDepartments,
  tasks,
} from "../../db/tables";
import { firmDayStart, readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { failValidation, fieldError } from "../../schema-engine/checks";
import { keyDateTitle } from "../deadlines";
import { visibleTasks } from "../tasks";
import { caseReadable, mineOrCaseReadable } from "../tasks";

export type { CalendarItem };

export type CalendarQuery = {
  from: string;
  to: string;
  scope?: "me" | "member" | "department" | "firm";
  memberId?: string;
  departmentId?: string;
  types?: string[];
};

/** The longest event (calendar_events_span_max_ck): the month query's lower bound rests on it. */
export const MAX_EVENT_DAYS = 31;
export const DAY_MS = 86_400_000;
/** Midnight of a calendar date in the firm's time zone. */
export const dayStart = (day: string, zone: string) => firmDayStart(day, zone);
/** The midnight that ends a calendar date (not start + 24 h: a summer-time day has 23 or 25). */
export const dayEnd = (day: string, zone: string) =>
  firmDayStart(dayjs(day).add(1, "day").format("YYYY-MM-DD"), zone);

/** The route's pattern lets 2026-02-30 through; the database would answer it with a 500. */
export const checkRange = (ctx: RequestCtx, q: CalendarQuery) => {
  for (const field of ["from", "to"] as const)
    if (!isCalendarDate(q[field]))
      failValidation([fieldError(field, "deadlines.errors.badDate", ctx.lang)]);
};

/** Events: my own, or on a case I may read. */
export const visibleEvents = (ctx: RequestCtx) =>
  mineOrCaseReadable(
    ctx,
    [calendarEvents.ownerId, calendarEvents.createdBy],
    calendarEvents.workspaceId,
    calendarEvents.caseId,
  );

/** Who the calendar is about: the people whose column `person` must name. */
export const whoFilter = (ctx: RequestCtx, q: CalendarQuery, person: PgColumn): SQL | undefined => {
  const scope = q.scope ?? "me";
  if (scope === "firm") return undefined;
  if (scope === "department") {
    if (!q.departmentId)
      failValidation([fieldError("departmentId", "validation.required", ctx.lang)]);
    return inArray(
      person,
      ctx.db
        .select({ id: memberDepartments.userId })
        .from(memberDepartments)
        .where(
          inWorkspace(ctx, memberDepartments, eq(memberDepartments.departmentId, q.departmentId!)),
        ),
    );
  }
  const who = scope === "member" ? q.memberId : ctx.userId;
  if (!who) failValidation([fieldError("memberId", "validation.required", ctx.lang)]);
  return eq(person, who!);
};

/** The one member the calendar is about, if it is about one ("me" or "member"). */
export const personOf = (ctx: RequestCtx, q: CalendarQuery) => {
  const scope = q.scope ?? "me";
  if (scope === "me") return ctx.userId;
  if (scope !== "member") return undefined;
  if (!q.memberId) failValidation([fieldError("memberId", "validation.required", ctx.lang)]);
  return q.memberId;
};

const wants = (q: CalendarQuery, type: string) => !q.types?.length || q.types.includes(type);
/** The type filter in SQL, so rows of other types are never read (undefined: every type). */
const typeIn = (q: CalendarQuery, column: PgColumn) =>
  q.types?.length ? inArray(column, q.types) : undefined;

/**
 * What each source may show the caller, apart from the date range: the case filter, the
 * type filter and who it is about. `null`: the source has nothing to show for this query.
 */
export const sourceFilters = (ctx: RequestCtx, q: CalendarQuery) => ({
  keyDates: (who: SQL | undefined) =>
    and(
      caseReadable(ctx, keyDates.workspaceId, keyDates.caseId),
      typeIn(q, keyDates.deadlineType),
      who,
    ),
  tasks: wants(q, "task")
    ? and(isNotNull(tasks.dueDate), visibleTasks(ctx), whoFilter(ctx, q, tasks.assigneeId))
    : null,
  events:
    !q.types?.length || q.types.some((x) => ["meeting", "call", "other"].includes(x))
      ? and(
          visibleEvents(ctx),
          typeIn(q, calendarEvents.kind),
          whoFilter(ctx, q, calendarEvents.ownerId),
        )
      : null,
});

/** The columns the calendar shows, and no more (a firm's month is thousands of rows). */
export const keyDateColumns = (lang: string) => ({
  id: keyDates.id,
  type: keyDates.deadlineType,
  title: keyDateTitle(lang),
  dueDate: keyDates.dueDate,
  startsAt: keyDates.startsAt,
  caseId: keyDates.caseId,
  status: keyDates.status,
  confirmedAt: keyDates.confirmedAt,
  version: keyDates.version,
});
export const taskColumns = {
  id: tasks.id,
  title: tasks.title,
  dueDate: tasks.dueDate,
  caseId: tasks.caseId,
  status: tasks.status,
  version: tasks.version,
};
export const eventColumns = {
  id: calendarEvents.id,
  kind: calendarEvents.kind,
  title: calendarEvents.title,
  startsAt: calendarEvents.startsAt,
  endsAt: calendarEvents.endsAt,
  caseId: calendarEvents.caseId,
  ownerId: calendarEvents.ownerId,
  createdBy: calendarEvents.createdBy,
  version: calendarEvents.version,
};

type Named = { caseName: string | null };
type KeyDateRow = {
  id: string;
  type: string;
  title: string;
  dueDate: string;
  startsAt: Date | null;
  caseId: string;
  status: string;
  confirmedAt: Date | null;
  version: number;
} & Named;
type TaskRow = {
  id: string;
  title: string;
  dueDate: string | null;
  caseId: string | null;
  status: string;
  version: number;
} & Named;
type EventRow = {
  id: string;
  kind: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  caseId: string | null;
  ownerId: string;
  createdBy: string | null;
  version: number;
} & Named;

export const keyDateItem = (r: KeyDateRow): CalendarItem => ({
  id: r.id,
  kind: "key-date",
  type: r.type,
  title: r.title,
  start: r.startsAt ? r.startsAt.toISOString() : r.dueDate,
  end: null,
  allDay: !r.startsAt,
  caseId: r.caseId,
  caseName: r.caseName,
  status: r.status,
  isConfirmed: r.confirmedAt !== null,
  isEditable: false,
  version: r.version,
});

export const taskItem = (r: TaskRow): CalendarItem => ({
  id: r.id,
  kind: "task",
  type: "task",
  title: r.title,
  start: r.dueDate!,
  end: null,
  allDay: true,
  caseId: r.caseId,
  caseName: r.caseName,
  status: r.status,
  isConfirmed: true,
  isEditable: false,
  version: r.version,
});

export const eventItem = (ctx: RequestCtx, r: EventRow): CalendarItem => ({
  id: r.id,
  kind: "event",
  type: r.kind,
  title: r.title,
  start: r.startsAt.toISOString(),
  end: r.endsAt.toISOString(),
  allDay: false,
  caseId: r.caseId,
  caseName: r.caseName,
  status: "open",
  isConfirmed: true,
  isEditable: r.ownerId === ctx.userId || r.createdBy === ctx.userId,
  version: r.version,
});

/** By start: all-day items ("YYYY-MM-DD") sort before the timed ones of their day. Plain code-unit order, no locale rules. */
export const byStart = (a: CalendarItem, b: CalendarItem) =>
  a.start < b.start ? -1 : a.start > b.start ? 1 : 0;

/**
 * An event overlaps [from, toExclusive) when it starts before the end and ends after the start;
 * it started at most MAX_EVENT_DAYS before `from`, which gives the (workspace, starts_at) index a
 * lower bound instead of every event since the firm began.
 */
export const eventOverlaps = (from: string, toExclusive: Date, zone: string) =>
  and(
    gte(
      calendarEvents.startsAt,
      new Date(dayStart(from, zone).getTime() - MAX_EVENT_DAYS * DAY_MS),
    ),
    lt(calendarEvents.startsAt, toExclusive),
    gte(calendarEvents.endsAt, dayStart(from, zone)),
  );

/**
 * Hearings, deadlines, tasks and events between `from` and `to` (dates, inclusive) that the caller
 * may read, about me / a member / a department / the firm. Deadlines and tasks of cases the caller
 * may not read never appear, whatever the filter. Complete: the month view of a wide scope asks
 * findCalendarMonth (month.ts) instead, which caps each day.
 */
export const findCalendar = async (ctx: RequestCtx, q: CalendarQuery): Promise<CalendarItem[]> => {
  checkRange(ctx, q);
  const zone = await readFirmTimeZone(ctx.db, ctx.workspaceId);
  const toExclusive = dayEnd(q.to, zone);
  const caseJoin = (ws: PgColumn, id: PgColumn) => and(eq(cases.workspaceId, ws), eq(cases.id, id));
  const f = sourceFilters(ctx, q);
  const keyDatesWhere = (who: SQL | undefined) =>
    ctx.db
      .select({ ...keyDateColumns(ctx.lang), caseName: cases.name })
      .from(keyDates)
      .innerJoin(cases, caseJoin(keyDates.workspaceId, keyDates.caseId))
      .where(
        inWorkspace(
          ctx,
          keyDates,
          gte(keyDates.dueDate, q.from),
          lte(keyDates.dueDate, q.to),
          f.keyDates(who),
        ),
      );
  const person = personOf(ctx, q);
  const [kd, tk, ev] = await Promise.all([
    // One person's key dates as two index-friendly queries (responsible for; on the case team)
    // merged here: an OR of the two would scan the whole firm's month.
    person
      ? Promise.all([
          keyDatesWhere(eq(keyDates.responsibleId, person)),
          keyDatesWhere(
            inArray(
              keyDates.caseId,
              ctx.db
                .select({ id: caseMembers.caseId })
                .from(caseMembers)
                .where(inWorkspace(ctx, caseMembers, eq(caseMembers.userId, person))),
            ),
          ),
        ]).then(([a, b]) => [...new Map([...a, ...b].map((r) => [r.id, r])).values()])
      : keyDatesWhere(whoFilter(ctx, q, keyDates.responsibleId)),
    f.tasks
      ? ctx.db
          .select({ ...taskColumns, caseName: cases.name })
          .from(tasks)
          .leftJoin(cases, caseJoin(tasks.workspaceId, tasks.caseId))
          .where(
            inWorkspace(ctx, tasks, gte(tasks.dueDate, q.from), lte(tasks.dueDate, q.to), f.tasks),
          )
      : [],
    f.events
      ? ctx.db
          .select({ ...eventColumns, caseName: cases.name })
          .from(calendarEvents)
          .leftJoin(cases, caseJoin(calendarEvents.workspaceId, calendarEvents.caseId))
          .where(
            inWorkspace(ctx, calendarEvents, eventOverlaps(q.from, toExclusive, zone), f.events),
          )
      : [],
  ]);
  return [...kd.map(keyDateItem), ...tk.map(taskItem), ...ev.map((r) => eventItem(ctx, r))].sort(
    byStart,
  );
};

/** The calendar's firm day in SQL: the date an instant falls on in the firm's zone. */
export const firmDate = (instant: PgColumn, zone: string) =>
  sql<string>`(${instant} at time zone ${zone})::date`;
