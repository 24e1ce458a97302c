/** One item of GET /api/calendar (src/server/features/calendar/items.ts). */
export type CalendarItem = {
  id: string;
  kind: "key-date" | "task" | "event";
  type: string;
  title: string;
  start: string;
  end: string | null;
  allDay: boolean;
  caseId: string | null;
  caseName: string | null;
  isConfirmed: boolean;
  isEditable: boolean;
  version: number;
  status: string;
};

/** GET /api/calendar/month: what the grid draws, and per day how many more there are. */
export type CalendarMonth = { items: CalendarItem[]; more: { day: string; count: number }[] };
