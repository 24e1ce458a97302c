import type { FastifyInstance } from "fastify";

import { AppError } from "../../../shared/errors";
import { myAgenda } from "./agenda";
import { feedStatus, issueFeedToken, renderFeed, revokeFeedToken } from "./feed";
import { type CalendarQuery, findCalendar } from "./items";
import { findCalendarMonth, type MonthQuery } from "./month";
import { calendarQuery, createBody, monthQuery, updateBody } from "./schemas";
import { createEvent, deleteEvent, type EventInput, updateEvent } from "./service";

/** What issueFeedToken hands out: 24 random bytes in base64url, then ".ics". */
const FEED_TOKEN = /^[A-Za-z0-9_-]{32}\.ics$/;

type Id = { Params: { id: string } };
const member = "member" as const;
/** A calendar app polls the feed; this bounds a leaked URL being hammered. */
const FEED_RATE = { max: 60, timeWindow: "1 minute" };

/** Registered in app.ts with `{ prefix: "/api" }`. */
export async function calendarRoutes(app: FastifyInstance) {
  app.get<{ Querystring: CalendarQuery }>(
    "/calendar",
    { schema: { querystring: calendarQuery }, config: { permission: member } },
    (req) => findCalendar(req.ctx, req.query),
  );
  app.get<{ Querystring: MonthQuery }>(
    "/calendar/month",
    { schema: { querystring: monthQuery }, config: { permission: member } },
    (req) => findCalendarMonth(req.ctx, req.query),
  );
  app.get("/my-agenda", { config: { permission: member } }, (req) => myAgenda(req.ctx));
  app.post<{ Body: EventInput }>(
    "/calendar-events",
    { schema: { body: createBody }, config: { permission: member } },
    (req) => createEvent(req.ctx, req.body),
  );
  app.patch<Id & { Body: Partial<EventInput> & { version: number } }>(
    "/calendar-events/:id",
    {
      schema: { body: updateBody },
      config: { permission: member, tenantTable: "calendar_events" },
    },
    (req) => updateEvent(req.ctx, req.params.id, req.body),
  );
  app.delete<Id>(
    "/calendar-events/:id",
    { config: { permission: member, tenantTable: "calendar_events" } },
    (req) => deleteEvent(req.ctx, req.params.id),
  );
  app.get("/calendar-feed", { config: { permission: member } }, (req) => feedStatus(req.ctx));
  app.post("/calendar-feed", { config: { permission: member } }, (req) => issueFeedToken(req.ctx));
  app.delete("/calendar-feed", { config: { permission: member } }, (req) =>
    revokeFeedToken(req.ctx),
  );
  // The token in the URL is the credential (calendar apps send no header); only its hash is stored.
  app.get<{ Params: { token: string } }>(
    "/calendar-feed/:token",
    { config: { permission: "public", rateLimit: FEED_RATE } },
    async (req, reply) => {
      // A malformed token is as unknown as a revoked one.
      if (!FEED_TOKEN.test(req.params.token)) throw new AppError(404, "errors.notFound");
      const body = await renderFeed(app.database.db, app, req.params.token.slice(0, -4));
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, no-store")
        .send(body);
    },
  );
}
