import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

import type { Db } from "../db/client";

/** Any business table: every one carries the firm it belongs to. */
export type TenantTable = PgTable & { workspaceId: PgColumn };

type Scope = { workspaceId: string; db: Db };

/** The workspace condition every query on a business table starts from. */
export const inWorkspace = (
  scope: { workspaceId: string },
  table: TenantTable,
  ...more: (SQL | undefined)[]
) => and(eq(table.workspaceId, scope.workspaceId), ...more) as SQL;

/**
 * The one door to business tables: reads, writes and deletes through it are confined to the
 * request's workspace, and inserts are stamped with it, so no route can reach another firm.
 */
export const scoped = (scope: Scope) => ({
  select: <T extends TenantTable>(table: T, where?: SQL) =>
    scope.db
      .select()
      .from(table as PgTable)
      .where(inWorkspace(scope, table, where)),
  insert: <T extends TenantTable>(
    table: T,
    values: Record<string, unknown> | Record<string, unknown>[],
  ) => {
    const stamp = (v: Record<string, unknown>) => ({ ...v, workspaceId: scope.workspaceId });
    return scope.db
      .insert(table)
      .values((Array.isArray(values) ? values.map(stamp) : stamp(values)) as never);
  },
  update: <T extends TenantTable>(table: T, set: Record<string, unknown>, where?: SQL) => {
    const { workspaceId: _ignored, ...rest } = set;
    return scope.db
      .update(table)
      .set(rest as never)
      .where(inWorkspace(scope, table, where));
  },
  delete: <T extends TenantTable>(table: T, where?: SQL) =>
    scope.db.delete(table).where(inWorkspace(scope, table, where)),
});
