import type { ReportDrill } from "../../../shared/contracts/reports";
import type { ReportFilter } from "./registry";

/**
 * One filter of a list, as Refine keeps it in the URL: `in` repeats the parameter (the lists read
 * a repeated key as "any of"); "has no value" is the `<field>_null` filter set to true.
 */
export type DrillFilter =
  | { field: string; operator: "eq" | "gte" | "lte"; value: string }
  | { field: string; operator: "in"; value: string[] };

export type Drills = Record<string, Record<string, ReportDrill>>;

/** The list filter "this field is empty" (a case with no stage). */
export const isEmpty = (field: string): DrillFilter => ({
  field: `${field}_null`,
  operator: "eq",
  value: "true",
});

const clientFilter = (f: DrillFilter, i: number) => {
  const head = `filters[${i}][field]=${encodeURIComponent(f.field)}&filters[${i}][operator]=${f.operator}`;
  if (f.operator === "in")
    return `${head}&${f.value.map((v, j) => `filters[${i}][value][${j}]=${encodeURIComponent(v)}`).join("&")}`;
  return `${head}&filters[${i}][value]=${encodeURIComponent(f.value)}`;
};

const serverFilter = (f: DrillFilter) => {
  if (f.operator === "in")
    return f.value.map((v) => `${f.field}=${encodeURIComponent(v)}`).join("&");
  const suffix = f.operator === "eq" ? "" : `_${f.operator}`;
  return `${f.field}${suffix}=${encodeURIComponent(f.value)}`;
};

/**
 * A figure's list: the client path with Refine's URL filters (what its list reads on load) and
 * the server's list URL with the same filters. The figure is the list's x-total-count, or, with
 * `sum`, what that field of its rows adds up to (money; minutes for an hours figure).
 */
export const drillTo = (
  clientPath: string,
  apiPath: string,
  filters: DrillFilter[],
  sum?: string,
): ReportDrill => ({
  to: `${clientPath}?current=1&pageSize=20&${filters.map(clientFilter).join("&")}`,
  api: `/api/${apiPath}?${filters.map(serverFilter).join("&")}`,
  ...(sum ? { sum } : {}),
});

/** The case list's filters that narrow it to the report's scope. */
export const caseScopeFilters = (filter: ReportFilter): DrillFilter[] =>
  filter.scope === "department" && filter.departmentId
    ? [{ field: "departmentId", operator: "eq", value: filter.departmentId }]
    : filter.scope === "me"
      ? [{ field: "leadLawyerId", operator: "eq", value: filter.userId }]
      : [];

/** The same scope on a list of a case's records (bills, payments): through their case. */
export const throughCase = (filter: ReportFilter): DrillFilter[] =>
  caseScopeFilters(filter).map((f) => ({ ...f, field: `caseId.${f.field}` }) as DrillFilter);

/**
 * A member's own records (time entries, key dates, approvals) for "me", or those of the
 * department's members, by the list's filter naming the person.
 */
export const memberScopeFilters = (
  filter: ReportFilter,
  person: string,
  inDepartment: string,
): DrillFilter[] =>
  filter.scope === "department" && filter.departmentId
    ? [{ field: inDepartment, operator: "eq", value: filter.departmentId }]
    : filter.scope === "me"
      ? [{ field: person, operator: "eq", value: filter.userId }]
      : [];

/** The last instant of a period, for lists whose `_lte` on a timestamp is inclusive. */
export const lastInstant = (untilAt: Date) => new Date(untilAt.getTime() - 1).toISOString();
