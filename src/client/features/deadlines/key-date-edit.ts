import dayjs, { type Dayjs } from "dayjs";

import type { KeyDate, KeyDateChange, KeyDateInput } from "../../../shared/contracts/deadlines";
import { fromPickerValue, toPickerValue } from "../../lib/firm-time";

/** The key-date form's values (see KeyDateForm): the input, its dates as the pickers hold them. */
export type KeyDateValues = Omit<KeyDateInput, "title" | "triggerDate" | "dueDate" | "startsAt"> & {
  triggerDate?: Dayjs;
  dueDate?: Dayjs;
  startsAt?: Dayjs;
};

const day = (d: Dayjs | undefined) => d?.format("YYYY-MM-DD");

/** A stored key date as the form shows it for editing. */
export const formValuesOf = (row: KeyDate): KeyDateValues => ({
  deadlineType: row.deadlineType,
  source: row.source,
  ruleCode: row.ruleCode ?? undefined,
  triggerDate: row.triggerDate ? dayjs(row.triggerDate) : undefined,
  dueDate: dayjs(row.dueDate),
  // The hearing's time on the firm's clock, whatever zone this browser is in.
  startsAt: row.startsAt ? toPickerValue(row.startsAt) : undefined,
  court: row.court ?? undefined,
  courtroom: row.courtroom ?? undefined,
  judge: row.judge ?? undefined,
  subject: row.subject ?? undefined,
  responsibleId: row.responsibleId,
  reminderOffsets: row.reminderOffsets,
  note: row.note ?? undefined,
});

/**
 * The PATCH body for an edited key date. A computed one sends its trigger (the server
 * recomputes the date); dates and the hearing time go only when changed, so a new hearing time
 * alone moves the date with it. Blank texts clear; no reminders means the type's default.
 */
export const changeOf = (row: KeyDate, v: KeyDateValues): KeyDateChange => {
  const isComputed = row.source === "computed";
  const dueDate = day(v.dueDate);
  const startsAt = v.startsAt ? fromPickerValue(v.startsAt) : undefined;
  const isMoved =
    startsAt !== undefined &&
    dayjs(startsAt).valueOf() !== (row.startsAt ? dayjs(row.startsAt).valueOf() : null);
  return {
    version: row.version,
    ...(isComputed ? { triggerDate: day(v.triggerDate) } : {}),
    ...(!isComputed && dueDate && dueDate !== row.dueDate ? { dueDate } : {}),
    ...(isMoved ? { startsAt } : {}),
    ...Object.fromEntries(
      (["court", "courtroom", "judge", "subject", "note"] as const).map((k) => [
        k,
        v[k]?.trim() ?? "",
      ]),
    ),
    ...(v.responsibleId ? { responsibleId: v.responsibleId } : {}),
    reminderOffsets: v.reminderOffsets ?? [],
  };
};
