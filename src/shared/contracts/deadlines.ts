/**
 * Key dates' requests and answers, as the server sends them and the client reads them (dates
 * are YYYY-MM-DD text, timestamps ISO text). One definition, so the two cannot drift.
 */
import type { PeriodUnit } from "../deadline-compute";

/** Computed by a rule from a trigger date, taken from a court's notice, or entered by hand. */
export const KEY_DATE_SOURCES = ["computed", "court-notice", "manual"] as const;
export type KeyDateSource = (typeof KEY_DATE_SOURCES)[number];
/** Open, done, or no longer applies (void, with a reason). */
export const KEY_DATE_STATUSES = ["open", "done", "void"] as const;
export type KeyDateStatus = (typeof KEY_DATE_STATUSES)[number];

/** How a key date turned out by its day (met, missed, still to come); a void one has none. */
export const KEY_DATE_OUTCOMES = ["met", "missed", "pending"] as const;
export type KeyDateOutcome = (typeof KEY_DATE_OUTCOMES)[number];

/** A row of the firm's key-date list (GET /api/key-dates): the date with its case and person. */
export type KeyDateListRow = {
  id: string;
  caseId: string;
  caseNo: string;
  caseName: string;
  deadlineType: string;
  title: string;
  dueDate: string;
  status: KeyDateStatus;
  responsibleId: string;
  responsibleName: string;
  outcome: KeyDateOutcome | null;
};
/** Reminders go out at most this many days before the due date (0: on the day). */
export const MAX_REMINDER_OFFSET = 365;
/** Reminder offsets one key date takes at most. */
export const MAX_REMINDER_OFFSETS = 10;

/**
 * How a key-date type behaves, from its dictionary item's `kind` attribute: a hearing has a time,
 * a court, a courtroom and a judge and is listed apart on the home page; a preservation names what
 * was frozen or seized; anything else is a plain deadline. A firm's own type can be either.
 */
export const DEADLINE_KINDS = ["hearing", "preservation", "deadline"] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

/** GET /deadline-types: the firm's key-date types with their default reminder offsets. */
export type DeadlineType = {
  code: string;
  labelZh: string;
  labelEn: string;
  kind: DeadlineKind;
  reminderOffsets: number[];
  color?: string;
};

/** A deadline rule in the reader's language (GET /key-date-rules). */
export type DeadlineRule = {
  code: string;
  name: string;
  deadlineType: string;
  amount: number;
  unit: PeriodUnit;
  triggerLabel: string;
  basis: string | null;
};

/** POST /key-dates/preview: the date a rule gives for a trigger, with the rule and its names in both languages. */
export type DeadlinePreview = {
  dueDate: string;
  shiftedFrom: string | null;
  missingYears: number[];
  rule: DeadlineRule;
  names: { zh: string; en: string | null };
};

/** POST /cases/:id/key-dates. */
export type KeyDateInput = {
  deadlineType: string;
  title?: string;
  source: KeyDateSource;
  ruleCode?: string;
  triggerDate?: string;
  dueDate?: string;
  startsAt?: string;
  court?: string;
  courtroom?: string;
  judge?: string;
  subject?: string;
  responsibleId?: string;
  reminderOffsets?: number[];
  note?: string;
};

/** PATCH /key-dates/:id: everything of an entry but its type, source and rule, at the version read. */
export type KeyDateChange = Omit<KeyDateInput, "deadlineType" | "source" | "ruleCode"> & {
  version: number;
};

/** POST /key-dates/:id/status. */
export type KeyDateStatusChange = { status: KeyDateStatus; reason?: string; version: number };

/** A key date as every key-date route answers it, its title in the reader's language. */
export type KeyDate = {
  workspaceId: string;
  id: string;
  custom: Record<string, unknown>;
  createdAt: string;
  createdBy: string | null;
  updatedAt: string;
  updatedBy: string | null;
  version: number;
  caseId: string;
  deadlineType: string;
  title: string;
  /** The English title the product gave (a rule's name, a type's label); null for a typed title. */
  titleEn: string | null;
  dueDate: string;
  startsAt: string | null;
  court: string | null;
  courtroom: string | null;
  judge: string | null;
  subject: string | null;
  source: KeyDateSource;
  ruleCode: string | null;
  triggerDate: string | null;
  shiftedFrom: string | null;
  missingYears: number[];
  responsibleId: string;
  status: KeyDateStatus;
  voidReason: string | null;
  /** Who last set the date (entered or re-dated it): not the one to confirm it. */
  datedBy: string;
  confirmedBy: string | null;
  confirmedAt: string | null;
  reminderOffsets: number[];
  note: string | null;
};
