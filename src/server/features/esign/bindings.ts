import { sql } from "drizzle-orm";

import { esignRequests } from "../../db/tables";
import type { RowOwner } from "../../lib/row-owners";

/** A signing request belongs to whoever owns its contract (the case team, the case's and the contract's creators) and to its sender. */
export const esignRowOwners: Record<string, RowOwner> = {
  esign_requests: {
    many: sql`select cm.user_id from contracts c join case_members cm on cm.workspace_id = c.workspace_id and cm.case_id = c.case_id
      where c.workspace_id = ${esignRequests.workspaceId} and c.id = ${esignRequests.contractId}
    union all select oc.created_by from contracts c join cases oc on oc.workspace_id = c.workspace_id and oc.id = c.case_id
      where c.workspace_id = ${esignRequests.workspaceId} and c.id = ${esignRequests.contractId}
    union all select c.created_by from contracts c where c.workspace_id = ${esignRequests.workspaceId} and c.id = ${esignRequests.contractId}
    union all select ${esignRequests.createdBy}`,
  },
};
