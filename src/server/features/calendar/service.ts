import { and, eq, gte, inArray, isNotNull, lt, lte, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import { AppError } from "../../../shared/errors";
import { calendarEvents, caseMembers, cases, keyDates, memberDepartments, tasks } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { failValidation, fieldError } from "../../schema-engine/checks";
import { assertCaseWritable, visibleTasks } from "../tasks/service";
import { caseReadable, mineOrCaseReadable } from "../tasks/visibility";

/** One thing on the calendar, whatever it is stored as. */
export type CalendarItem = {
  id: string;
  kind: "key-date" | "task" | "event";
  /** The key-date type, "task", or the event's kind. */
  type: string;
  title: string;
  /** A date ("YYYY-MM-DD") for all-day items, an ISO instant otherwise. */
  start: string;
  end: string | null;
  allDay: boolean;
  caseId: string | null;
  caseName: string | null;
  status: string;
  isConfirmed: boolean;
  /** Only ordinary events move; computed deadlines never do. */
  isEditable: boolean;
  version: number;
};

export type CalendarQuery = { from: string; to: string; scope?: "me" | "member" | "department" | "firm"; memberId?: string; departmentId?: string; types?: string[] };

/** Who the calendar is about: the people whose column `person` must name. */
const whoFilter = (ctx: RequestCtx, q: CalendarQuery, person: PgColumn): SQL | undefined => {
  const scope = q.scope ?? "me";
  if (scope === "firm") return undefined;
  if (scope === "department") {
    if (!q.departmentId) failValidation([fieldError("departmentId", "validation.required", ctx.lang)]);
    return inArray(
      person,
      ctx.db.select({ id: memberDepartments.userId }).from(memberDepartments).where(inWorkspace(ctx, memberDepartments, eq(memberDepartments.departmentId, q.departmentId!))),
    );
  }
  const who = scope === "member" ? q.memberId : ctx.userId;
  if (!who) failValidation([fieldError("memberId", "validation.required", ctx.lang)]);
  return eq(person, who!);
};

/** The one member the calendar is about, if it is about one ("me" or "member"). */
const personOf = (ctx: RequestCtx, q: CalendarQuery) => {
  const scope = q.scope ?? "me";
  if (scope === "me") return ctx.userId;
  if (scope !== "member") return undefined;
  if (!q.memberId) failValidation([fieldError("memberId", "validation.required", ctx.lang)]);
  return q.memberId;
};

const wants = (q: CalendarQuery, type: string) => !q.types?.length || q.types.includes(type);

/**
 * Hearings, deadlines, tasks and events between `from` and `to` (dates, inclusive) that the caller
 * may read, about me / a member / a department / the firm. Deadlines and tasks of cases the caller
 * may not read never appear, whatever the filter.
 */
export const findCalendar = async (ctx: RequestCtx, q: CalendarQuery): Promise<CalendarItem[]> => {
  const toExclusive = new Date(`${q.to}T00:00:00+08:00`);
  toExclusive.setUTCDate(toExclusive.getUTCDate() + 1);
  const caseJoin = (ws: PgColumn, id: PgColumn) => and(eq(cases.workspaceId, ws), eq(cases.id, id));
  const keyDatesWhere = (who: SQL | undefined) =>
    ctx.db
      .select({ row: keyDates, caseName: cases.name })
      .from(keyDates)
      .innerJoin(cases, caseJoin(keyDates.workspaceId, keyDates.caseId))
      .where(inWorkspace(ctx, keyDates, gte(keyDates.dueDate, q.from), lte(keyDates.dueDate, q.to), caseReadable(ctx, keyDates.workspaceId, keyDates.caseId), who));
  const person = personOf(ctx, q);
  const [kd, tk, ev] = await Promise.all([
    // One person's key dates as two index-friendly queries (responsible for; on the case team)
    // merged here: an OR of the two would scan the whole firm's month.
    person
      ? Promise.all([
          keyDatesWhere(eq(keyDates.responsibleId, person)),
          keyDatesWhere(
            inArray(keyDates.caseId, ctx.db.select({ id: caseMembers.caseId }).from(caseMembers).where(inWorkspace(ctx, caseMembers, eq(caseMembers.userId, person)))),
          ),
        ]).then(([a, b]) => [...new Map([...a, ...b].map((r) => [r.row.id, r])).values()])
      : keyDatesWhere(whoFilter(ctx, q, keyDates.responsibleId)),
    wants(q, "task")
      ? ctx.db
          .select({ row: tasks, caseName: cases.name })
          .from(tasks)
          .leftJoin(cases, caseJoin(tasks.workspaceId, tasks.caseId))
          .where(inWorkspace(ctx, tasks, isNotNull(tasks.dueDate), gte(tasks.dueDate, q.from), lte(tasks.dueDate, q.to), visibleTasks(ctx), whoFilter(ctx, q, tasks.assigneeId)))
      : [],
    ctx.db
      .select({ row: calendarEvents, caseName: cases.name })
      .from(calendarEvents)
      .leftJoin(cases, caseJoin(calendarEvents.workspaceId, calendarEvents.caseId))
      .where(
        inWorkspace(
          ctx,
          calendarEvents,
          lt(calendarEvents.startsAt, toExclusive),
          gte(calendarEvents.endsAt, new Date(`${q.from}T00:00:00+08:00`)),
          visibleEvents(ctx),
          whoFilter(ctx, q, calendarEvents.ownerId),
        ),
      ),
  ]);
  const items: CalendarItem[] = [
    ...kd
      .filter(({ row }) => wants(q, row.deadlineType))
      .map(({ row, caseName }) => ({
        id: row.id,
        kind: "key-date" as const,
        type: row.deadlineType,
        title: row.title,
        start: row.startsAt ? row.startsAt.toISOString() : row.dueDate,
        end: null,
        allDay: !row.startsAt,
        caseId: row.caseId,
        caseName,
        status: row.status,
        isConfirmed: row.confirmedAt !== null,
        isEditable: false,
        version: row.version,
      })),
    ...tk.map(({ row, caseName }) => ({
      id: row.id,
      kind: "task" as const,
      type: "task",
      title: row.title,
      start: row.dueDate!,
      end: null,
      allDay: true,
      caseId: row.caseId,
      caseName,
      status: row.status,
      isConfirmed: true,
      isEditable: false,
      version: row.version,
    })),
    ...ev
      .filter(({ row }) => wants(q, row.kind))
      .map(({ row, caseName }) => ({
        id: row.id,
        kind: "event" as const,
        type: row.kind,
        title: row.title,
        start: row.startsAt.toISOString(),
        end: row.endsAt.toISOString(),
        allDay: false,
        caseId: row.caseId,
        caseName,
        status: "open",
        isConfirmed: true,
        isEditable: row.ownerId === ctx.userId || row.createdBy === ctx.userId,
        version: row.version,
      })),
  ];
  return items.sort((a, b) => a.start.localeCompare(b.start));
};

/** Events: my own, or on a case I may read. */
export const visibleEvents = (ctx: RequestCtx) =>
  mineOrCaseReadable(ctx, [calendarEvents.ownerId, calendarEvents.createdBy], calendarEvents.workspaceId, calendarEvents.caseId);

export type EventInput = { title: string; kind?: "meeting" | "call" | "other"; startsAt: string; endsAt: string; caseId?: string | null; location?: string };

/** The longest event (calendar_events_span_max_ck): the month query's lower bound rests on it. */
export const MAX_EVENT_DAYS = 31;
const DAY_MS = 86_400_000;

/** An ISO 8601 instant with its offset, as the calendar sends them. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const checkSpan = (ctx: RequestCtx, startsAt: string, endsAt: string) => {
  for (const [field, value] of [["startsAt", startsAt], ["endsAt", endsAt]] as const) {
    if (!INSTANT.test(value) || Number.isNaN(Date.parse(value))) failValidation([fieldError(field, "deadlines.errors.badTime", ctx.lang)]);
  }
  if (new Date(endsAt) < new Date(startsAt)) failValidation([fieldError("endsAt", "deadlines.errors.endBeforeStart", ctx.lang)]);
  if (new Date(endsAt).getTime() - new Date(startsAt).getTime() > MAX_EVENT_DAYS * DAY_MS) failValidation([fieldError("endsAt", "deadlines.errors.eventTooLong", ctx.lang, { days: MAX_EVENT_DAYS })]);
};

export const createEvent = (ctx: RequestCtx, input: EventInput) =>
  ctx.db.transaction(async (tx) => {
    if (input.caseId) await assertCaseWritable({ ...ctx, db: tx }, input.caseId);
    checkSpan(ctx, input.startsAt, input.endsAt);
    const [row] = await tx
      .insert(calendarEvents)
      .values({
        workspaceId: ctx.workspaceId,
        title: input.title.trim(),
        kind: input.kind ?? "meeting",
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        caseId: input.caseId ?? null,
        location: input.location ?? null,
        ownerId: ctx.userId,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    await writeAudit(tx, ctx, { action: "create", entity: "calendar_events", entityId: row.id, after: row });
    return row;
  });

/** Moves or edits an event (drag and drop sends the new start and end); only its owner may. */
export const updateEvent = (ctx: RequestCtx, id: string, input: Partial<EventInput> & { version: number }) =>
  ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(calendarEvents).where(inWorkspace(ctx, calendarEvents, eq(calendarEvents.id, id), visibleEvents(ctx))).for("update");
    if (!before) throw new AppError(404, "errors.notFound");
    if (before.ownerId !== ctx.userId && before.createdBy !== ctx.userId) throw new AppError(409, "deadlines.errors.notYourEvent");
    if (before.version !== input.version) throw new AppError(409, "errors.staleVersion");
    const startsAt = input.startsAt ?? before.startsAt.toISOString();
    const endsAt = input.endsAt ?? before.endsAt.toISOString();
    checkSpan(ctx, startsAt, endsAt);
    const [after] = await tx
      .update(calendarEvents)
      .set({
        title: input.title?.trim() ?? before.title,
        kind: input.kind ?? before.kind,
        location: input.location ?? before.location,
        startsAt: new Date(startsAt),
        endsAt: new Date(endsAt),
        version: before.version + 1,
        updatedBy: ctx.userId,
        updatedAt: new Date(),
      })
      .where(inWorkspace(ctx, calendarEvents, eq(calendarEvents.id, id)))
      .returning();
    await writeAudit(tx, ctx, { action: "update", entity: "calendar_events", entityId: id, before, after });
    return after;
  });

export const deleteEvent = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(calendarEvents).where(inWorkspace(ctx, calendarEvents, eq(calendarEvents.id, id), visibleEvents(ctx)));
    if (!before) throw new AppError(404, "errors.notFound");
    if (before.ownerId !== ctx.userId && before.createdBy !== ctx.userId) throw new AppError(409, "deadlines.errors.notYourEvent");
    await tx.delete(calendarEvents).where(inWorkspace(ctx, calendarEvents, eq(calendarEvents.id, id)));
    await writeAudit(tx, ctx, { action: "delete", entity: "calendar_events", entityId: id, before });
    return { id };
  });
