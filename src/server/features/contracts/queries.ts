import { and, desc, eq, inArray } from "drizzle-orm";

import {
  cases,
  contracts,
  contractSubmissions,
  files,
  fileVersions,
  seals,
  sealUsages,
} from "../../db/tables";
import { entityHistory } from "../../lib/entity-history";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import type { RecordRow } from "../../schema-engine/types";
import { approvalsByRefs } from "../workflow";
import { contractRef } from "./status";

/** What a contract's detail shows beyond its row: its case, its seal's name. */
export const contractExtras = async (ctx: RequestCtx, record: RecordRow): Promise<RecordRow> => {
  const [caseRow] = await ctx.db
    .select({
      id: cases.id,
      name: cases.name,
      caseNo: cases.caseNo,
      status: cases.status,
      validUntil: cases.validUntil,
      folderId: cases.folderId,
    })
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, String(record.caseId))));
  const [seal] = record.sealId
    ? await ctx.db
        .select({ id: seals.id, name: seals.name, sealType: seals.sealType })
        .from(seals)
        .where(inWorkspace(ctx, seals, eq(seals.id, String(record.sealId))))
    : [];
  return { ...record, case: caseRow ?? null, seal: seal ?? null };
};

/** Every approval about a contract: its opening, archive and void approvals, newest first. */
export const contractApprovals = async (ctx: RequestCtx, id: string) => {
  const subs = await ctx.db
    .select({ id: contractSubmissions.id })
    .from(contractSubmissions)
    .where(inWorkspace(ctx, contractSubmissions, eq(contractSubmissions.contractId, id)));
  const refs = [
    contractRef("archive", id),
    contractRef("cancel", id),
    ...subs.map((s) => contractRef("new", s.id)),
  ];
  return approvalsByRefs(ctx, refs);
};

/** The stampings logged for one contract or seal request, or for one seal. */
export const sealUsagesOf = (
  ctx: RequestCtx,
  where: { entity: string; entityId: string } | { sealId: string },
) =>
  ctx.db
    .select({
      id: sealUsages.id,
      sealId: sealUsages.sealId,
      sealName: seals.name,
      entity: sealUsages.entity,
      entityId: sealUsages.entityId,
      instanceId: sealUsages.instanceId,
      subject: sealUsages.subject,
      copies: sealUsages.copies,
      approvedBy: sealUsages.approvedBy,
      stampedBy: sealUsages.stampedBy,
      stampedAt: sealUsages.stampedAt,
      photoFileId: sealUsages.photoFileId,
    })
    .from(sealUsages)
    .innerJoin(
      seals,
      and(eq(seals.workspaceId, sealUsages.workspaceId), eq(seals.id, sealUsages.sealId)),
    )
    .where(
      inWorkspace(
        ctx,
        sealUsages,
        "sealId" in where
          ? eq(sealUsages.sealId, where.sealId)
          : and(eq(sealUsages.entity, where.entity), eq(sealUsages.entityId, where.entityId)),
      ),
    )
    .orderBy(desc(sealUsages.stampedAt))
    .limit(500);

const idList = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/**
 * The files a contract names, by role (its text, the archive scans, the void certificate), each
 * with its versions: a reader of the contract sees what it holds without rights on all Documents.
 */
export const contractFiles = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select({
      text: contracts.attachmentIds,
      archive: contracts.archiveFileIds,
      certificate: contracts.voidCertificateIds,
    })
    .from(contracts)
    .where(inWorkspace(ctx, contracts, eq(contracts.id, id)));
  if (!row) return [];
  const roles = new Map<string, string>();
  for (const role of ["text", "archive", "certificate"] as const)
    for (const fileId of idList(row[role])) roles.set(fileId, role);
  if (roles.size === 0) return [];
  const ids = [...roles.keys()];
  const fileRows = await ctx.db
    .select({
      id: files.id,
      name: files.name,
      size: files.size,
      currentVersion: files.currentVersion,
      updatedAt: files.updatedAt,
    })
    .from(files)
    .where(inWorkspace(ctx, files, inArray(files.id, ids)));
  const versions = await ctx.db
    .select({
      fileId: fileVersions.fileId,
      versionNo: fileVersions.versionNo,
      name: fileVersions.name,
      size: fileVersions.size,
      createdAt: fileVersions.createdAt,
      createdBy: fileVersions.createdBy,
    })
    .from(fileVersions)
    .where(inWorkspace(ctx, fileVersions, inArray(fileVersions.fileId, ids)))
    .orderBy(desc(fileVersions.versionNo));
  return fileRows.map((f) => ({
    ...f,
    role: roles.get(f.id),
    versions: versions.filter((v) => v.fileId === f.id),
  }));
};

/** A contract's history: every audited change of it, newest first. */
export const contractHistory = (ctx: RequestCtx, id: string) => entityHistory(ctx, "contracts", id);
