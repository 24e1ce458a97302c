import { eq, sql } from "drizzle-orm";

import type { Db } from "../db/client";
import { workspaces } from "../db/tables";

/**
 * Links in e-mails must be absolute (a mail client has no base URL). With PUBLIC_URL unset, a
 * reminder sent by a periodic job has no request to take the address from, so the origin members
 * last reached the app on is kept per firm (workspaces.settings.origin). Each app writes it only
 * when it sees it change, not on every request. Only a browser page of this app counts (fetch
 * metadata): not a script calling the API by an internal address.
 */
export const createOriginMemo = (db: Db) => {
  const seen = new Map<string, string>();
  return async (workspaceId: string, origin: string, fetchSite: unknown) => {
    if (
      fetchSite !== "same-origin" ||
      !/^https?:\/\/[^/\s]+$/.test(origin) ||
      seen.get(workspaceId) === origin
    )
      return;
    seen.set(workspaceId, origin);
    await db
      .update(workspaces)
      .set({
        settings: sql`jsonb_set(${workspaces.settings}, '{origin}', ${JSON.stringify(origin)}::jsonb)`,
      })
      .where(eq(workspaces.id, workspaceId));
  };
};

/** The base of a firm's e-mail links: PUBLIC_URL, else the origin last seen, else "" (a relative link, the last resort). */
export const linkBaseOfFirm = async (
  db: Db,
  workspaceId: string,
  publicUrl: string | undefined,
) => {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  const [row] = await db
    .select({ origin: sql<string | null>`${workspaces.settings} ->> 'origin'` })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.origin ?? "";
};
