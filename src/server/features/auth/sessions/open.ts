import { asc, eq } from "drizzle-orm";

import type { SignInMethod } from "../../../../shared/contracts/security";
import { AppError } from "../../../../shared/errors";
import type { Db } from "../../../db/client";
import { members, sessions, users } from "../../../db/tables";
import { writeAudit } from "../../../lib/audit";
import type { SessionStore } from "../../../lib/session-store";
import { SESSION_AUDIENCE, type TokenSigner } from "../../../lib/tokens";
import { recordSignIn } from "./history";

export type SessionDeps = {
  db: Db;
  tokens: TokenSigner;
  sessions: SessionStore;
  tokenTtlSeconds: number;
};

/** Where a sign-in comes from, as the sign-in list and history show it. */
export type Origin = { ip: string; userAgent: string };

type Account = Pick<typeof users.$inferSelect, "id" | "lastWorkspaceId">;

/** The firm to open: the last one used if still allowed, else the first enabled membership. */
export const pickWorkspace = async (db: Db, userId: string, preferred: string | null) => {
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
 * Every factor is proven: opens the sign-in (a session row the token names, so it can be revoked
 * on every process), clears the failure count, and records it in the audit log and the history.
 */
export const openSession = async (
  deps: SessionDeps,
  user: Account,
  origin: Origin,
  method: SignInMethod,
) => {
  const { db } = deps;
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
        ip: origin.ip,
        userAgent: origin.userAgent.slice(0, 500),
        method,
      })
      .returning();
    await writeAudit(
      tx,
      { workspaceId, userId: user.id, ip: origin.ip },
      { action: "login", entity: "sessions", entityId: row.id, after: { method } },
    );
    await recordSignIn(tx, {
      userId: user.id,
      outcome: "success",
      method,
      ...origin,
      sessionId: row.id,
    });
    return row;
  });
  const token = await deps.tokens.sign({ sid: session.id }, SESSION_AUDIENCE, user.id, expiresAt);
  return { token, expiresAt: expiresAt.toISOString(), userId: user.id, workspaceId };
};
