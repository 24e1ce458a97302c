import { createMongoAbility } from "@casl/ability";
import { and, asc, eq, ne } from "drizzle-orm";

import { saveReport } from "../features/conflicts";
import { runCheck } from "../features/conflicts";
import type { RequestCtx } from "../lib/request-ctx";
import { createRowOwnerRegistry } from "../lib/row-owners";
import type { Db } from "../db/client";
import { accounts, caseParties } from "../db/tables";

/**
 * A saved conflict check in each firm: its first client and a counterparty of its cases, as a
 * lawyer would check before taking a new matter, with the first hit marked for a closer look.
 */
export const seedConflicts = async (tx: Db, workspaceId: string, userId: string) => {
  const [client] = await tx
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.workspaceId, workspaceId))
    .orderBy(asc(accounts.createdAt))
    .limit(1);
  const [party] = await tx
    .select({ name: caseParties.name })
    .from(caseParties)
    .where(and(eq(caseParties.workspaceId, workspaceId), ne(caseParties.conflictRole, "client")))
    .orderBy(asc(caseParties.name))
    .limit(1);
  const keywords = [client?.name, party?.name].filter((k): k is string => Boolean(k));
  if (keywords.length === 0) return;
  // The check reads through the transaction only; the saved report names its author, who (as the
  // firm's admin) may open every case, so no hit is masked and no row owner is ever asked for.
  const app = { rowOwners: createRowOwnerRegistry() };
  const ctx = {
    db: tx,
    workspaceId,
    userId,
    ability: createMongoAbility([{ action: "manage", subject: "all" }]),
    app,
  } as unknown as RequestCtx;
  const [hit] = (await runCheck(ctx, keywords)).hits;
  await saveReport(ctx, {
    keywords,
    decisions: hit ? [{ key: hit.key, decision: "potential", remark: "需合伙人复核" }] : [],
  });
};
