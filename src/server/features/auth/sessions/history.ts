import { and, count, desc, eq, gt, lt, sql } from "drizzle-orm";

import { SIGN_IN_HISTORY_DAYS, type SignInMethod } from "../../../../shared/contracts/security";
import type { Db } from "../../../db/client";
import { signInEvents } from "../../../db/tables";
import { type ListQuery, pageOf, pageWithTotal } from "../../../lib/list-query";
import type { RequestCtx } from "../../../lib/request-ctx";

export type SignInEvent = {
  userId: string;
  outcome: "success" | "failure";
  /** Why it failed: password, code, recoveryCode, locked, disabled. */
  reason?: string;
  method: SignInMethod;
  ip: string;
  userAgent: string;
  sessionId?: string;
};

/** One attempt on a known account (an unknown name has no one to show it to). */
export const recordSignIn = async (db: Db, event: SignInEvent) => {
  await db.insert(signInEvents).values({
    ...event,
    reason: event.reason ?? "",
    userAgent: event.userAgent.slice(0, 500),
  });
};

const since = () => sql`now() - make_interval(days => ${SIGN_IN_HISTORY_DAYS})`;

/** The signed-in user's own attempts of the last 90 days, newest first. */
export const findMySignIns = async (ctx: RequestCtx, q: ListQuery) => {
  const { offset, limit } = pageOf(q);
  const where = and(
    eq(signInEvents.userId, ctx.userId),
    gt(signInEvents.occurredAt, since()),
    q.outcome === "success" || q.outcome === "failure"
      ? eq(signInEvents.outcome, q.outcome)
      : undefined,
  );
  return pageWithTotal(
    ctx.db
      .select({
        id: signInEvents.id,
        occurredAt: signInEvents.occurredAt,
        outcome: signInEvents.outcome,
        reason: signInEvents.reason,
        method: signInEvents.method,
        ip: signInEvents.ip,
        userAgent: signInEvents.userAgent,
      })
      .from(signInEvents)
      .where(where)
      .orderBy(desc(signInEvents.occurredAt))
      .limit(limit)
      .offset(offset),
    () => ctx.db.select({ total: count() }).from(signInEvents).where(where),
    { offset, limit },
  );
};

/** The periodic job: history past 90 days is deleted, not just hidden. */
export const pruneSignIns = async (db: Db) => {
  await db.delete(signInEvents).where(lt(signInEvents.occurredAt, since()));
};
