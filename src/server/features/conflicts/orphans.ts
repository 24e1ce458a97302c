import { and, eq, sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { conflictReports } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { detachFile, unlockFile } from "../documents";

const LOCK_ENTITY = "conflict_reports";
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * True while a new case's submission that carries the report waits for its approval: the report
 * has no case yet, but it is no orphan (the approval attaches it). Correlated on the report's row
 * by the table-qualified column, as lastPdfSha256 is.
 */
export const isPendingSql = () =>
  sql<boolean>`exists (select 1 from case_submissions s join workflow_instances i on i.workspace_id = s.workspace_id and i.id = s.instance_id
     where s.workspace_id = ${sql.identifier("conflict_reports")}.${sql.identifier("workspace_id")}
       and s.case_id is null and i.status = 'running'
       and s.values->>'conflictReportId' = ${sql.identifier("conflict_reports")}.${sql.identifier("id")}::text)`;

/**
 * A report saved from a new-case form that was then abandoned belongs to no case and never will.
 * Its author may discard it; a report attached to a case, or carried by a submission still in
 * approval, is evidence and stays, and nobody discards a colleague's. The waiver letters it held
 * are released and the discard is audited with the report as it was, in one transaction.
 */
export const discardReport = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const [row] = await tx
      .select({ report: conflictReports, isPending: isPendingSql() })
      .from(conflictReports)
      .where(inWorkspace(ctx, conflictReports, eq(conflictReports.id, id)))
      .for("update");
    if (!row) throw new AppError(404, "errors.notFound");
    const report = row.report;
    if (report.createdBy !== ctx.userId) throw new AppError(403, "conflicts.errors.notYourReport");
    if (report.caseId) throw new AppError(409, "conflicts.errors.reportAttached");
    if (row.isPending) throw new AppError(409, "conflicts.errors.reportPending");
    const locks = rowsOf<{ fileId: string }>(
      await tx.execute(
        sql`select file_id::text as "fileId" from file_locks where workspace_id = ${ctx.workspaceId} and entity = ${LOCK_ENTITY} and entity_id = ${id}`,
      ),
    );
    for (const { fileId } of locks) {
      await unlockFile(tctx, { entity: LOCK_ENTITY, entityId: id, fileId });
      await detachFile(tctx, { entity: LOCK_ENTITY, entityId: id, fileId });
    }
    // The append-only trigger lets exactly this report go, in this transaction only (migration 0022).
    await tx.execute(sql`select set_config('law_manage.discard_report', ${id}, true)`);
    await tx
      .delete(conflictReports)
      .where(
        and(
          eq(conflictReports.workspaceId, ctx.workspaceId),
          eq(conflictReports.id, id),
          sql`${conflictReports.caseId} is null`,
        ),
      );
    await writeAudit(tx, ctx, {
      action: "delete",
      entity: LOCK_ENTITY,
      entityId: id,
      before: report,
    });
    return { id };
  });
