import dayjs from "dayjs";
import { and, asc, eq, lt } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import type { Db } from "../../db/client";
import { caseClosings, cases } from "../../db/tables";
import { addAudit, writeAudit } from "../../lib/audit";
import { dueOnEachFirmsDay, firmDateOf, readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { fromStorage } from "../../schema-engine/records";
import { writeBatch } from "../../lib/write-batch";
import { addNotifications } from "../notifications";
import type { ClosingSteps } from "./closed-hooks";
import { CASE_STATUS, EXPIRED_REASON } from "./status";

type CaseRow = typeof cases.$inferSelect;

/** Today in the firm's time zone (readFirmTimeZone), as a calendar date. */
export const todayOf = (now: Date, zone: string) => firmDateOf(now, zone);

const lockCase = async (ctx: RequestCtx, id: string) => {
  const [row] = await ctx.db
    .select()
    .from(cases)
    .where(inWorkspace(ctx, cases, eq(cases.id, id)))
    .for("update");
  if (!row) throw new AppError(404, "errors.notFound");
  return row;
};

const assertVersion = (row: CaseRow, version: number) => {
  if (row.version !== version) throw new AppError(409, "errors.staleVersion");
};

const assertPreFiling = (row: CaseRow) => {
  if (row.status !== CASE_STATUS.preFiling) throw new AppError(409, "cases.errors.notPreFiling");
};

/** The people a case's events concern: its lead lawyer, supervising partner and creator. */
const caseAudience = (row: CaseRow) =>
  [row.leadLawyerId, row.leadPartnerId, row.createdBy].filter(
    (id): id is string => typeof id === "string",
  );

const change = async (
  ctx: RequestCtx,
  before: CaseRow,
  set: Partial<typeof cases.$inferInsert>,
) => {
  const [after] = await ctx.db
    .update(cases)
    .set({ ...set, version: before.version + 1, updatedBy: ctx.userId, updatedAt: new Date() })
    .where(inWorkspace(ctx, cases, eq(cases.id, before.id)))
    .returning();
  await writeAudit(ctx.db, ctx, {
    action: "update",
    entity: "cases",
    entityId: before.id,
    before,
    after,
  });
  return fromStorage(after);
};

/** A pre-filing case gets more days; counted from its current validity (or today, if that is past). */
export const extendCase = (
  ctx: RequestCtx,
  id: string,
  input: { days: number; version: number },
  now = new Date(),
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    const row = await lockCase(tctx, id);
    assertPreFiling(row);
    assertVersion(row, input.version);
    const today = todayOf(now, await readFirmTimeZone(tx, ctx.workspaceId));
    const base = row.validUntil && row.validUntil > today ? row.validUntil : today;
    return change(tctx, row, {
      validUntil: dayjs(base).add(input.days, "day").format("YYYY-MM-DD"),
    });
  });

/** Ends a pre-filing or formal case that will not go on; the reason is required. */
export const terminateCase = (
  ctx: RequestCtx,
  id: string,
  input: { reason: string; version: number },
  now = new Date(),
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    const row = await lockCase(tctx, id);
    if (row.status !== CASE_STATUS.preFiling && row.status !== CASE_STATUS.formal)
      throw new AppError(409, "cases.errors.notOpen");
    assertVersion(row, input.version);
    return change(tctx, row, {
      status: CASE_STATUS.terminated,
      terminationReason: input.reason.trim(),
      terminatedAt: now,
    });
  });

const close = async (ctx: RequestCtx, row: CaseRow, steps: ClosingSteps) => {
  const closedAt = new Date();
  const after = await change(ctx, row, {
    status: CASE_STATUS.closed,
    serviceEnd:
      row.serviceEnd ?? todayOf(closedAt, await readFirmTimeZone(ctx.db, ctx.workspaceId)),
  });
  await steps.announce(ctx, { caseId: row.id, closedAt });
  return after;
};

/** Closes (结案) a formal case. */
export const closeCase = (
  ctx: RequestCtx,
  id: string,
  input: { version: number },
  steps: ClosingSteps,
) =>
  ctx.db.transaction(async (tx) => {
    const tctx = { ...ctx, db: tx };
    const row = await lockCase(tctx, id);
    if (row.status !== CASE_STATUS.formal) throw new AppError(409, "cases.errors.notFormal");
    assertVersion(row, input.version);
    // A closing under approval decides; closing beside it would leave that approval nothing to do.
    const [pending] = await tx
      .select({ id: caseClosings.id })
      .from(caseClosings)
      .where(
        inWorkspace(
          ctx,
          caseClosings,
          eq(caseClosings.caseId, id),
          eq(caseClosings.status, "pending"),
        ),
      );
    if (pending) throw new AppError(409, "closing.errors.pending");
    return close(tctx, row, steps);
  });

/**
 * Closes a formal case for the closing approval's effect, inside its transaction: no version
 * (the approver did not edit the case), and a case no longer formal (terminated meanwhile)
 * refuses the accept with that message, so the approver rejects instead.
 */
export const closeApprovedCase = async (ctx: RequestCtx, id: string, steps: ClosingSteps) => {
  const row = await lockCase(ctx, id);
  if (row.status !== CASE_STATUS.formal) throw new AppError(409, "cases.errors.notFormal");
  return close(ctx, row, steps);
};

/**
 * A pre-filing case becomes formal (its contract was archived in time). For the contract archive
 * approval's effect, inside its transaction: a case whose validity passed, or that the job already
 * terminated, is refused with a clear message and nothing changes.
 */
export const formalizeCase = async (ctx: RequestCtx, id: string, now = new Date()) => {
  const row = await lockCase(ctx, id);
  if (row.status === CASE_STATUS.formal) return fromStorage(row);
  if (row.status !== CASE_STATUS.preFiling) throw new AppError(409, "cases.errors.cannotFormalize");
  if (
    row.validUntil &&
    row.validUntil < todayOf(now, await readFirmTimeZone(ctx.db, ctx.workspaceId))
  )
    throw new AppError(409, "cases.errors.validityPassed");
  return change(ctx, row, { status: CASE_STATUS.formal, validUntil: null });
};

/** Advisory lock key of the expiry job: one runner at a time over every app process. */
export const EXPIRY_LOCK_KEY = 727_014;
const BATCH = 200;

/**
 * Terminates the pre-filing cases whose validity has passed ("validity expired"), notifying their
 * lead lawyer, supervising partner and creator and writing the audit log, in batches of 200 rows
 * claimed with FOR UPDATE SKIP LOCKED (two runners never take the same case; a case an edit holds
 * is picked up next time). Idempotent: a terminated case is no longer pre-filing. It catches up
 * after downtime because it selects by date, not by schedule. Returns how many it terminated.
 */
export const expirePreFilingCases = async (db: Db, now = new Date()) => {
  // Each firm's validity ends at its own midnight.
  const expired = await dueOnEachFirmsDay(db, now, cases.workspaceId, (today) =>
    lt(cases.validUntil, today),
  );
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(cases)
        .where(and(eq(cases.status, CASE_STATUS.preFiling), expired))
        .orderBy(asc(cases.validUntil))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      // Every write of the batch (updates, audit rows, notifications and their live events) goes
      // as one statement: 10 000 expired cases are 50 round trips, not 30 000.
      const batch = writeBatch(tx);
      for (const row of due) {
        const actor = { workspaceId: row.workspaceId, userId: null };
        const set = {
          status: CASE_STATUS.terminated,
          terminationReason: EXPIRED_REASON,
          terminatedAt: now,
          version: row.version + 1,
          updatedAt: now,
        };
        batch.add(
          tx
            .update(cases)
            .set(set)
            .where(and(eq(cases.workspaceId, row.workspaceId), eq(cases.id, row.id))),
        );
        addAudit(batch, actor, {
          action: "update",
          entity: "cases",
          entityId: row.id,
          before: row,
          after: { ...row, ...set },
        });
        addNotifications(batch, actor, {
          userIds: caseAudience(row),
          type: "case",
          titleKey: "cases.notifications.expired",
          params: { name: row.name, caseNo: row.caseNo },
          link: `/case/detail/${row.id}`,
          entity: "cases",
          entityId: row.id,
        });
      }
      await batch.run();
      return due.length;
    });
    total += done;
    if (done < BATCH) return total;
    // PGlite runs one statement at a time: let the requests that queued meanwhile through.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
