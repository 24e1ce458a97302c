import { asc, count, eq, sql, type SQL } from "drizzle-orm";

import {
  MAX_SUBSCRIPTIONS,
  type ReportSubscription,
  type ReportSubscriptionInput,
  type ReportSubscriptionPatch,
} from "../../../shared/contracts/report-subscriptions";
import type { ReportScope } from "../../../shared/contracts/reports";
import { AppError } from "../../../shared/errors";
import type { Language } from "../../../shared/i18n-config";
import { members, reportSubscriptions } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { readFirmTimeZone } from "../../lib/firm-time";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { checkReportAccess, type ReportRegistry } from "../reports";
import { baselineOf, nextSendAt, type Schedule } from "./schedule";

export type SubscriptionRow = typeof reportSubscriptions.$inferSelect;

const ENTITY = "report_subscriptions";

/** The caller's own subscriptions: another member's, like another firm's, is not found. */
const own = (ctx: RequestCtx, ...more: (SQL | undefined)[]) =>
  inWorkspace(ctx, reportSubscriptions, eq(reportSubscriptions.userId, ctx.userId), ...more);

/** A row as the client reads it, with its next send moment on the firm's clock. */
export const subscriptionView = (
  row: SubscriptionRow,
  zone: string,
  now = new Date(),
): ReportSubscription => ({
  id: row.id,
  reportKey: row.reportKey,
  scope: row.scope as ReportScope,
  departmentId: row.departmentId,
  period: row.period as ReportSubscription["period"],
  cadence: row.cadence as ReportSubscription["cadence"],
  weekday: row.weekday,
  monthDay: row.monthDay,
  hour: row.hour,
  language: row.language as Language,
  isActive: row.isActive,
  lastSentPeriod: row.lastSentPeriod,
  lastSentAt: row.lastSentAt?.toISOString() ?? null,
  nextSendAt: row.isActive ? nextSendAt(scheduleOf(row), now, zone).toISOString() : null,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const scheduleOf = (s: Pick<SubscriptionRow, "cadence" | "weekday" | "monthDay" | "hour">) =>
  ({ cadence: s.cadence, weekday: s.weekday, monthDay: s.monthDay, hour: s.hour }) as Schedule;

const required = (field: string) =>
  new AppError(422, `errors.reportSubscriptions.${field}Required`, {
    fields: [{ field, message: `errors.reportSubscriptions.${field}Required` }],
  });

/** The cadence's own day, required, and the other one dropped (a weekly send has no day of month). */
const normalSchedule = (s: {
  cadence: Schedule["cadence"];
  weekday?: number | null;
  monthDay?: number | null;
  hour: number;
}): Schedule => {
  if (s.cadence === "weekly") {
    if (s.weekday === undefined || s.weekday === null) throw required("weekday");
    return { cadence: "weekly", weekday: s.weekday, monthDay: null, hour: s.hour };
  }
  if (s.monthDay === undefined || s.monthDay === null) throw required("monthDay");
  return { cadence: "monthly", weekday: null, monthDay: s.monthDay, hour: s.hour };
};

/** GET /report-subscriptions: the caller's own, oldest first. */
export const listSubscriptions = async (ctx: RequestCtx) => {
  const zone = await readFirmTimeZone(ctx.db, ctx.workspaceId);
  const rows = await ctx.db
    .select()
    .from(reportSubscriptions)
    .where(own(ctx))
    .orderBy(asc(reportSubscriptions.createdAt), asc(reportSubscriptions.id));
  return rows.map((r) => subscriptionView(r, zone));
};

const getOwn = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(reportSubscriptions)
    .where(own(ctx, eq(reportSubscriptions.id, id)));
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

/**
 * Subscribes the caller to a report they may view now, for a scope they may view now. The first
 * e-mail goes at the next send moment (baselineOf). A member's creations queue on their
 * membership row, so two at once cannot both pass the cap.
 */
export const createSubscription = (
  ctx: RequestCtx,
  registry: ReportRegistry,
  input: ReportSubscriptionInput,
) =>
  ctx.db.transaction(async (tx) => {
    const c = withDb(ctx, tx);
    await tx.execute(
      sql`select 1 from ${members} where ${members.workspaceId} = ${ctx.workspaceId} and ${members.userId} = ${ctx.userId} for update`,
    );
    const [{ n }] = await tx.select({ n: count() }).from(reportSubscriptions).where(own(c));
    if (n >= MAX_SUBSCRIPTIONS)
      throw new AppError(422, "errors.reportSubscriptions.tooMany", {
        params: { max: MAX_SUBSCRIPTIONS },
      });
    const schedule = normalSchedule(input);
    const access = await checkReportAccess(
      c,
      registry,
      input.reportKey,
      input.scope,
      input.departmentId,
    );
    const zone = await readFirmTimeZone(tx, ctx.workspaceId);
    const now = new Date();
    const [row] = await tx
      .insert(reportSubscriptions)
      .values({
        workspaceId: ctx.workspaceId,
        userId: ctx.userId,
        reportKey: input.reportKey,
        scope: access.scope,
        departmentId: access.scope === "department" ? access.departmentId : null,
        period: input.period,
        ...schedule,
        language: input.language,
        lastSentPeriod: baselineOf(schedule, now, zone),
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    await writeAudit(tx, ctx, { action: "create", entity: ENTITY, entityId: row.id, after: row });
    return subscriptionView(row, zone, now);
  });

/**
 * Edits, pauses or resumes one of the caller's subscriptions. An active one (kept or resumed) is
 * checked against the caller's rights now, like a new one; a new schedule or a resume counts
 * from now on, so neither sends a period that ended before.
 */
export const updateSubscription = (
  ctx: RequestCtx,
  registry: ReportRegistry,
  id: string,
  patch: ReportSubscriptionPatch,
) =>
  ctx.db.transaction(async (tx) => {
    const c = withDb(ctx, tx);
    const before = await getOwn(c, id);
    // A stale form must not undo a colleague's (or the job's pause) change.
    if (before.version !== patch.version) throw new AppError(409, "errors.staleVersion");
    const { version: _version, ...changes } = patch;
    const merged = { ...before, ...changes };
    const schedule = normalSchedule({ ...merged, cadence: merged.cadence as Schedule["cadence"] });
    let scope = merged.scope as ReportScope;
    let departmentId = scope === "department" ? merged.departmentId : null;
    // A new scope is checked even on a paused subscription: it must hold when resumed.
    if (merged.isActive || changes.scope !== undefined || changes.departmentId !== undefined) {
      const access = await checkReportAccess(
        c,
        registry,
        before.reportKey,
        scope,
        departmentId ?? undefined,
      );
      scope = access.scope;
      departmentId = access.departmentId;
    }
    const zone = await readFirmTimeZone(tx, ctx.workspaceId);
    const now = new Date();
    const rescheduled =
      JSON.stringify(schedule) !== JSON.stringify(scheduleOf(before)) ||
      (merged.isActive && !before.isActive);
    const [after] = await tx
      .update(reportSubscriptions)
      .set({
        scope,
        departmentId,
        period: merged.period,
        ...schedule,
        language: merged.language,
        isActive: merged.isActive,
        ...(rescheduled ? { lastSentPeriod: baselineOf(schedule, now, zone, before) } : {}),
        version: before.version + 1,
        updatedBy: ctx.userId,
        updatedAt: now,
      })
      .where(own(c, eq(reportSubscriptions.id, id), eq(reportSubscriptions.version, patch.version)))
      .returning();
    if (!after) throw new AppError(409, "errors.staleVersion");
    await writeAudit(tx, ctx, { action: "update", entity: ENTITY, entityId: id, before, after });
    return subscriptionView(after, zone, now);
  });

/** Unsubscribes: the row goes (its e-mails already sent stay in the Outbox). */
export const deleteSubscription = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const c = withDb(ctx, tx);
    const before = await getOwn(c, id);
    await tx.delete(reportSubscriptions).where(own(c, eq(reportSubscriptions.id, id)));
    await writeAudit(tx, ctx, { action: "delete", entity: ENTITY, entityId: id, before });
    return { id };
  });
