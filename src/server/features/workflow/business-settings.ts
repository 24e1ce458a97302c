import { eq, sql } from "drizzle-orm";

import { ACCOUNT_CHANGE_KEY } from "../../../shared/workflow";
import type { Db } from "../../db/client";
import { workspaces } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { definitionByKey, enabledDefinitionOfKind } from "./definitions-service";

/** Which business edits of a firm go through an approval first (workspaces.settings.approvals). */
export type BusinessSettings = { accountChanges: boolean; caseChanges: boolean };

export const readBusinessSettings = async (ctx: {
  db: Db;
  workspaceId: string;
}): Promise<BusinessSettings> => {
  const [row] = await ctx.db
    .select({
      approvals: sql<Partial<BusinessSettings> | null>`${workspaces.settings} -> 'approvals'`,
    })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  return {
    accountChanges: row?.approvals?.accountChanges === true,
    caseChanges: row?.approvals?.caseChanges === true,
  };
};

/**
 * Turning an approval on needs the flow it runs through: the firm's "account-change" definition,
 * enabled and published (422 otherwise), so no edit can end up waiting for an approval that
 * cannot start.
 */
export const saveBusinessSettings = (
  ctx: RequestCtx,
  body: { accountChanges: boolean; caseChanges?: boolean },
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    const before = await readBusinessSettings(tctx);
    const input: BusinessSettings = {
      accountChanges: body.accountChanges,
      caseChanges: body.caseChanges ?? before.caseChanges,
    };
    if (input.accountChanges) await definitionByKey(tctx, ACCOUNT_CHANGE_KEY);
    // Case changes run through the firm's enabled case-change flow (none: 422, nothing saved).
    if (input.caseChanges) await enabledDefinitionOfKind(tctx, "case-change");
    await tx
      .update(workspaces)
      .set({
        settings: sql`jsonb_set(${workspaces.settings}, '{approvals}', coalesce(${workspaces.settings} -> 'approvals', '{}'::jsonb) || ${JSON.stringify(input)}::jsonb)`,
      })
      .where(eq(workspaces.id, ctx.workspaceId));
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "workspace_settings",
      entityId: ctx.workspaceId,
      before,
      after: input,
    });
    return input;
  });
