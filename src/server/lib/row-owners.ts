import type { SQL } from "drizzle-orm";

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
