import { createHash, randomBytes } from "node:crypto";

import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { and, eq, gte, ne, or } from "drizzle-orm";
import ical from "ical-generator";

import { AppError } from "../../../shared/errors";
import { pickLanguage } from "../../../shared/i18n-config";
import type { Db } from "../../db/client";
import {
  calendarEvents,
  calendarFeeds,
  cases,
  keyDates,
  members,
  tasks,
  users,
} from "../../db/tables";
import { readFirmTimeZone } from "../../lib/firm-time";
import { memberAbilityOf } from "../../lib/member-ctx";
import { writeAudit } from "../../lib/audit";
import type { AppRegistries, RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { inLanguage } from "../deadlines";
import { caseReadable, onTeamOf } from "../tasks";
import { isUtcThroughout, vtimezoneOf } from "./vtimezone";

dayjs.extend(utc);
dayjs.extend(timezone);

/** A hearing with no end of its own fills two hours in a calendar app. */
const HEARING_HOURS = 2;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The path a calendar app subscribes to (the token is the only credential). */
export const feedPath = (token: string) => `/api/calendar-feed/${token}.ics`;

export const feedStatus = async (ctx: RequestCtx) => {
  const [row] = await ctx.db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(inWorkspace(ctx, calendarFeeds, eq(calendarFeeds.userId, ctx.userId)));
  return { isEnabled: Boolean(row), createdAt: row?.createdAt ?? null };
};

/** Turns the feed on, or regenerates its URL (the old one stops working at once). */
export const issueFeedToken = (ctx: RequestCtx) =>
  ctx.db.transaction(async (tx) => {
    const token = randomBytes(24).toString("base64url");
    await tx
      .insert(calendarFeeds)
      .values({ workspaceId: ctx.workspaceId, userId: ctx.userId, tokenHash: hashOf(token) })
      .onConflictDoUpdate({
        target: [calendarFeeds.workspaceId, calendarFeeds.userId],
        set: { tokenHash: hashOf(token), createdAt: new Date() },
      });
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "calendar_feeds",
      entityId: ctx.userId,
      after: { isEnabled: true },
    });
    return { path: feedPath(token) };
  });

export const revokeFeedToken = (ctx: RequestCtx) =>
  ctx.db.transaction(async (tx) => {
    await tx
      .delete(calendarFeeds)
      .where(inWorkspace(ctx, calendarFeeds, eq(calendarFeeds.userId, ctx.userId)));
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "calendar_feeds",
      entityId: ctx.userId,
      after: { isEnabled: false },
    });
    return { isEnabled: false };
  });

/**
 * The feed owner's permissions as a signed-in session would have them now (roles and departments
 * read at fetch time), so a member who lost a case or its permission stops seeing it in the feed.
 */
const ownerCtx = async (db: Db, app: AppRegistries, workspaceId: string, userId: string) =>
  ({
    db,
    workspaceId,
    userId,
    ...(await memberAbilityOf(db, workspaceId, userId)),
    app,
  }) as unknown as RequestCtx;

/**
 * The iCalendar text of a feed token: the owner's hearings and deadlines (responsible for, or on
 * the case team at the time of the fetch), tasks assigned to them and their events, from 90 days
 * back. UIDs are the rows' ids, so an edit updates the subscriber's entry instead of adding one.
 * An unknown or revoked token is 404, and so is the feed of an owner who could not sign in now:
 * account or membership disabled, or no right to open the app (basic). All three are read from
 * the database at each fetch, not from a process's session cache, so a feed dies on every app
 * process the moment its owner is shut out (a feed URL is a credential that outlives sessions).
 */
export const renderFeed = async (db: Db, app: AppRegistries, token: string, now = new Date()) => {
  const [feed] = await db
    .select({
      workspaceId: calendarFeeds.workspaceId,
      userId: calendarFeeds.userId,
      prefs: users.preferences,
    })
    .from(calendarFeeds)
    .innerJoin(
      members,
      and(
        eq(members.workspaceId, calendarFeeds.workspaceId),
        eq(members.userId, calendarFeeds.userId),
        eq(members.isEnabled, true),
      ),
    )
    .innerJoin(users, and(eq(users.id, calendarFeeds.userId), eq(users.isEnabled, true)))
    .where(eq(calendarFeeds.tokenHash, hashOf(token)));
  if (!feed) throw new AppError(404, "errors.notFound");
  const scope = { workspaceId: feed.workspaceId };
  const owner = await ownerCtx(db, app, feed.workspaceId, feed.userId);
  if (!owner.ability.can("basic", "BASIC_PERMISSION")) throw new AppError(404, "errors.notFound");
  const since = dayjs(now).subtract(90, "day").format("YYYY-MM-DD");
  // A calendar app sends no language: the titles are in the owner's.
  const lang = pickLanguage(feed.prefs.language);
  const [kd, tk, ev] = await Promise.all([
    db
      .select({ row: keyDates, caseName: cases.name })
      .from(keyDates)
      .innerJoin(
        cases,
        and(eq(cases.workspaceId, keyDates.workspaceId), eq(cases.id, keyDates.caseId)),
      )
      .where(
        inWorkspace(
          scope,
          keyDates,
          gte(keyDates.dueDate, since),
          ne(keyDates.status, "void"),
          caseReadable(owner, keyDates.workspaceId, keyDates.caseId),
          or(
            eq(keyDates.responsibleId, feed.userId),
            onTeamOf(feed.userId, keyDates.workspaceId, keyDates.caseId, db),
          ),
        ),
      ),
    db
      .select()
      .from(tasks)
      .where(
        inWorkspace(scope, tasks, eq(tasks.assigneeId, feed.userId), gte(tasks.dueDate, since)),
      ),
    db
      .select()
      .from(calendarEvents)
      .where(
        inWorkspace(
          scope,
          calendarEvents,
          eq(calendarEvents.ownerId, feed.userId),
          gte(calendarEvents.endsAt, dayjs(since).toDate()),
        ),
      ),
  ]);
  // Times go out on the firm's clock (TZID and its VTIMEZONE), so a calendar app shows a 09:30
  // Beijing hearing as 09:30 Asia/Shanghai, converting it for a reader elsewhere as it converts
  // any invitation; a firm on UTC gets plain UTC times. An all-day item is the firm's date itself.
  const zone = await readFirmTimeZone(db, feed.workspaceId);
  const dayStart = (day: string) => dayjs.tz(day, zone);
  const instants = [
    ...kd.map(({ row }) =>
      row.startsAt ? row.startsAt.getTime() : dayStart(row.dueDate).valueOf(),
    ),
    ...tk.flatMap((row) => (row.dueDate ? [dayStart(row.dueDate).valueOf()] : [])),
    ...ev.flatMap((row) => [row.startsAt.getTime(), row.endsAt.getTime()]),
  ];
  // A loop, not Math.min(...instants): a long feed would overflow the argument list.
  let from = now.getTime();
  let to = now.getTime();
  for (const at of instants) {
    if (at < from) from = at;
    if (at > to) to = at;
  }
  to += HEARING_HOURS * 3_600_000;
  const isUtc = isUtcThroughout(zone, from, to);
  const zoned = isUtc ? {} : { timezone: zone };
  const cal = ical({
    name: "law-manage",
    prodId: { company: "law-manage", product: "calendar" },
    ...(isUtc ? {} : { timezone: { name: zone, generator: () => vtimezoneOf(zone, from, to) } }),
  });
  // Midnight of the firm's day, written as a DATE on the firm's clock whatever the server's zone.
  const allDay = (day: string) => ({
    allDay: true,
    ...zoned,
    start: isUtc ? dayjs.utc(day) : dayStart(day),
  });
  for (const { row, caseName } of kd) {
    const summary = `${row.confirmedAt ? "" : "[?] "}${inLanguage(row.title, row.titleEn, lang)} · ${caseName}`;
    const common = {
      id: `key-date-${row.id}@law-manage`,
      summary,
      description: [row.court, row.courtroom, row.judge, row.note].filter(Boolean).join(" / "),
      sequence: row.version,
    };
    if (row.startsAt)
      cal.createEvent({
        ...common,
        ...zoned,
        start: dayjs(row.startsAt),
        end: dayjs(row.startsAt).add(HEARING_HOURS, "hour"),
        location: row.court ?? undefined,
      });
    else cal.createEvent({ ...common, ...allDay(row.dueDate) });
  }
  for (const row of tk) {
    if (!row.dueDate) continue;
    cal.createEvent({
      id: `task-${row.id}@law-manage`,
      summary: row.title,
      ...allDay(row.dueDate),
      sequence: row.version,
    });
  }
  for (const row of ev) {
    cal.createEvent({
      id: `event-${row.id}@law-manage`,
      summary: row.title,
      ...zoned,
      start: dayjs(row.startsAt),
      end: dayjs(row.endsAt),
      location: row.location ?? undefined,
      sequence: row.version,
    });
  }
  return cal.toString();
};
