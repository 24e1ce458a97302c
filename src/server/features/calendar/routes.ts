import type { FastifyInstance } from "fastify";

import { AppError } from "../../../shared/errors";
import { myAgenda } from "./agenda";
import { feedStatus, issueFeedToken, renderFeed, revokeFeedToken } from "./feed";
import { type CalendarQuery, findCalendar } from "./items";
import { findCalendarMonth, type MonthQuery } from "./month";
import { createEvent, deleteEvent, type EventInput, updateEvent } from "./service";

const uuid = { type: "string", format: "uuid" } as const;
const day = { type: "string", format: "date" } as const;
const instant = { type: "string", format: "date-time" } as const;
const calendarQuery = {
  type: "object",
  required: ["from", "to"],
  additionalProperties: false,
  properties: {
    from: day,
    to: day,
    scope: { type: "string", enum: ["me", "member", "department", "firm"] },
    memberId: uuid,
    departmentId: uuid,
    types: { type: "array", maxItems: 30, items: { type: "string", maxLength: 60 } },
  },
} as const;
/** The month grid: how many rows a day can show (FullCalendar's dayMaxEvents). */
const monthQuery = { ...calendarQuery, required: ["from", "to", "perDay"], properties: { ...calendarQuery.properties, perDay: { type: "integer", minimum: 2, maximum: 20 } } } as const;
const eventFields = {
  title: { type: "string", minLength: 1, maxLength: 200, pattern: "\\S" },
  kind: { type: "string", enum: ["meeting", "call", "other"] },
  startsAt: instant,
  endsAt: instant,
  // One type list, not anyOf: a plain schema the route-table walkers can fill in.
  caseId: { type: ["string", "null"], format: "uuid" },
  location: { type: "string", maxLength: 200 },
} as const;
const createBody = { type: "object", required: ["title", "startsAt", "endsAt"], additionalProperties: false, properties: eventFields } as const;
const updateBody = { type: "object", required: ["version"], additionalProperties: false, properties: { ...eventFields, version: { type: "integer", minimum: 1 } } } as const;
/** What issueFeedToken hands out: 24 random bytes in base64url, then ".ics". */
const FEED_TOKEN = /^[A-Za-z0-9_-]{32}\.ics$/;

type Id = { Params: { id: string } };
const member = "member" as const;
/** A calendar app polls the feed; this bounds a leaked URL being hammered. */
const FEED_RATE = { max: 60, timeWindow: "1 minute" };

/** Registered in app.ts with `{ prefix: "/api" }`. */
export async function calendarRoutes(app: FastifyInstance) {
  app.get<{ Querystring: CalendarQuery }>("/calendar", { schema: { querystring: calendarQuery }, config: { permission: member } }, (req) => findCalendar(req.ctx, req.query));
  app.get<{ Querystring: MonthQuery }>("/calendar/month", { schema: { querystring: monthQuery }, config: { permission: member } }, (req) => findCalendarMonth(req.ctx, req.query));
  app.get("/my-agenda", { config: { permission: member } }, (req) => myAgenda(req.ctx));
  app.post<{ Body: EventInput }>("/calendar-events", { schema: { body: createBody }, config: { permission: member } }, (req) => createEvent(req.ctx, req.body));
  app.patch<Id & { Body: Partial<EventInput> & { version: number } }>(
    "/calendar-events/:id",
    { schema: { body: updateBody }, config: { permission: member, tenantTable: "calendar_events" } },
    (req) => updateEvent(req.ctx, req.params.id, req.body),
  );
  app.delete<Id>("/calendar-events/:id", { config: { permission: member, tenantTable: "calendar_events" } }, (req) => deleteEvent(req.ctx, req.params.id));
  app.get("/calendar-feed", { config: { permission: member } }, (req) => feedStatus(req.ctx));
  app.post("/calendar-feed", { config: { permission: member } }, (req) => issueFeedToken(req.ctx));
  app.delete("/calendar-feed", { config: { permission: member } }, (req) => revokeFeedToken(req.ctx));
  // The token in the URL is the credential (calendar apps send no header); only its hash is stored.
  app.get<{ Params: { token: string } }>(
    "/calendar-feed/:token",
    { config: { permission: "public", rateLimit: FEED_RATE } },
    async (req, reply) => {
      // A malformed token is as unknown as a revoked one.
      if (!FEED_TOKEN.test(req.params.token)) throw new AppError(404, "errors.notFound");
      const body = await renderFeed(app.database.db, app, req.params.token.slice(0, -4));
      return reply.type("text/calendar; charset=utf-8").header("cache-control", "private, no-store").send(body);
    },
  );
}
