import { sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { accountEmployees, accounts, equityEdges } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import type { RowOwner } from "../../lib/row-owners";
import type { ResourceBinding } from "../../schema-engine";
import type { RecordRow } from "../../schema-engine/types";
import { type KeySource, syncConflictKeys } from "../conflicts";
import { readBusinessSettings } from "../workflow";
import { submitEdit } from "./pending";
import { pendingApprovalOf } from "./pending-approval";
import { PENDING } from "./status";

/**
 * The conflict check's keys follow every new name or identifier in the same transaction (a delete
 * takes them along by cascade); an edit that leaves both alone does not touch them.
 */
const keysFollow = (source: KeySource, fields: string[]) => ({
  afterWrite: async (
    ctx: RequestCtx,
    after: RecordRow | undefined,
    before: RecordRow | undefined,
  ) => {
    if (after && (!before || fields.some((f) => before[f] !== after[f])))
      await syncConflictKeys(ctx, source, [String(after.id)]);
  },
  afterImport: (ctx: RequestCtx, created: RecordRow[]) =>
    syncConflictKeys(
      ctx,
      source,
      created.map((r) => String(r.id)),
    ),
});

/** The tables behind schemas/accounts.schema.json and schemas/account-employees.schema.json. */
export const accountBindings: Record<string, ResourceBinding> = {
  accounts: {
    table: accounts,
    beforeChange: (_ctx, before) => {
      // Edits on top of changes still under review would be approved without anyone seeing them.
      if (before.status === PENDING) throw new AppError(409, "errors.accountPending");
    },
    // With approvals on for client changes, a save puts the edit up for approval instead.
    redirectUpdate: async (ctx, registry, id, input) =>
      (await readBusinessSettings(ctx)).accountChanges
        ? submitEdit(ctx, registry, id, input)
        : undefined,
    withDetail: async (ctx, record) =>
      record.status === PENDING
        ? { ...record, pendingApprovalId: await pendingApprovalOf(ctx, String(record.id)) }
        : record,
    ...keysFollow("client", ["name", "idNumber", "creditCode"]),
  },
  "account-employees": { table: accountEmployees, ...keysFollow("employee", ["name", "idNumber"]) },
};

// "Own" clients are those a member maintains (or created, until someone maintains them); an
// employee or an equity edge belongs to whoever owns its company.
const ownerOfAccount = (id: unknown) =>
  sql`(select coalesce(a.maintainer_id, a.created_by) from accounts a where a.id = ${id})`;
export const accountRowOwners: Record<string, RowOwner> = {
  accounts: sql`coalesce(${accounts.maintainerId}, ${accounts.createdBy})`,
  account_employees: ownerOfAccount(accountEmployees.accountId),
  equity_edges: sql`coalesce(${ownerOfAccount(equityEdges.companyAccountId)}, ${ownerOfAccount(equityEdges.holderAccountId)})`,
};
