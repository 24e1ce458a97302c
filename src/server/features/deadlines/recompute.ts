import { and, eq, isNotNull, sql } from "drizzle-orm";

import { computeDeadline, type PeriodUnit } from "../../../shared/deadline-compute";
import { cases, deadlineRules, keyDates } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { createNotifications } from "../notifications";
import { loadCalendar } from "./data";
import { replanReminders } from "./key-dates";

const sameYears = (a: number[], b: number[]) =>
  a.length === b.length && a.every((y, i) => y === b[i]);

/**
 * After the holiday calendar changed on `days` (added, edited or removed), recomputes the open
 * computed key dates those days can move: the ones flagged for a year without a calendar that
 * one of the days is in, and the ones whose end was carried over one of the days (from the
 * period's last day to the due date, the only days the computation looks at). Runs inside the
 * holiday save's transaction. A date that moves loses its second sign-off (whoever confirmed the
 * old one did not check this one), gets its reminders planned anew, and the responsible lawyer
 * is told; a date that stays only loses its flag.
 */
export const recomputeForHolidays = async (ctx: RequestCtx, days: string[], now = new Date()) => {
  const wanted = [...new Set(days.filter(Boolean))];
  if (wanted.length === 0) return;
  const years = [...new Set(wanted.map((d) => Number(d.slice(0, 4))))];
  // The days as one array parameter: an import's chunk may hold hundreds of them.
  const touches = sql`exists (select 1 from unnest(${sql.param(wanted)}::date[]) as h(day) where h.day between coalesce(${keyDates.shiftedFrom}, ${keyDates.dueDate}) and ${keyDates.dueDate})`;
  const rows = await ctx.db
    .select({
      row: keyDates,
      amount: deadlineRules.amount,
      unit: deadlineRules.unit,
      caseName: cases.name,
    })
    .from(keyDates)
    .innerJoin(
      deadlineRules,
      and(
        eq(deadlineRules.workspaceId, keyDates.workspaceId),
        eq(deadlineRules.code, keyDates.ruleCode),
      ),
    )
    .innerJoin(
      cases,
      and(eq(cases.workspaceId, keyDates.workspaceId), eq(cases.id, keyDates.caseId)),
    )
    .where(
      inWorkspace(
        ctx,
        keyDates,
        eq(keyDates.status, "open"),
        eq(keyDates.source, "computed"),
        isNotNull(keyDates.triggerDate),
        sql`(${keyDates.missingYears} && ${sql.param(years)}::int[] or ${touches})`,
      ),
    )
    .orderBy(keyDates.id)
    .for("update", { of: keyDates });
  if (rows.length === 0) return;
  const fromYear = Math.min(...rows.map((r) => Number(r.row.triggerDate!.slice(0, 4))));
  const calendar = await loadCalendar(
    ctx,
    fromYear,
    Math.max(...rows.map((r) => Number(r.row.dueDate.slice(0, 4)))) + 1,
  );
  for (const { row, amount, unit, caseName } of rows) {
    const result = computeDeadline(
      row.triggerDate!,
      { amount, unit: unit as PeriodUnit },
      calendar,
    );
    const moved = result.dueDate !== row.dueDate;
    if (
      !moved &&
      result.shiftedFrom === row.shiftedFrom &&
      sameYears(result.missingYears, row.missingYears)
    )
      continue;
    const [after] = await ctx.db
      .update(keyDates)
      .set({
        dueDate: result.dueDate,
        shiftedFrom: result.shiftedFrom,
        missingYears: result.missingYears,
        ...(moved ? { confirmedBy: null, confirmedAt: null, datedBy: ctx.userId } : {}),
        version: row.version + 1,
        updatedBy: ctx.userId,
        updatedAt: now,
      })
      .where(inWorkspace(ctx, keyDates, eq(keyDates.id, row.id)))
      .returning();
    await writeAudit(ctx.db, ctx, {
      action: "update",
      entity: "key_dates",
      entityId: row.id,
      before: row,
      after,
    });
    if (!moved) continue;
    await replanReminders(ctx, after, now);
    await createNotifications(ctx.db, ctx, {
      userIds: [row.responsibleId],
      type: "deadline",
      titleKey: "deadlines.notifications.recomputed",
      params: {
        title: row.title,
        ...(row.titleEn ? { "title@en": row.titleEn } : {}),
        caseName,
        before: row.dueDate,
        dueDate: result.dueDate,
      },
      link: `/cases/${row.caseId}/key-dates`,
      entity: "key_dates",
      entityId: row.id,
    });
  }
};
