/** One thing on the calendar, whatever it is stored as (GET /api/calendar and /api/calendar/month). */
export type CalendarItem = {
  id: string;
  kind: "key-date" | "task" | "event";
  /** The key-date type, "task", or the event's kind. */
  type: string;
  title: string;
  /** A date ("YYYY-MM-DD") for all-day items, an ISO instant otherwise. */
  start: string;
  end: string | null;
  allDay: boolean;
  caseId: string | null;
  caseName: string | null;
  status: string;
  isConfirmed: boolean;
  /** Only ordinary events move; computed deadlines never do. */
  isEditable: boolean;
  version: number;
};

/** GET /api/calendar/month: per day what the grid draws, and how many more the day holds ("+N more" asks for the day). */
export type CalendarMonth = { items: CalendarItem[]; more: { day: string; count: number }[] };
