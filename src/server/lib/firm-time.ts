import { eq, sql } from "drizzle-orm";

import { DEFAULT_FIRM_TIME_ZONE, isTimeZone } from "../../shared/firm-time";
import type { Db } from "../db/client";
import { workspaces } from "../db/tables";

/**
 * The firm's time zone (workspaces.settings.timeZone), read at the moment it is needed: the app
 * runs several processes, and an admin's change must reach PDFs and e-mails on all of them.
 */
export const readFirmTimeZone = async (db: Db, workspaceId: string): Promise<string> => {
  const [row] = await db
    .select({ zone: sql<string | null>`${workspaces.settings} ->> 'timeZone'` })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  // A zone a later runtime dropped must not break every date the firm prints.
  return isTimeZone(row?.zone) ? row.zone : DEFAULT_FIRM_TIME_ZONE;
};
