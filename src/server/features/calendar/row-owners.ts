import { getTableName, sql } from "drizzle-orm";

import { calendarEvents } from "../../db/tables";
import { ownersOfCase, type RowOwner } from "../../lib/row-owners";

/** An event belongs to the people of its case (team and creator), if it has one, and to its owner. */
export const calendarRowOwners: Record<string, RowOwner> = {
  [getTableName(calendarEvents)]: {
    many: sql`${ownersOfCase(calendarEvents.workspaceId, calendarEvents.caseId)} union all select ${calendarEvents.ownerId}`,
  },
};
