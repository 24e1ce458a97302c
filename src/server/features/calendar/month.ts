import dayjs from "dayjs";
import { and, count, eq, gte, lt, lte, sql, type SQLWrapper } from "drizzle-orm";

import { calendarEvents, cases, keyDates, tasks } from "../../db/tables";
import type { CalendarMonth } from "../../../shared/calendar";
import { firmDateOf, readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { failValidation, fieldError } from "../../schema-engine/checks";
import {
  byStart,
  checkRange,
  type CalendarItem,
  type CalendarQuery,
  DAY_MS,
  dayEnd,
  dayStart,
  eventColumns,
  eventItem,
  eventOverlaps,
  findCalendar,
  firmDate,
  keyDateColumns,
  keyDateItem,
  MAX_EVENT_DAYS,
  personOf,
  sourceFilters,
  taskColumns,
  taskItem,
  whoFilter,
} from "./items";

export type MonthQuery = CalendarQuery & { perDay: number };

/** A month view spans six weeks; a longer range is no month. */
export const MAX_MONTH_DAYS = 42;

/**
 * The month (or week) grid of the calendar. One member's calendar comes whole. A department's or
 * the firm's is capped per day: a 200-lawyer firm has some 270 items a day, the grid draws
 * `perDay` rows, and reading and sending all 8 000 of a month took 200 ms. So each day brings at
 * most `perDay` items, or `perDay - 1` and the count of the rest, which the client shows as
 * "+N more" and loads with GET /api/calendar for that one day. Each source is read per day through
 * its date index with a LIMIT (a lateral join over the days), and counted per day in one statement.
 */
export const findCalendarMonth = async (ctx: RequestCtx, q: MonthQuery): Promise<CalendarMonth> => {
  checkRange(ctx, q);
  const zone = await readFirmTimeZone(ctx.db, ctx.workspaceId);
  const span = dayjs(q.to).diff(dayjs(q.from), "day");
  if (span < 0 || span >= MAX_MONTH_DAYS)
    failValidation([
      fieldError("to", "deadlines.errors.monthRange", ctx.lang, { days: MAX_MONTH_DAYS }),
    ]);
  if (personOf(ctx, q)) return { items: await findCalendar(ctx, q), more: [] };
  const f = sourceFilters(ctx, q);
  const who = whoFilter(ctx, q, keyDates.responsibleId);
  // One row per day of the range; `day` is the firm's calendar date, `since`/`until` its bounds.
  const days = sql`generate_series(0, ${span}::int) as d(i)`;
  const day = sql`(${q.from}::date + d.i)`;
  const until = sql`((${day} + 1)::timestamp at time zone ${zone})`;
  // The first day also holds the events that began before the range and run into it.
  const earliest = new Date(
    dayStart(q.from, zone).getTime() - MAX_EVENT_DAYS * DAY_MS,
  ).toISOString();
  const since = sql`(case when d.i = 0 then ${earliest}::timestamptz else (${day}::timestamp at time zone ${zone}) end)`;
  const named = (caseId: SQLWrapper) =>
    and(eq(cases.workspaceId, ctx.workspaceId), eq(cases.id, caseId));
  const toExclusive = dayEnd(q.to, zone);

  const kd = ctx.db
    .select(keyDateColumns(ctx.lang))
    .from(keyDates)
    .where(inWorkspace(ctx, keyDates, eq(keyDates.dueDate, sql`${day}`), f.keyDates(who)))
    // The (workspace, due_date, id) index gives this order: the scan stops after perDay rows.
    .orderBy(keyDates.id)
    .limit(q.perDay)
    .as("k");
  const tk = f.tasks
    ? // Any perDay of the day's tasks, in the (workspace, due_date) index's order.
      ctx.db
        .select(taskColumns)
        .from(tasks)
        .where(inWorkspace(ctx, tasks, eq(tasks.dueDate, sql`${day}`), f.tasks))
        .limit(q.perDay)
        .as("t")
    : null;
  const ev = f.events
    ? ctx.db
        .select(eventColumns)
        .from(calendarEvents)
        .where(
          inWorkspace(
            ctx,
            calendarEvents,
            gte(calendarEvents.startsAt, since),
            lt(calendarEvents.startsAt, until),
            gte(calendarEvents.endsAt, dayStart(q.from, zone)),
            f.events,
          ),
        )
        .orderBy(calendarEvents.startsAt)
        .limit(q.perDay)
        .as("e")
    : null;
  const evDay = sql<string>`greatest(${firmDate(calendarEvents.startsAt, zone)}, ${q.from}::date)::text`;
  // The per-day counts of the three sources in one statement (one round trip, not three).
  const counts = [
    ctx.db
      .select({ day: sql<string>`${keyDates.dueDate}::text`, n: count() })
      .from(keyDates)
      .where(
        inWorkspace(
          ctx,
          keyDates,
          gte(keyDates.dueDate, q.from),
          lte(keyDates.dueDate, q.to),
          f.keyDates(who),
        ),
      )
      .groupBy(keyDates.dueDate),
    ...(f.tasks
      ? [
          ctx.db
            .select({ day: sql<string>`${tasks.dueDate}::text`, n: count() })
            .from(tasks)
            .where(
              inWorkspace(
                ctx,
                tasks,
                gte(tasks.dueDate, q.from),
                lte(tasks.dueDate, q.to),
                f.tasks,
              ),
            )
            .groupBy(tasks.dueDate),
        ]
      : []),
    ...(f.events
      ? [
          ctx.db
            .select({ day: evDay, n: count() })
            .from(calendarEvents)
            .where(
              inWorkspace(ctx, calendarEvents, eventOverlaps(q.from, toExclusive, zone), f.events),
            )
            // By position: the day expression twice would be two parameters, not one expression.
            .groupBy(sql`1`),
        ]
      : []),
  ];
  const [kdRows, tkRows, evRows, dayCounts] = await Promise.all([
    ctx.db
      .select({ ...kd._.selectedFields, caseName: cases.name })
      .from(days)
      .crossJoinLateral(kd)
      .innerJoin(cases, named(kd.caseId)),
    tk
      ? ctx.db
          .select({ ...tk._.selectedFields, caseName: cases.name })
          .from(days)
          .crossJoinLateral(tk)
          .leftJoin(cases, named(tk.caseId))
      : [],
    ev
      ? ctx.db
          .select({ ...ev._.selectedFields, caseName: cases.name })
          .from(days)
          .crossJoinLateral(ev)
          .leftJoin(cases, named(ev.caseId))
      : [],
    counts.slice(1).reduce((all, next) => all.unionAll(next) as unknown as typeof all, counts[0]),
  ]);
  const totals = new Map<string, number>();
  for (const { day: d, n } of dayCounts) totals.set(d, (totals.get(d) ?? 0) + Number(n));
  const byDay = new Map<string, CalendarItem[]>();
  const add = (d: string, item: CalendarItem) => byDay.set(d, [...(byDay.get(d) ?? []), item]);
  for (const r of kdRows) add(r.dueDate, keyDateItem(r));
  for (const r of tkRows) add(r.dueDate!, taskItem(r));
  for (const r of evRows) {
    // One cached formatter per zone: toLocaleDateString with a time zone builds one a call (~0.1 ms).
    const starts = firmDateOf(r.startsAt, zone);
    add(starts < q.from ? q.from : starts, eventItem(ctx, r));
  }
  const items: CalendarItem[] = [];
  const more: CalendarMonth["more"] = [];
  for (const [d, list] of [...byDay].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const total = totals.get(d) ?? list.length;
    // A full day keeps a row for "+N more": the grid shows perDay rows either way.
    const shown = total > q.perDay ? q.perDay - 1 : q.perDay;
    items.push(...list.sort(byStart).slice(0, shown));
    if (total > shown) more.push({ day: d, count: total - shown });
  }
  return { items, more };
};
