import { asc, desc, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import { AppError } from "../../shared/errors";

const PAGING = {
  _start: { type: "integer", minimum: 0, default: 0 },
  _end: { type: "integer", minimum: 0, default: 10 },
} as const;

const ORDER = { type: "string", enum: ["asc", "desc", "ASC", "DESC"] } as const;

/** A filter that is one text value (ids, names, `_like` searches). */
export const textFilter = { type: "string", maxLength: 200 } as const;
/**
 * A date filter (`dueBefore`, `receiptDate_gte`): a real calendar day (shared/calendar-dates), so
 * 2031-02-30 is a 400 naming the parameter, not a database error or a silently empty list.
 */
export const dateFilter = { type: "string", format: "date" } as const;
/** A date-time filter (`createdAt_gte`): an ISO instant with its offset, as the SPA sends them. */
export const dateTimeFilter = { type: "string", format: "date-time" } as const;
/** A filter that may repeat (`?roleId=a&roleId=b`). */
export const listFilter = { type: "array", maxItems: 100, items: textFilter } as const;

/**
 * The querystring of a simple-rest list: paging, `_sort` among the list's own `sort` keys and the
 * list's own filters, nothing else. Every key is looked up in this schema's own list, so an unknown
 * filter or sort key (`__proto__` included) is refused (400) before the handler runs; the
 * input guard refuses any list whose query schema accepts other keys.
 */
export const listQuery = (sort: readonly string[], filters: Record<string, object> = {}) => ({
  type: "object",
  additionalProperties: false,
  properties: {
    ...PAGING,
    // No sort keys: `_sort` is refused whatever its value (an empty enum is not valid JSON Schema).
    _sort: sort.length > 0 ? { type: "string", enum: [...sort] } : { not: {} },
    _order: ORDER,
    ...filters,
  },
});

export type ListQuery = {
  _start?: number;
  _end?: number;
  _sort?: string;
  _order?: string;
} & Record<string, unknown>;

export const MAX_PAGE = 1000;

export const pageOf = (q: ListQuery) => {
  const start = q._start ?? 0;
  const end = q._end ?? start + 10;
  if (end < start) throw new AppError(400, "errors.badRequest");
  return { offset: start, limit: Math.min(end - start, MAX_PAGE) };
};

/** Sort only by the columns a list offers, so `_sort` cannot reach arbitrary SQL. */
export const orderOf = (q: ListQuery, columns: Record<string, PgColumn>, fallback: SQL): SQL => {
  // Own keys only: `_sort=__proto__` must not find Object.prototype.
  const column = q._sort && Object.hasOwn(columns, q._sort) ? columns[q._sort] : undefined;
  if (q._sort && !column) throw new AppError(400, "errors.badRequest");
  if (!column) return fallback;
  return String(q._order ?? "asc").toLowerCase() === "desc" ? desc(column) : asc(column);
};

/**
 * A page of rows and how many match in all. The count is a second query, and most lists a firm
 * opens fit on their first page: a page shorter than asked for already tells the total (the rows
 * it skipped plus the rows it holds), so the count runs only after a full page or one past the end.
 */
export const pageWithTotal = async <R>(
  page: PromiseLike<R[]>,
  countAll: () => PromiseLike<{ total: number }[]>,
  { offset, limit }: { offset: number; limit: number },
) => {
  const rows = await page;
  if (rows.length < limit && (rows.length > 0 || offset === 0))
    return { rows, total: offset + rows.length };
  const [{ total }] = await countAll();
  return { rows, total };
};
