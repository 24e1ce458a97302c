import { and, eq, sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import type { Db } from "../../db/client";
import { members, sessions, users, workspaces } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import type { SessionStore } from "../../lib/session-store";
import type { TokenSigner } from "../../lib/tokens";
import { countFailure, isLocked, signInRefused } from "./lockout";
import { DUMMY_HASH, verifyPassword } from "./passwords";
import { recordSignIn } from "./sessions/history";
import { openSession, type Origin, pickWorkspace } from "./sessions/open";
import { isTwoFactorRequired } from "./two-factor/policy";
import { getTwoFactor, isEnabled } from "./two-factor/store";
import { isTrustedBrowser, signChallenge } from "./two-factor/tokens";

export type AuthDeps = {
  db: Db;
  tokens: TokenSigner;
  sessions: SessionStore;
  tokenTtlSeconds: number;
  maxFailures: number;
  lockMinutes: number;
  /** Seals two-factor secrets at rest (TOTP_ENCRYPTION_KEY, else derived from the JWT secret). */
  totpKey: string;
};

export type LoginInput = Origin & {
  username: string;
  password: string;
  /** "Trust this browser" tokens the browser holds (a cookie, or the API caller's own copy). */
  trustedTokens?: string[];
};

/** A finished sign-in, or the challenge of the second step (a code, or enrolment first). */
export type LoginResult =
  | { kind: "session"; token: string; expiresAt: string; userId: string; workspaceId: string }
  | {
      kind: "challenge";
      step: "verify" | "enrol";
      challenge: string;
      challengeExpiresAt: string;
      userId: string;
    };

const findUser = async (db: Db, username: string) => {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return user;
};

/**
 * The password step. Failures count per account: after `maxFailures` wrong passwords (or codes)
 * the account is locked for `lockMinutes`, so guessing is slow even from many addresses; while
 * locked even the right password is refused, with the same answer as a wrong one. With the right
 * password, an account with an authenticator gets a challenge for its code (unless this browser is
 * trusted), and one a firm requires it of but that has none gets a challenge to enrol.
 */
export const login = async (deps: AuthDeps, input: LoginInput): Promise<LoginResult> => {
  const { db } = deps;
  const origin = { ip: input.ip, userAgent: input.userAgent };
  const user = await findUser(db, input.username);
  if (!user) {
    await verifyPassword(input.password, DUMMY_HASH);
    throw signInRefused(deps);
  }
  const failed = (reason: string) =>
    recordSignIn(db, {
      userId: user.id,
      outcome: "failure",
      reason,
      method: "password",
      ...origin,
    });
  if (isLocked(user)) {
    await verifyPassword(input.password, user.passwordHash);
    await failed("locked");
    throw signInRefused(deps);
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    await countFailure(db, user.id, deps);
    await failed("password");
    throw signInRefused(deps);
  }
  if (!user.isEnabled) {
    await failed("disabled");
    throw new AppError(403, "errors.accountDisabled");
  }
  // Before any second step: a person with no firm to open learns it now, not after the code.
  await pickWorkspace(db, user.id, user.lastWorkspaceId);

  const twoFactor = await getTwoFactor(db, user.id);
  if (isEnabled(twoFactor)) {
    if (await isTrustedBrowser(deps.tokens, user.id, twoFactor.trustKey, input.trustedTokens ?? []))
      return { kind: "session", ...(await openSession(deps, user, origin, "trustedBrowser")) };
    return {
      kind: "challenge",
      step: "verify",
      userId: user.id,
      ...(await signChallenge(deps.tokens, user.id, "verify")),
    };
  }
  if (await isTwoFactorRequired(db, user.id))
    return {
      kind: "challenge",
      step: "enrol",
      userId: user.id,
      ...(await signChallenge(deps.tokens, user.id, "enrol")),
    };
  return { kind: "session", ...(await openSession(deps, user, origin, "password")) };
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
