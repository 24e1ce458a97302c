import { and, asc, eq, sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import type { Db } from "../../db/client";
import { members, sessions, users, workspaces } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { DUMMY_HASH, verifyPassword } from "./passwords";
import type { SessionStore } from "../../lib/session-store";
import { SESSION_AUDIENCE, type TokenSigner } from "../../lib/tokens";

export type AuthDeps = {
  db: Db;
  tokens: TokenSigner;
  sessions: SessionStore;
  tokenTtlSeconds: number;
  maxFailures: number;
  lockMinutes: number;
};

export type LoginInput = { username: string; password: string; ip: string; userAgent: string };

const findUser = async (db: Db, username: string) => {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return user;
};

/** The firm to open: the last one used if still allowed, else the first enabled membership. */
const pickWorkspace = async (db: Db, userId: string, preferred: string | null) => {
  const rows = await db
    .select({ workspaceId: members.workspaceId, isEnabled: members.isEnabled })
    .from(members)
    .where(eq(members.userId, userId))
    .orderBy(asc(members.createdAt));
  const enabled = rows.filter((r) => r.isEnabled);
  if (rows.length === 0) throw new AppError(403, "errors.noWorkspace");
  if (enabled.length === 0) throw new AppError(403, "errors.memberDisabled");
  return (enabled.find((r) => r.workspaceId === preferred) ?? enabled[0]).workspaceId;
};

/**
 * The one answer for an unknown name, a wrong password and a locked account: same status, same
 * message, and each costs one scrypt check, so none of them tells whether the account exists.
 */
const refused = (deps: AuthDeps) =>
  new AppError(401, "errors.signInRefused", {
    params: { max: deps.maxFailures, minutes: deps.lockMinutes },
  });

/**
 * Checks the password, counting failures per account: after `maxFailures` wrong passwords the
 * account is locked for `lockMinutes`, so guessing is slow even from many addresses. While
 * locked even the right password is refused, with the same answer as a wrong one.
 */
export const login = async (deps: AuthDeps, input: LoginInput) => {
  const { db } = deps;
  const user = await findUser(db, input.username);
  if (!user) {
    await verifyPassword(input.password, DUMMY_HASH);
    throw refused(deps);
  }
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    await verifyPassword(input.password, user.passwordHash);
    throw refused(deps);
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    const failures = user.failedLogins + 1;
    const locks = failures >= deps.maxFailures;
    const lockedUntil = locks ? new Date(Date.now() + deps.lockMinutes * 60_000) : null;
    await db
      .update(users)
      .set({ failedLogins: locks ? 0 : failures, lockedUntil })
      .where(eq(users.id, user.id));
    throw refused(deps);
  }
  if (!user.isEnabled) throw new AppError(403, "errors.accountDisabled");

  const workspaceId = await pickWorkspace(db, user.id, user.lastWorkspaceId);
  const expiresAt = new Date(Date.now() + deps.tokenTtlSeconds * 1000);
  const session = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ failedLogins: 0, lockedUntil: null, lastWorkspaceId: workspaceId })
      .where(eq(users.id, user.id));
    const [row] = await tx
      .insert(sessions)
      .values({
        userId: user.id,
        workspaceId,
        expiresAt,
        ip: input.ip,
        userAgent: input.userAgent.slice(0, 500),
      })
      .returning();
    await writeAudit(
      tx,
      { workspaceId, userId: user.id, ip: input.ip },
      {
        action: "login",
        entity: "sessions",
        entityId: row.id,
      },
    );
    return row;
  });
  const token = await deps.tokens.sign({ sid: session.id }, SESSION_AUDIENCE, user.id, expiresAt);
  return { token, expiresAt: expiresAt.toISOString(), userId: user.id, workspaceId };
};

export const logout = async (deps: AuthDeps, ctx: RequestCtx) => {
  await deps.db.transaction(async (tx) => {
    await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, ctx.sessionId));
    await writeAudit(tx, ctx, { action: "logout", entity: "sessions", entityId: ctx.sessionId });
  });
  await deps.sessions.invalidate({ sessionId: ctx.sessionId });
  return { revoked: true };
};

/** Moves this sign-in to another firm the user belongs to; rules are reloaded, no new token. */
export const switchWorkspace = async (deps: AuthDeps, ctx: RequestCtx, workspaceId: string) => {
  const [membership] = await deps.db
    .select({
      isEnabled: members.isEnabled,
      name: workspaces.name,
      nameEn: workspaces.nameEn,
      id: workspaces.id,
    })
    .from(members)
    .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
    .where(and(eq(members.userId, ctx.userId), eq(members.workspaceId, workspaceId)));
  if (!membership) throw new AppError(403, "errors.workspaceNotMember");
  if (!membership.isEnabled) throw new AppError(403, "errors.memberDisabled");
  await deps.db.transaction(async (tx) => {
    await tx.update(sessions).set({ workspaceId }).where(eq(sessions.id, ctx.sessionId));
    await tx.update(users).set({ lastWorkspaceId: workspaceId }).where(eq(users.id, ctx.userId));
    await writeAudit(
      tx,
      { ...ctx, workspaceId },
      {
        action: "switch",
        entity: "workspaces",
        entityId: workspaceId,
        before: { workspaceId: ctx.workspaceId },
        after: { workspaceId },
      },
    );
  });
  await deps.sessions.invalidate({ sessionId: ctx.sessionId });
  const name = ctx.lang === "en" && membership.nameEn ? membership.nameEn : membership.name;
  return { workspace: { id: membership.id, name } };
};
