import { eq } from "drizzle-orm";

import { isCalendarDateTime } from "../../../shared/calendar-dates";
import { AppError } from "../../../shared/errors";
import { calendarEvents } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { failValidation, fieldError } from "../../schema-engine/checks";
import { assertCaseWritable } from "../tasks";
import { DAY_MS, MAX_EVENT_DAYS, visibleEvents } from "./items";

export type EventInput = {
  title: string;
  kind?: "meeting" | "call" | "other";
  startsAt: string;
  endsAt: string;
  caseId?: string | null;
  location?: string;
};

const checkSpan = (ctx: RequestCtx, startsAt: string, endsAt: string) => {
  for (const [field, value] of [
    ["startsAt", startsAt],
    ["endsAt", endsAt],
  ] as const) {
    if (!isCalendarDateTime(value))
      failValidation([fieldError(field, "deadlines.errors.badTime", ctx.lang)]);
  }
  if (new Date(endsAt) < new Date(startsAt))
    failValidation([fieldError("endsAt", "deadlines.errors.endBeforeStart", ctx.lang)]);
  if (new Date(endsAt).getTime() - new Date(startsAt).getTime() > MAX_EVENT_DAYS * DAY_MS)
    failValidation([
      fieldError("endsAt", "deadlines.errors.eventTooLong", ctx.lang, { days: MAX_EVENT_DAYS }),
    ]);
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
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "calendar_events",
      entityId: row.id,
      after: row,
    });
    return row;
  });

/** Moves or edits an event (drag and drop sends the new start and end); only its owner may. */
export const updateEvent = (
  ctx: RequestCtx,
  id: string,
  input: Partial<EventInput> & { version: number },
) =>
  ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(calendarEvents)
      .where(inWorkspace(ctx, calendarEvents, eq(calendarEvents.id, id), visibleEvents(ctx)))
      .for("update");
    if (!before) throw new AppError(404, "errors.notFound");
    if (before.ownerId !== ctx.userId && before.createdBy !== ctx.userId)
      throw new AppError(409, "deadlines.errors.notYourEvent");
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
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "calendar_events",
      entityId: id,
      before,
      after,
    });
    return after;
  });

export const deleteEvent = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(calendarEvents)
      .where(inWorkspace(ctx, calendarEvents, eq(calendarEvents.id, id), visibleEvents(ctx)));
    if (!before) throw new AppError(404, "errors.notFound");
    if (before.ownerId !== ctx.userId && before.createdBy !== ctx.userId)
      throw new AppError(409, "deadlines.errors.notYourEvent");
    await tx
      .delete(calendarEvents)
      .where(inWorkspace(ctx, calendarEvents, eq(calendarEvents.id, id)));
    await writeAudit(tx, ctx, {
      action: "delete",
      entity: "calendar_events",
      entityId: id,
      before,
    });
    return { id };
  });
