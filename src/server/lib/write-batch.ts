import { type SQL, sql, type SQLWrapper } from "drizzle-orm";

import type { Db } from "../db/client";

/**
 * The writes of one change sent to the database as ONE statement:
 * `with w0 as (insert …), w1 as (update …), … select <counts>`.
 *
 * Why: an approval step makes up to eight writes that need none of each other's results. Sent
 * one by one, each is a round trip, and under load every round trip costs a context switch on
 * the app's side and the database's (measured: most of the app's CPU at 300 actions/s went to
 * `writev` on the PostgreSQL socket). As one statement they cost one.
 *
 * PostgreSQL runs the parts of one statement on one snapshot and in no promised order, so a
 * part must not read or touch rows that another part of the same batch writes (two updates of
 * one row, or an update of a row inserted by the same batch, are not allowed). Writes that must
 * see earlier ones go in a later batch: `run()` may be called again and sends what was added
 * since. Every part runs even if nothing reads its result; a part whose outcome matters (a key
 * already taken) is added with `count()` and its row count comes back from `run()`.
 */
export type WriteBatch = {
  /** The transaction the batch belongs to: writers build their statements on it. */
  db: Db;
  /** Adds a write; answers the name its RETURNING rows go by in later parts of this batch. */
  add: (part: SQLWrapper) => SQLWrapper;
  /** Adds a part whose row count `run()` answers (at the index this returns). */
  count: (part: SQLWrapper) => number;
  /**
   * Adds a SELECT over earlier parts that must run for its side effects (pg_notify): PostgreSQL
   * skips a SELECT in WITH that nothing reads, so the final select reads it.
   */
  effect: (part: SQLWrapper) => void;
  /** Sends what was added since the last run as one statement; answers the counted parts' row counts. */
  run: () => Promise<number[]>;
};

export const writeBatch = (db: Db): WriteBatch => {
  let parts: SQL[] = [];
  let counted: number[] = [];
  let next = 0;
  const add = (part: SQLWrapper) => {
    const name = sql.identifier(`w${next++}`);
    // Materialized: a plain SELECT part (say, pg_notify over inserted rows) must run exactly once.
    parts.push(sql`${name} as materialized (${part.getSQL()})`);
    return name;
  };
  const count = (part: SQLWrapper) => {
    counted.push(next);
    add(part);
    return counted.length - 1;
  };
  return {
    db,
    add,
    count,
    // Counted, so the final select reads it; nobody looks at the count.
    effect: (part) => void count(part),
    run: async () => {
      if (parts.length === 0) return [];
      const counts = counted.length
        ? sql.join(
            counted.map(
              (i, n) =>
                sql`(select count(*) from ${sql.identifier(`w${i}`)})::int as ${sql.identifier(`c${n}`)}`,
            ),
            sql`, `,
          )
        : sql`1`;
      const statement = sql`with ${sql.join(parts, sql`, `)} select ${counts}`;
      const wanted = counted.length;
      parts = [];
      counted = [];
      const result = (await db.execute(statement)) as unknown as {
        rows: Record<string, unknown>[];
      };
      if (wanted === 0) return [];
      return Array.from({ length: wanted }, (_, n) => Number(result.rows[0]?.[`c${n}`] ?? 0));
    },
  };
};
