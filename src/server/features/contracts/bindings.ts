import { sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { contracts } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import type { RowOwner } from "../../lib/row-owners";
import type { ResourceBinding } from "../../schema-engine";
import type { RecordRow } from "../../schema-engine/types";
import { syncRecordFiles } from "../cases";
import { contractExtras } from "./queries";
import { assertSigner } from "./rules";
import { isEditable } from "./status";

const ids = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** Every file a contract names (its text, archive scans, void certificate) stays locked in Documents. */
export const syncContractFiles = (ctx: RequestCtx, row: RecordRow) =>
  syncRecordFiles(ctx, "contracts", String(row.id), String(row.contractNo), [
    ...ids(row.attachmentIds),
    ...ids(row.archiveFileIds),
    ...ids(row.voidCertificateIds),
  ]);

/** The table behind schemas/contracts.schema.json, with its rules. */
export const contractBindings: Record<string, ResourceBinding> = {
  contracts: {
    table: contracts,
    // A contract exists only once its approval accepted (submit.ts).
    beforeInsert: () => {
      throw new AppError(409, "contracts.errors.throughApproval");
    },
    beforeChange: (_ctx, before) => {
      if (!isEditable(before.status)) throw new AppError(409, "contracts.errors.notEditable");
      if (before.pendingApprovalId) throw new AppError(409, "contracts.errors.approvalPending");
    },
    // The case (and its client) are fixed once approved; the counterparty needs a way to be reached.
    beforeUpdate: (ctx, before, values) => {
      assertSigner(ctx, values);
      return { caseId: before.caseId, accountId: before.accountId };
    },
    // Contracts are voided through their approval, never deleted.
    beforeDelete: () => {
      throw new AppError(409, "contracts.errors.noDelete");
    },
    afterWrite: async (ctx, after) => {
      if (after) await syncContractFiles(ctx, after);
    },
    withDetail: contractExtras,
  },
};

/**
 * Who "owns" a contract for "only own" / "only my department" rules: the team of its case, the
 * case's creator and whoever filed the contract.
 */
export const contractRowOwners: Record<string, RowOwner> = {
  contracts: {
    many: sql`select cm.user_id from case_members cm where cm.workspace_id = ${contracts.workspaceId} and cm.case_id = ${contracts.caseId}
    union all select oc.created_by from cases oc where oc.workspace_id = ${contracts.workspaceId} and oc.id = ${contracts.caseId}
    union all select ${contracts.createdBy}`,
  },
};
