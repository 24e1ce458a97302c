import dayjs from "dayjs";
import { and, asc, eq, isNull, sql } from "drizzle-orm";

import type {
  DeadlinePreview,
  KeyDate,
  KeyDateInput,
  KeyDateStatusChange,
} from "../../../shared/contracts/deadlines";
import { AppError } from "../../../shared/errors";
import {
  computeDeadline,
  isCalendarDate,
  type PeriodUnit,
  reminderDate,
} from "../../../shared/deadline-compute";
import { caseMembers, cases, keyDateReminders, keyDates, members } from "../../db/tables";
import type { Answer } from "../../lib/answers";
import { writeAudit } from "../../lib/audit";
import { firmDateOf, firmTodayOf, readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { failValidation, fieldError } from "../../schema-engine/checks";
import { findRule, loadCalendar, loadDeadlineTypes, ruleIn, titledIn } from "./data";

type Row = typeof keyDates.$inferSelect;

/** The deadline a rule gives for a trigger date, with the rule shown beside it (the form's preview). */
export const previewDeadline = async (
  ctx: RequestCtx,
  ruleCode: string,
  triggerDate: string,
): Promise<DeadlinePreview> => {
  if (!isCalendarDate(triggerDate))
    failValidation([fieldError("triggerDate", "deadlines.errors.badDate", ctx.lang)]);
  const rule = await findRule(ctx, ruleCode);
  if (!rule) failValidation([fieldError("ruleCode", "deadlines.errors.unknownRule", ctx.lang)]);
  const calendar = await loadCalendar(ctx, Number(triggerDate.slice(0, 4)));
  const result = computeDeadline(
    triggerDate,
    { amount: rule!.amount, unit: rule!.unit as PeriodUnit },
    calendar,
  );
  return { ...result, rule: ruleIn(rule!, ctx.lang), names: { zh: rule!.name, en: rule!.nameEn } };
};

/** The reminder rows of a key date from `today` on, plus its overdue escalation the day after. */
export const reminderRows = (
  row: Pick<Row, "workspaceId" | "id" | "dueDate" | "reminderOffsets">,
  today: string,
) => [
  ...[...new Set(row.reminderOffsets)]
    .map((offset) => ({
      workspaceId: row.workspaceId,
      keyDateId: row.id,
      kind: "reminder",
      offsetDays: offset,
      sendOn: reminderDate(row.dueDate, offset),
    }))
    .filter((r) => r.sendOn >= today),
  {
    workspaceId: row.workspaceId,
    keyDateId: row.id,
    kind: "escalation",
    offsetDays: -1,
    sendOn: dayjs(row.dueDate).add(1, "day").format("YYYY-MM-DD"),
  },
];

/**
 * Drops a key date's unsent reminders and, while it is open, plans them again from its due date
 * and offsets. An offset already sent for the same day stays sent; one sent for a date since
 * corrected is planned again for the new day (the team must hear "3 days before" of the real
 * date; what went out before stays in the notifications and the Outbox).
 */
export const replanReminders = async (ctx: RequestCtx, row: Row, now: Date) => {
  await ctx.db
    .delete(keyDateReminders)
    .where(
      and(
        eq(keyDateReminders.workspaceId, ctx.workspaceId),
        eq(keyDateReminders.keyDateId, row.id),
        isNull(keyDateReminders.sentAt),
      ),
    );
  if (row.status !== "open") return;
  await ctx.db
    .insert(keyDateReminders)
    .values(reminderRows(row, await firmTodayOf(ctx.db, ctx.workspaceId, now)))
    .onConflictDoUpdate({
      target: [
        keyDateReminders.workspaceId,
        keyDateReminders.keyDateId,
        keyDateReminders.kind,
        keyDateReminders.offsetDays,
      ],
      set: { sendOn: sql`excluded.send_on`, sentAt: null },
      setWhere: sql`${keyDateReminders.sendOn} <> excluded.send_on`,
    });
};

export const assertMember = async (ctx: RequestCtx, userId: string) => {
  const [m] = await ctx.db
    .select({ id: members.userId })
    .from(members)
    .where(inWorkspace(ctx, members, eq(members.userId, userId), eq(members.isEnabled, true)));
  if (!m) failValidation([fieldError("responsibleId", "deadlines.errors.unknownMember", ctx.lang)]);
};

/** Works out the dates of an input before anything is written; throws 422 on what does not fit. */
export const resolveDates = async (ctx: RequestCtx, input: KeyDateInput) => {
  if (input.source === "computed") {
    if (!input.ruleCode || !input.triggerDate)
      failValidation([fieldError("triggerDate", "deadlines.errors.triggerRequired", ctx.lang)]);
    const p = await previewDeadline(ctx, input.ruleCode!, input.triggerDate!);
    if (p.rule.deadlineType !== input.deadlineType)
      failValidation([fieldError("ruleCode", "deadlines.errors.ruleTypeMismatch", ctx.lang)]);
    return {
      dueDate: p.dueDate,
      shiftedFrom: p.shiftedFrom,
      missingYears: p.missingYears,
      ruleCode: p.rule.code,
      triggerDate: input.triggerDate!,
      ruleName: p.names,
    };
  }
  // A hearing with only its time falls on the firm's date of that time.
  const due =
    input.dueDate ??
    (input.startsAt
      ? firmDateOf(new Date(input.startsAt), await readFirmTimeZone(ctx.db, ctx.workspaceId))
      : undefined);
  if (!isCalendarDate(due))
    failValidation([fieldError("dueDate", "deadlines.errors.badDate", ctx.lang)]);
  if (input.triggerDate !== undefined && !isCalendarDate(input.triggerDate))
    failValidation([fieldError("triggerDate", "deadlines.errors.badDate", ctx.lang)]);
  return {
    dueDate: due!,
    shiftedFrom: null,
    missingYears: [] as number[],
    ruleCode: null,
    triggerDate: input.triggerDate ?? null,
    ruleName: null as { zh: string; en: string | null } | null,
  };
};

/** Adds a key date to a case; it stays unconfirmed until a second member of the team confirms it. */
export const createKeyDate = (
  ctx: RequestCtx,
  caseId: string,
  input: KeyDateInput,
  now = new Date(),
): Promise<Answer<KeyDate>> =>
  ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    const [kase] = await tx
      .select()
      .from(cases)
      .where(inWorkspace(ctx, cases, eq(cases.id, caseId)));
    if (!kase) throw new AppError(404, "errors.notFound");
    const types = await loadDeadlineTypes(tctx);
    const type = types.get(input.deadlineType);
    if (!type)
      failValidation([fieldError("deadlineType", "deadlines.errors.unknownType", ctx.lang)]);
    const dates = await resolveDates(tctx, input);
    const responsibleId = input.responsibleId ?? kase.leadLawyerId ?? ctx.userId;
    await assertMember(tctx, responsibleId);
    // An untyped title is the rule's name or the type's label in both languages, so each reader
    // sees their own; a typed one is the same text for everyone.
    const typed = input.title?.trim();
    const given = dates.ruleName ?? { zh: type!.labelZh, en: type!.labelEn };
    const title = typed || given.zh || given.en || "";
    const titleEn = typed ? null : given.en || null;
    const [row] = await tx
      .insert(keyDates)
      .values({
        workspaceId: ctx.workspaceId,
        caseId,
        deadlineType: input.deadlineType,
        title,
        titleEn,
        dueDate: dates.dueDate,
        startsAt: input.startsAt ? new Date(input.startsAt) : null,
        court: input.court ?? null,
        courtroom: input.courtroom ?? null,
        judge: input.judge ?? null,
        subject: input.subject ?? null,
        source: input.source,
        ruleCode: dates.ruleCode,
        triggerDate: dates.triggerDate,
        shiftedFrom: dates.shiftedFrom,
        missingYears: dates.missingYears,
        responsibleId,
        reminderOffsets: input.reminderOffsets ?? type!.reminderOffsets,
        note: input.note ?? null,
        datedBy: ctx.userId,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    await tx
      .insert(keyDateReminders)
      .values(reminderRows(row, await firmTodayOf(tx, ctx.workspaceId, now)))
      .onConflictDoNothing();
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "key_dates",
      entityId: row.id,
      after: row,
    });
    return row;
  });

export const listCaseKeyDates = async (
  ctx: RequestCtx,
  caseId: string,
): Promise<Answer<KeyDate>[]> => {
  const rows = await ctx.db
    .select()
    .from(keyDates)
    .where(inWorkspace(ctx, keyDates, eq(keyDates.caseId, caseId)))
    .orderBy(asc(keyDates.dueDate), asc(keyDates.id));
  return rows.map((r) => titledIn(r, ctx.lang));
};

export const lockKeyDate = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(keyDates)
    .where(inWorkspace(ctx, keyDates, eq(keyDates.id, id)))
    .for("update");
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

export const assertVersion = (row: Row, version: number) => {
  if (row.version !== version) throw new AppError(409, "errors.staleVersion");
};

/**
 * The second sign-off: a member of the case team other than whoever set the date (entered it,
 * or last re-dated it) confirms it (the two-person check malpractice insurers recommend).
 */
export const confirmKeyDate = (
  ctx: RequestCtx,
  id: string,
  version: number,
): Promise<Answer<KeyDate>> =>
  ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    const row = await lockKeyDate(tctx, id);
    assertVersion(row, version);
    if (row.confirmedAt) throw new AppError(409, "deadlines.errors.alreadyConfirmed");
    // 409, not 403: a business rule, and the client sends every 403 to "not authorized".
    // datedBy, not createdBy: whoever re-dated an entry checked nothing by confirming it.
    if (row.datedBy === ctx.userId) throw new AppError(409, "deadlines.errors.ownConfirm");
    const team = await tx
      .select({ userId: caseMembers.userId })
      .from(caseMembers)
      .where(
        inWorkspace(
          ctx,
          caseMembers,
          eq(caseMembers.caseId, row.caseId),
          eq(caseMembers.userId, ctx.userId),
        ),
      );
    if (team.length === 0) throw new AppError(409, "deadlines.errors.notOnTeam");
    const [after] = await tx
      .update(keyDates)
      .set({
        confirmedBy: ctx.userId,
        confirmedAt: new Date(),
        version: row.version + 1,
        updatedBy: ctx.userId,
        updatedAt: new Date(),
      })
      .where(inWorkspace(ctx, keyDates, eq(keyDates.id, id)))
      .returning();
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "key_dates",
      entityId: id,
      before: row,
      after,
    });
    return after;
  });

/** Done, or no longer applies (with a reason), or open again; unsent reminders follow the status. */
export const setKeyDateStatus = (
  ctx: RequestCtx,
  id: string,
  input: KeyDateStatusChange,
  now = new Date(),
): Promise<Answer<KeyDate>> =>
  ctx.db.transaction(async (tx) => {
    const row = await lockKeyDate({ ...ctx, db: tx }, id);
    assertVersion(row, input.version);
    const reason = input.reason?.trim();
    if (input.status === "void" && !reason)
      failValidation([fieldError("reason", "deadlines.errors.reasonRequired", ctx.lang)]);
    const [after] = await tx
      .update(keyDates)
      .set({
        status: input.status,
        voidReason: input.status === "void" ? reason : null,
        version: row.version + 1,
        updatedBy: ctx.userId,
        updatedAt: new Date(),
      })
      .where(inWorkspace(ctx, keyDates, eq(keyDates.id, id)))
      .returning();
    await replanReminders({ ...ctx, db: tx }, after, now);
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "key_dates",
      entityId: id,
      before: row,
      after,
    });
    return after;
  });
