import { and, eq, sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { sealRequests, seals, sealUsages } from "../../db/tables";
import type { RowOwner } from "../../lib/row-owners";
import { inWorkspace } from "../../lib/tenant";
import type { ResourceBinding } from "../../schema-engine";
import { syncRecordFiles } from "../cases";

/** The tables behind schemas/seals.schema.json and schemas/seal-requests.schema.json. */
export const sealBindings: Record<string, ResourceBinding> = {
  seals: {
    table: seals,
    // A seal with stampings on record is retired, not deleted: the log must keep naming it.
    beforeDelete: async (ctx, before) => {
      const [used] = await ctx.db
        .select({ id: sealUsages.id })
        .from(sealUsages)
        .where(and(inWorkspace(ctx, sealUsages), eq(sealUsages.sealId, String(before.id))))
        .limit(1);
      if (used) throw new AppError(409, "seals.errors.inUse");
    },
    afterWrite: async (ctx, after, before) => {
      const row = after ?? before;
      if (!row) return;
      await syncRecordFiles(
        ctx,
        "seals",
        String(row.id),
        String(row.name),
        after ? after.imageFileIds : [],
      );
    },
  },
  "seal-requests": {
    table: sealRequests,
    // A seal request exists from its submission (requests.ts), which starts its approval.
    beforeInsert: () => {
      throw new AppError(409, "seals.errors.throughApproval");
    },
    // What was approved is what gets stamped: no edits, and the record stays for the log.
    beforeChange: () => {
      throw new AppError(409, "seals.errors.notEditable");
    },
  },
};

/** A seal request belongs to its applicant, the custodian of its seal and the team of its case. */
export const sealRowOwners: Record<string, RowOwner> = {
  seal_requests: {
    many: sql`select ${sealRequests.createdBy}
    union all select s.custodian_id from seals s where s.workspace_id = ${sealRequests.workspaceId} and s.id = ${sealRequests.sealId}
    union all select cm.user_id from case_members cm where cm.workspace_id = ${sealRequests.workspaceId} and cm.case_id = ${sealRequests.caseId}`,
  },
};
