import { asc, desc, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import { AppError } from "../../shared/errors";

/** simple-rest paging and sort parameters; filters are read by each list from the same query. */
export const listQuerySchema = {
  type: "object",
  properties: {
    _start: { type: "integer", minimum: 0, default: 0 },
    _end: { type: "integer", minimum: 0, default: 10 },
    _sort: { type: "string", maxLength: 64 },
    _order: { type: "string", enum: ["asc", "desc", "ASC", "DESC"] },
  },
} as const;

export type ListQuery = { _start?: number; _end?: number; _sort?: string; _order?: string } & Record<
  string,
  unknown
>;

export const MAX_PAGE = 1000;

export const pageOf = (q: ListQuery) => {
  const start = q._start ?? 0;
  const end = q._end ?? start + 10;
  if (end < start) throw new AppError(400, "errors.badRequest");
  return { offset: start, limit: Math.min(end - start, MAX_PAGE) };
};

/** Sort only by the columns a list offers, so `_sort` cannot reach arbitrary SQL. */
export const orderOf = (q: ListQuery, columns: Record<string, PgColumn>, fallback: SQL): SQL => {
  const column = q._sort ? columns[q._sort] : undefined;
  if (q._sort && !column) throw new AppError(400, "errors.badRequest");
  if (!column) return fallback;
  return String(q._order ?? "asc").toLowerCase() === "desc" ? desc(column) : asc(column);
};
