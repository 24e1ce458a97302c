import { sql } from "drizzle-orm";

import type { Db } from "../../db/client";

/**
 * Who gets finance's weekly digest: enabled members holding a role that names the fee-sharing
 * subject itself (the finance role). An administrator's "manage everything" is not a request to
 * be mailed about every firm matter, so it does not count here.
 */
export const financeMembers = async (db: Db, workspaceId: string): Promise<string[]> => {
  const result = await db.execute(sql`
    select distinct mr.user_id as "userId"
      from member_roles mr
      join roles r on r.workspace_id = mr.workspace_id and r.id = mr.role_id
      join members m on m.workspace_id = mr.workspace_id and m.user_id = mr.user_id
     where mr.workspace_id = ${workspaceId} and m.is_enabled
       and exists (
         select 1 from jsonb_array_elements(r.rules) x
          where x -> 'subject' = '"LAWFIRM_FEE_SHARE"'::jsonb
             or (jsonb_typeof(x -> 'subject') = 'array' and x -> 'subject' ? 'LAWFIRM_FEE_SHARE'))`);
  return (result as unknown as { rows: { userId: string }[] }).rows.map((r) => r.userId);
};
