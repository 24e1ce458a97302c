import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** A row's owner: one user id expression, or a subquery of user ids (a case's whole team). */
export type RowOwner = SQL | { many: SQL };

/**
 * Who owns the rows of each scoped table ("only own" / "only my department" rules, row-scope.ts).
 * One per app (`app.rowOwners`): the feature that owns a table registers its owner when its
 * plugin is registered, and the auth plugin refuses to start if a scoped route's table has none.
 */
export type RowOwnerRegistry = {
  register: (tableName: string, owner: RowOwner) => void;
  of: (tableName: string) => RowOwner | undefined;
};

/**
 * The people of a case: its whole team (lead lawyer, co-counsel, assistants, supervising partner)
 * and its creator. They own the case and the rows attached to it (time, payments, key dates,
 * tasks, events), whichever feature keeps those.
 */
export const ownersOfCase = (workspaceId: PgColumn, caseId: PgColumn): SQL =>
  sql`select cm.user_id from case_members cm where cm.workspace_id = ${workspaceId} and cm.case_id = ${caseId}
    union all select oc.created_by from cases oc where oc.workspace_id = ${workspaceId} and oc.id = ${caseId}`;

export const createRowOwnerRegistry = (): RowOwnerRegistry => {
  const owners = new Map<string, RowOwner>();
  return {
    register: (tableName, owner) => {
      // Two features claiming one table would make whichever registered last decide its scope.
      if (owners.has(tableName)) throw new Error(`Table ${tableName} already has a row owner`);
      owners.set(tableName, owner);
    },
    of: (tableName) => owners.get(tableName),
  };
};
