import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";

import type {
  ConflictReport,
  ConflictReportDetail,
  ConflictReportRow,
  ConflictHit as Hit,
  SaveReportInput,
} from "../../../shared/contracts/conflicts";
import { AppError } from "../../../shared/errors";
import type { Answer } from "../../lib/answers";
import { cases, conflictReports, files, users } from "../../db/tables";
import { firmDateOf, readFirmTimeZone } from "../../lib/firm-time";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { rowScopeOf } from "../../lib/row-scope";
import { inWorkspace } from "../../lib/tenant";
import { attachFile, lockFile } from "../documents";
import { isPendingSql } from "./orphans";
import { lastPdfSha256, listPdfExports } from "./pdf-export-log";
import { runCheck } from "./search";

/** The file lock's entity: Documents names it in the refusal (documents.lockEntities). */
export const LOCK_ENTITY = "conflict_reports";

/**
 * Saving re-runs the check so the report holds the data as of that moment, not what the browser
 * sent; decisions are paired with hits by key, and a waiver must name a letter in Documents.
 */
export const saveReport = async (
  ctx: RequestCtx,
  input: SaveReportInput,
): Promise<Answer<ConflictReport>> => {
  if (input.caseId) {
    // A report may only name a case of this firm that the caller can see.
    const [kase] = await ctx.db
      .select({ id: cases.id })
      .from(cases)
      .where(
        inWorkspace(
          ctx,
          cases,
          eq(cases.id, input.caseId),
          rowScopeOf(ctx, "read", "LAWFIRM_CASE_VIEW", "cases"),
        ),
      );
    if (!kase) throw new AppError(404, "errors.notFound");
  }
  const result = await runCheck(ctx, input.keywords, input.scopes, input.adverse);
  const byKey = new Map((input.decisions ?? []).map((d) => [d.key, d]));
  for (const d of byKey.values()) {
    if (!result.hits.some((h) => h.key === d.key))
      throw new AppError(422, "conflicts.errors.unknownHit");
    if (d.decision === "waived") {
      if (!d.waiverFileId)
        throw new AppError(422, "conflicts.errors.waiverRequired", {
          fields: [{ field: "waiverFileId", message: "conflicts.errors.waiverRequired" }],
        });
      const [file] = await ctx.db
        .select({ id: files.id })
        .from(files)
        .where(inWorkspace(ctx, files, eq(files.id, d.waiverFileId), isNull(files.deletedAt)));
      if (!file) throw new AppError(422, "conflicts.errors.waiverRequired");
    }
  }
  const hits = result.hits.map((h: Hit) => {
    const d = byKey.get(h.key);
    return {
      ...h,
      decision: d?.decision ?? null,
      remark: d?.remark ?? "",
      waiverFileId: d?.decision === "waived" ? d.waiverFileId : null,
    };
  });
  const [me] = await ctx.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, ctx.userId));
  const letters = [
    ...new Set(hits.map((h) => h.waiverFileId).filter((f): f is string => Boolean(f))),
  ];
  return ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const [row] = await tx
      .insert(conflictReports)
      .values({
        workspaceId: ctx.workspaceId,
        createdBy: ctx.userId,
        createdByName: me?.name ?? "",
        keywords: result.keywords,
        scopes: result.scopes,
        hits,
        caseId: input.caseId ?? null,
      })
      .returning();
    // A report is kept for good, so the waiver letters it relies on stay undeletable for good.
    // The firm's day, as every date the firm reads: a report made at 01:00 Beijing is that day's.
    const day = firmDateOf(row.createdAt, await readFirmTimeZone(tx, ctx.workspaceId));
    const label = `${day} ${result.keywords.join("、")}`.slice(0, 200);
    for (const fileId of letters) {
      await attachFile(tctx, { entity: LOCK_ENTITY, entityId: row.id, fileId });
      await lockFile(tctx, { entity: LOCK_ENTITY, entityId: row.id, fileId, label });
    }
    return row as Answer<ConflictReport>;
  });
};

export const getReport = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(conflictReports)
    .where(inWorkspace(ctx, conflictReports, eq(conflictReports.id, id)));
  if (!row) throw new AppError(404, "errors.notFound");
  return row as Answer<ConflictReport>;
};

/** The report with the names of its waiver letters (kept in Documents, locked by the report) and its PDF exports' hashes. */
export const getReportWithLetters = async (
  ctx: RequestCtx,
  id: string,
): Promise<Answer<ConflictReportDetail>> => {
  const row = await getReport(ctx, id);
  const ids = [
    ...new Set(row.hits.map((h) => h.waiverFileId).filter((f): f is string => Boolean(f))),
  ];
  const letters = ids.length
    ? await ctx.db
        .select({ id: files.id, name: files.name })
        .from(files)
        .where(inWorkspace(ctx, files, inArray(files.id, ids)))
    : [];
  return { ...row, letters, exports: await listPdfExports(ctx, id) };
};

/** Newest first; `q` finds a keyword or the person who ran the check; `caseId` the case's reports. */
export const listReports = async (
  ctx: RequestCtx,
  q: { q?: string; caseId?: string; limit?: number },
): Promise<Answer<ConflictReportRow>[]> => {
  const like = q.q ? `%${q.q.replace(/[\\%_]/gu, (c) => `\\${c}`)}%` : null;
  return ctx.db
    .select({
      id: conflictReports.id,
      createdAt: conflictReports.createdAt,
      createdBy: conflictReports.createdBy,
      createdByName: conflictReports.createdByName,
      keywords: conflictReports.keywords,
      caseId: conflictReports.caseId,
      hitCount: sql<number>`jsonb_array_length(${conflictReports.hits})::int`,
      lastPdfSha256: lastPdfSha256(),
      isPending: isPendingSql(),
    })
    .from(conflictReports)
    .where(
      inWorkspace(
        ctx,
        conflictReports,
        q.caseId ? eq(conflictReports.caseId, q.caseId) : undefined,
        like
          ? sql`(${conflictReports.keywords}::text ilike ${like} or ${conflictReports.createdByName} ilike ${like})`
          : undefined,
      ),
    )
    .orderBy(desc(conflictReports.createdAt))
    .limit(q.limit ?? 50);
};

/** A report a new case may carry: in the caller's firm and not yet attached to another case. */
export const assertAttachable = async (
  ctx: Pick<RequestCtx, "db" | "workspaceId">,
  reportId: string,
) => {
  const [row] = await ctx.db
    .select({ caseId: conflictReports.caseId })
    .from(conflictReports)
    .where(and(eq(conflictReports.workspaceId, ctx.workspaceId), eq(conflictReports.id, reportId)));
  if (!row) throw new AppError(404, "errors.notFound");
  if (row.caseId) throw new AppError(409, "conflicts.errors.reportAttached");
};

/** The case approval attaches the report it was opened with (once: the trigger refuses a second). */
export const attachReport = async (
  ctx: Pick<RequestCtx, "db" | "workspaceId">,
  reportId: string,
  caseId: string,
) => {
  await ctx.db
    .update(conflictReports)
    .set({ caseId })
    .where(
      and(
        eq(conflictReports.workspaceId, ctx.workspaceId),
        eq(conflictReports.id, reportId),
        isNull(conflictReports.caseId),
      ),
    );
};
