export type KeyDate = {
  id: string;
  caseId: string;
  deadlineType: string;
  title: string;
  dueDate: string;
  startsAt: string | null;
  court: string | null;
  courtroom: string | null;
  judge: string | null;
  subject: string | null;
  source: "computed" | "court-notice" | "manual";
  ruleCode: string | null;
  triggerDate: string | null;
  shiftedFrom: string | null;
  missingYears: number[];
  responsibleId: string;
  status: "open" | "done" | "void";
  voidReason: string | null;
  confirmedBy: string | null;
  confirmedAt: string | null;
  createdBy: string | null;
  /** Who last set the date (entered or re-dated it): not the one to confirm it. */
  datedBy: string;
  reminderOffsets: number[];
  note: string | null;
  version: number;
};

/** `kind` (the dictionary item's attribute) decides the form's fields and where the home page lists it. */
export type DeadlineType = { code: string; labelZh: string; labelEn: string; kind: "hearing" | "preservation" | "deadline"; reminderOffsets: number[]; color?: string };

export type DeadlineRule = { code: string; name: string; deadlineType: string; amount: number; unit: "day" | "month" | "year"; triggerLabel: string; basis: string | null };

export type Preview = { dueDate: string; shiftedFrom: string | null; missingYears: number[]; rule: DeadlineRule };
