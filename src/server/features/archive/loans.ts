import dayjs from "dayjs";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";

import {
  LOAN_MAX_DAYS,
  loanRef,
  type LoanRequestInput,
  type LoanRequestResult,
  type LoanRow,
  type LoanStatus,
} from "../../../shared/contracts/archive-loans";
import { AppError } from "../../../shared/errors";
import { archiveLoanOpens, archiveLoans, archiveVolumes, cases, users } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import { type RequestCtx, withDb } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { failValidation, fieldError } from "../../schema-engine/checks";
import { startApproval } from "../contracts";
import { approvalTitle } from "../workflow";
import { isArchivist, today } from "./volumes";

/**
 * Asks to borrow an archived volume (借阅): the end day a real day from today to LOAN_MAX_DAYS
 * ahead on the firm's clock, the volume archived, no loan of it already asked for or held by the
 * caller; the loan is stored as pending and the "archive-loan" approval started, in one
 * transaction. Accepting the approval lends it (loan-effects.ts).
 */
export const requestLoan = (
  ctx: RequestCtx,
  volumeId: string,
  input: LoanRequestInput,
): Promise<LoanRequestResult> =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const day = await today(tctx);
    const last = dayjs(day).add(LOAN_MAX_DAYS, "day").format("YYYY-MM-DD");
    if (input.untilOn < day || input.untilOn > last)
      failValidation([
        fieldError("untilOn", "archiveLoans.errors.untilRange", ctx.lang, {
          from: day,
          to: last,
        }),
      ]);
    const purpose = input.purpose.trim();
    if (!purpose)
      failValidation([fieldError("purpose", "archiveLoans.errors.purposeRequired", ctx.lang)]);
    const [volume] = await tx
      .select({
        id: archiveVolumes.id,
        status: archiveVolumes.status,
        volumeNo: archiveVolumes.volumeNo,
        caseName: cases.name,
      })
      .from(archiveVolumes)
      .innerJoin(
        cases,
        and(eq(cases.workspaceId, archiveVolumes.workspaceId), eq(cases.id, archiveVolumes.caseId)),
      )
      .where(inWorkspace(ctx, archiveVolumes, eq(archiveVolumes.id, volumeId)))
      .for("update", { of: archiveVolumes });
    if (!volume) throw new AppError(404, "errors.notFound");
    if (volume.status !== "archived") throw new AppError(409, "archiveLoans.errors.notArchived");
    const [open] = await tx
      .select({ id: archiveLoans.id })
      .from(archiveLoans)
      .where(
        inWorkspace(
          ctx,
          archiveLoans,
          eq(archiveLoans.volumeId, volumeId),
          eq(archiveLoans.borrowerId, ctx.userId),
          inArray(archiveLoans.status, ["pending", "active"]),
        ),
      );
    if (open) throw new AppError(409, "archiveLoans.errors.alreadyOpen");
    const [row] = await tx
      .insert(archiveLoans)
      .values({
        workspaceId: ctx.workspaceId,
        volumeId,
        borrowerId: ctx.userId,
        purpose,
        untilOn: input.untilOn,
        createdBy: ctx.userId,
        updatedBy: ctx.userId,
      })
      .returning();
    const titled = approvalTitle(ctx, "archiveLoans.approvalTitle", {
      volumeNo: volume.volumeNo ?? "",
      name: volume.caseName,
    });
    const instanceId = await startApproval(tctx, "archive-loan", {
      title: titled.title,
      titleI18n: titled.titleI18n,
      businessRef: loanRef(row.id),
      form: {
        volumeRef: `${volume.volumeNo ?? ""} ${volume.caseName}`.slice(0, 400),
        purpose,
        untilOn: input.untilOn,
      },
    });
    const [after] = await tx
      .update(archiveLoans)
      .set({ approvalId: instanceId })
      .where(inWorkspace(ctx, archiveLoans, eq(archiveLoans.id, row.id)))
      .returning();
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "archive_loans",
      entityId: row.id,
      after,
    });
    return { loanId: row.id, instanceId };
  });

const loanColumns = (day: string) => ({
  id: archiveLoans.id,
  volumeId: archiveLoans.volumeId,
  volumeNo: archiveVolumes.volumeNo,
  caseName: cases.name,
  borrowerId: archiveLoans.borrowerId,
  borrowerName: users.name,
  purpose: archiveLoans.purpose,
  untilOn: archiveLoans.untilOn,
  status: sql<LoanStatus>`${archiveLoans.status}`,
  overdue: sql<boolean>`(${archiveLoans.status} = 'active' and ${archiveLoans.untilOn} < ${day}::date)`,
  readable: sql<boolean>`(${archiveLoans.status} = 'active' and ${archiveLoans.untilOn} >= ${day}::date)`,
  approvalId: archiveLoans.approvalId,
  lentAt: archiveLoans.lentAt,
  returnedAt: archiveLoans.returnedAt,
  opens: sql<number>`(select count(*)::int from ${archiveLoanOpens} o
    where o.workspace_id = ${archiveLoans.workspaceId} and o.loan_id = ${archiveLoans.id})`,
  createdAt: archiveLoans.createdAt,
  version: archiveLoans.version,
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The loans the caller may see: the archivist every loan of the firm, others their own. */
const visibleLoans = (ctx: RequestCtx): SQL | undefined =>
  isArchivist(ctx) ? undefined : eq(archiveLoans.borrowerId, ctx.userId);

/** GET /archive-loans: overdue first, then the newest. */
export const listLoans = async (
  ctx: RequestCtx,
  q: { status?: LoanStatus; volumeId?: string; mine?: boolean; overdue?: boolean },
): Promise<LoanRow[]> => {
  const day = await today(ctx);
  const cols = loanColumns(day);
  const rows = await ctx.db
    .select(cols)
    .from(archiveLoans)
    .innerJoin(
      archiveVolumes,
      and(
        eq(archiveVolumes.workspaceId, archiveLoans.workspaceId),
        eq(archiveVolumes.id, archiveLoans.volumeId),
      ),
    )
    .innerJoin(
      cases,
      and(eq(cases.workspaceId, archiveVolumes.workspaceId), eq(cases.id, archiveVolumes.caseId)),
    )
    .leftJoin(users, eq(users.id, archiveLoans.borrowerId))
    .where(
      inWorkspace(
        ctx,
        archiveLoans,
        visibleLoans(ctx),
        q.mine ? eq(archiveLoans.borrowerId, ctx.userId) : undefined,
        q.status ? eq(archiveLoans.status, q.status) : undefined,
        q.volumeId ? eq(archiveLoans.volumeId, q.volumeId) : undefined,
        q.overdue ? cols.overdue : undefined,
      ),
    )
    .orderBy(desc(cols.overdue), desc(archiveLoans.createdAt), desc(archiveLoans.id))
    .limit(1000);
  return rows.map((r) => ({
    ...r,
    lentAt: iso(r.lentAt),
    returnedAt: iso(r.returnedAt),
    createdAt: iso(r.createdAt)!,
  }));
};

/** One loan the caller may see (the archivist, or its borrower), else 404. */
const visibleLoan = async (ctx: RequestCtx, id: string, lock = false) => {
  const query = ctx.db
    .select()
    .from(archiveLoans)
    .where(inWorkspace(ctx, archiveLoans, eq(archiveLoans.id, id), visibleLoans(ctx)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

/**
 * POST /archive-loans/:id/return: the borrower gives the volume back, or the archivist takes it
 * back; reading it on the loan ends there. Only an active loan can be returned.
 */
export const returnLoan = (ctx: RequestCtx, id: string) =>
  ctx.db.transaction(async (tx) => {
    const tctx = withDb(ctx, tx);
    const before = await visibleLoan(tctx, id, true);
    if (before.status !== "active") throw new AppError(409, "archiveLoans.errors.notActive");
    const now = new Date();
    const [after] = await tx
      .update(archiveLoans)
      .set({
        status: "returned",
        returnedAt: now,
        returnedBy: ctx.userId,
        version: before.version + 1,
        updatedAt: now,
        updatedBy: ctx.userId,
      })
      .where(inWorkspace(ctx, archiveLoans, eq(archiveLoans.id, id)))
      .returning();
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "archive_loans",
      entityId: id,
      before,
      after,
    });
    return { id, status: after.status as LoanStatus };
  });

/** GET /archive-loans/:id/opens: who opened the lent volume, and when (archivist or borrower). */
export const loanOpens = async (ctx: RequestCtx, id: string) => {
  await visibleLoan(ctx, id);
  const rows = await ctx.db
    .select({
      id: archiveLoanOpens.id,
      userName: users.name,
      what: sql<"volume" | "pdf">`${archiveLoanOpens.what}`,
      openedAt: archiveLoanOpens.openedAt,
    })
    .from(archiveLoanOpens)
    .leftJoin(users, eq(users.id, archiveLoanOpens.userId))
    .where(inWorkspace(ctx, archiveLoanOpens, eq(archiveLoanOpens.loanId, id)))
    .orderBy(desc(archiveLoanOpens.openedAt))
    .limit(1000);
  return rows.map((r) => ({ ...r, openedAt: r.openedAt.toISOString() }));
};
