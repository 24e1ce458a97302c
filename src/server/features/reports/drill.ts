import type { ReportDrill } from "../../../shared/contracts/reports";
import type { ReportFilter } from "./registry";

type Filter = { field: string; operator: "eq" | "gte" | "lte"; value: string };

/**
 * A figure's list: the client path with Refine's URL filters (what its list reads on load) and
 * the server's list URL with the same filters, whose x-total-count is the figure.
 */
export const drillTo = (clientPath: string, resource: string, filters: Filter[]): ReportDrill => {
  const to = filters
    .map(
      (f, i) =>
        `filters[${i}][field]=${encodeURIComponent(f.field)}&filters[${i}][operator]=${f.operator}` +
        `&filters[${i}][value]=${encodeURIComponent(f.value)}`,
    )
    .join("&");
  const api = filters
    .map(
      (f) =>
        `${f.field}${f.operator === "eq" ? "" : `_${f.operator}`}=${encodeURIComponent(f.value)}`,
    )
    .join("&");
  return { to: `${clientPath}?current=1&pageSize=20&${to}`, api: `/api/${resource}?${api}` };
};

/** The case list's filters that narrow it to the report's scope. */
export const caseScopeFilters = (filter: ReportFilter): Filter[] =>
  filter.scope === "department" && filter.departmentId
    ? [{ field: "departmentId", operator: "eq", value: filter.departmentId }]
    : filter.scope === "me"
      ? [{ field: "leadLawyerId", operator: "eq", value: filter.userId }]
      : [];
