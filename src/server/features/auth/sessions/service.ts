import { and, count, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";

import type { SessionRow, SignInMethod } from "../../../../shared/contracts/security";
import { AppError } from "../../../../shared/errors";
import type { Db } from "../../../db/client";
import { sessions, workspaces } from "../../../db/tables";
import { writeAudit } from "../../../lib/audit";
import type { RequestCtx } from "../../../lib/request-ctx";
import type { SessionStore } from "../../../lib/session-store";

/** Not signed out and not expired: a token naming it would be accepted. */
const isActive = () => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/**
 * The user's active sign-ins, across firms: a session belongs to the person (it can switch to
 * any of their firms), so they see and end each wherever it is open. Most recently used first.
 */
export const listMySessions = async (ctx: RequestCtx): Promise<SessionRow[]> => {
  const rows = await ctx.db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      method: sessions.method,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      workspaceName: workspaces.name,
      workspaceNameEn: workspaces.nameEn,
    })
    .from(sessions)
    .innerJoin(workspaces, eq(workspaces.id, sessions.workspaceId))
    .where(and(eq(sessions.userId, ctx.userId), isActive()))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map(({ workspaceNameEn, ...r }) => ({
    ...r,
    method: r.method as SignInMethod,
    isCurrent: r.id === ctx.sessionId,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    workspaceName: ctx.lang === "en" && workspaceNameEn ? workspaceNameEn : r.workspaceName,
  }));
};

/** Revokes sign-ins in the caller's transaction and says which, for the bus afterwards. */
const revoke = async (db: Db, where: ReturnType<typeof and>) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(where, isActive()))
    .returning({ id: sessions.id });

/** Every process drops its cached copy at once (LISTEN/NOTIFY), so the next request is refused. */
const announce = async (store: SessionStore, revoked: { id: string }[]) => {
  for (const row of revoked) await store.invalidate({ sessionId: row.id });
};

/** Signs out one other sign-in of the user. The current one signs out through logout. */
export const revokeMySession = async (ctx: RequestCtx, store: SessionStore, sessionId: string) => {
  if (sessionId === ctx.sessionId) throw new AppError(409, "errors.sessions.current");
  const revoked = await ctx.db.transaction(async (tx) => {
    const rows = await revoke(tx, and(eq(sessions.id, sessionId), eq(sessions.userId, ctx.userId)));
    if (rows.length === 0) throw new AppError(404, "errors.sessions.notFound");
    await writeAudit(tx, ctx, { action: "logout", entity: "sessions", entityId: sessionId });
    return rows;
  });
  await announce(store, revoked);
  return { revoked: revoked.length };
};

/** "Sign out everywhere else". */
export const revokeOtherSessions = async (ctx: RequestCtx, store: SessionStore) => {
  const revoked = await ctx.db.transaction(async (tx) => {
    const rows = await revoke(
      tx,
      and(eq(sessions.userId, ctx.userId), ne(sessions.id, ctx.sessionId)),
    );
    if (rows.length > 0)
      await writeAudit(tx, ctx, {
        action: "logout",
        entity: "sessions",
        entityId: ctx.sessionId,
        after: { otherSessionsRevoked: rows.length },
      });
    return rows;
  });
  await announce(store, revoked);
  return { revoked: revoked.length };
};

/** Every sign-in of a user, in the caller's transaction (an administrator's "sign out everywhere"). */
export const revokeAllSessionsOf = (db: Db, userId: string) =>
  revoke(db, eq(sessions.userId, userId));

export const countActiveSessions = async (db: Db, userId: string) => {
  const [{ n }] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isActive()));
  return n;
};

export { announce as announceRevoked };
