/** Reports (issue 30): the catalogue and one report's answer, as the server sends them. */

export const REPORT_SCOPES = ["firm", "department", "me"] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];

export const REPORT_PERIODS = ["month", "quarter", "year", "custom"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** How a column's values read: money is a decimal string ("1234.50"), never a float. */
export type ReportColumnKind = "text" | "count" | "money" | "hours" | "percent";

export type ReportColumn = {
  key: string;
  /** An i18n key (reports.columns.*); the client and the xlsx translate it. */
  label: string;
  kind: ReportColumnKind;
  /** A text column whose values are i18n keys to translate (a case type, a status). */
  translate?: boolean;
};

/**
 * Where a figure comes from: `to` is the client's list with its filters in the URL (Refine's
 * syncWithLocation form), `api` the same list on the server, whose total equals the figure, or,
 * with `sum`, whose rows' `sum` field adds up to it (money; minutes for an hours figure).
 */
export type ReportDrill = { to: string; api: string; sum?: string };

export type ReportRow = Record<string, string | number | null> & { id: string };

export type ReportAnswer = {
  key: string;
  scope: ReportScope;
  from: string;
  to: string;
  departmentId: string | null;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** By row id, then column key: the list behind that figure. */
  drill: Record<string, Record<string, ReportDrill>>;
  /** The chart the client draws: bars, lines or a pie over which columns. */
  chart: {
    type: "bar" | "line" | "pie";
    category: string;
    series: string[];
    /** A text column whose values split the bars into stacked series (case types). */
    group?: string;
    stacked?: boolean;
  };
};

export type ReportSummary = {
  key: string;
  title: string;
  /** The scopes this viewer may ask for, widest first. */
  scopes: ReportScope[];
  departments: { id: string; name: string }[];
};
