import { and, eq } from "drizzle-orm";

import { caseMembers, caseParties } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { syncConflictKeys } from "../conflicts";
import { fileIntoCaseFolder } from "./case-folder";
import { syncRecordFiles } from "./files";
import { normalizeId, normalizeName } from "./normalize";
import { TEAM_ROLES } from "./status";

type Party = {
  name: string;
  partyType: string;
  idNumber?: string;
  litigationRole?: string;
  conflictRole: string;
  accountId?: string;
};

const asParties = (value: unknown): Party[] => (Array.isArray(value) ? (value as Party[]) : []);
const asIds = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/**
 * Rebuilds a case's normalised parties and team rows from the case itself, inside the write's
 * transaction: the conflict check, search and row scopes read these, never stale copies.
 */
export const syncCaseDerived = async (ctx: RequestCtx, record: Record<string, unknown>) => {
  const caseId = String(record.id);
  await ctx.db
    .delete(caseParties)
    .where(inWorkspace(ctx, caseParties, eq(caseParties.caseId, caseId)));
  await ctx.db
    .delete(caseMembers)
    .where(inWorkspace(ctx, caseMembers, eq(caseMembers.caseId, caseId)));
  const parties = asParties(record.parties).map((p, position) => ({
    workspaceId: ctx.workspaceId,
    caseId,
    position,
    name: p.name,
    nameNorm: normalizeName(p.name),
    partyType: p.partyType,
    idNumber: normalizeId(p.idNumber),
    litigationRole: p.litigationRole ?? null,
    conflictRole: p.conflictRole,
    accountId: p.accountId ?? null,
  }));
  if (parties.length > 0) await ctx.db.insert(caseParties).values(parties);
  // Rebuilding the parties dropped their conflict keys (cascade); these are the new ones.
  await syncConflictKeys(ctx, "party", [caseId]);
  const team = new Map<string, { userId: string; role: string }>();
  const add = (userId: unknown, role: string) => {
    if (typeof userId === "string") team.set(`${userId}:${role}`, { userId, role });
  };
  add(record.leadLawyerId, TEAM_ROLES.lead);
  add(record.leadPartnerId, TEAM_ROLES.supervisor);
  for (const id of asIds(record.coCounselIds)) add(id, TEAM_ROLES.coCounsel);
  for (const id of asIds(record.assistantIds)) add(id, TEAM_ROLES.assistant);
  if (team.size > 0) {
    await ctx.db
      .insert(caseMembers)
      .values([...team.values()].map((m) => ({ workspaceId: ctx.workspaceId, caseId, ...m })));
  }
  // Before the locks: what the case did not hold yet is what moves into its folder.
  await fileIntoCaseFolder(ctx, caseId, record.folderId, record.attachments);
  await syncRecordFiles(
    ctx,
    "cases",
    caseId,
    String(record.caseNo ?? record.name),
    record.attachments,
  );
};

/** The team rows of one case (who works on it, in which role). */
export const teamOf = (ctx: RequestCtx, caseId: string) =>
  ctx.db
    .select()
    .from(caseMembers)
    .where(and(inWorkspace(ctx, caseMembers), eq(caseMembers.caseId, caseId)));
