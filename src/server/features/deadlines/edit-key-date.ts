import { eq } from "drizzle-orm";

import type { KeyDate, KeyDateChange } from "../../../shared/contracts/deadlines";
import type { Answer } from "../../lib/answers";
import { keyDates } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { failValidation, fieldError } from "../../schema-engine/checks";
import { inLanguage, loadDeadlineTypes } from "./data";
import {
  assertMember,
  assertVersion,
  lockKeyDate,
  replanReminders,
  resolveDates,
} from "./key-dates";

/** An optional text field: absent keeps it, blank clears it. */
const textOf = (value: string | undefined, before: string | null) =>
  value === undefined ? before : value.trim() || null;
const timeOf = (value: Date | string | null | undefined) =>
  value ? new Date(value).getTime() : null;

/**
 * Corrects a key date (most often a trigger entered wrong). Its dates go through the same
 * resolution as on creation, so a computed one is recomputed from its rule and the holiday
 * calendar; type, source and rule stay. A changed date needs the second sign-off again, and the
 * unsent reminders are planned anew from it. One transaction: bad input changes nothing.
 */
export const updateKeyDate = (
  ctx: RequestCtx,
  id: string,
  input: KeyDateChange,
  now = new Date(),
): Promise<Answer<KeyDate>> =>
  ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    const row = await lockKeyDate(tctx, id);
    assertVersion(row, input.version);
    // A computed deadline's date is the rule's answer: the fix is its trigger, not the result.
    if (row.source === "computed" && input.dueDate !== undefined)
      failValidation([fieldError("dueDate", "deadlines.errors.computedDueDate", ctx.lang)]);
    const startsAt = input.startsAt ?? row.startsAt?.toISOString();
    const dates = await resolveDates(tctx, {
      deadlineType: row.deadlineType,
      source: row.source,
      ruleCode: row.ruleCode ?? undefined,
      triggerDate: input.triggerDate ?? row.triggerDate ?? undefined,
      // A hearing moved to another day moves its date, unless a date is given as well.
      dueDate: input.dueDate ?? (input.startsAt ? undefined : row.dueDate),
      startsAt,
    });
    if (input.responsibleId) await assertMember(tctx, input.responsibleId);
    // An emptied reminder list means the type's default, as when the date was entered.
    const defaults =
      input.reminderOffsets?.length === 0
        ? (await loadDeadlineTypes(tctx)).get(row.deadlineType)?.reminderOffsets
        : undefined;
    const isRedated =
      dates.dueDate !== row.dueDate ||
      dates.triggerDate !== row.triggerDate ||
      timeOf(startsAt) !== timeOf(row.startsAt);
    // A title sent back as the reader saw it is no change; another one is typed and is the same
    // text in both languages from now on.
    const typed = input.title?.trim();
    const retitled =
      !!typed && typed !== row.title && typed !== inLanguage(row.title, row.titleEn, ctx.lang);
    const [after] = await tx
      .update(keyDates)
      .set({
        ...(retitled ? { title: typed, titleEn: null } : {}),
        dueDate: dates.dueDate,
        triggerDate: dates.triggerDate,
        shiftedFrom: dates.shiftedFrom,
        missingYears: dates.missingYears,
        startsAt: startsAt ? new Date(startsAt) : null,
        court: textOf(input.court, row.court),
        courtroom: textOf(input.courtroom, row.courtroom),
        judge: textOf(input.judge, row.judge),
        subject: textOf(input.subject, row.subject),
        note: textOf(input.note, row.note),
        responsibleId: input.responsibleId ?? row.responsibleId,
        reminderOffsets: input.reminderOffsets?.length
          ? input.reminderOffsets
          : (defaults ?? row.reminderOffsets),
        // Whoever confirmed the old date did not check this one.
        // …and whoever re-dated it must not be the one to confirm it.
        ...(isRedated ? { confirmedBy: null, confirmedAt: null, datedBy: ctx.userId } : {}),
        version: row.version + 1,
        updatedBy: ctx.userId,
        updatedAt: new Date(),
      })
      .where(inWorkspace(ctx, keyDates, eq(keyDates.id, id), eq(keyDates.version, row.version)))
      .returning();
    await replanReminders(tctx, after, now);
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "key_dates",
      entityId: id,
      before: row,
      after,
    });
    return after;
  });
