import { eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { members, users } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import type { SessionStore } from "../../lib/session-store";
import { inWorkspace } from "../../lib/tenant";
import { createNotifications } from "../notifications";
import { announceRevoked, countActiveSessions, revokeAllSessionsOf } from "./sessions/service";
import { getTwoFactor, isEnabled, removeTwoFactor } from "./two-factor/store";

/** The account behind a member of the caller's firm (the route's tenant guard has checked the id). */
const accountOf = async (ctx: RequestCtx, memberId: string) => {
  const [row] = await ctx.db
    .select({ userId: members.userId })
    .from(members)
    .where(inWorkspace(ctx, members, eq(members.id, memberId)));
  if (!row) throw new AppError(404, "errors.memberNotFound");
  return row.userId;
};

/** An administrator acts on someone else: their own security is on their own page, with their code. */
const notSelf = (ctx: RequestCtx, userId: string) => {
  if (userId === ctx.userId) throw new AppError(409, "errors.twoFactor.selfService");
};

const adminName = async (ctx: RequestCtx) => {
  const [row] = await ctx.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, ctx.userId));
  return row?.name ?? "";
};

/** What the members screen shows before offering the actions. */
export const getMemberSecurity = async (ctx: RequestCtx, memberId: string) => {
  const userId = await accountOf(ctx, memberId);
  const twoFactor = await getTwoFactor(ctx.db, userId);
  return {
    isTwoFactorEnabled: isEnabled(twoFactor),
    activeSessions: await countActiveSessions(ctx.db, userId),
  };
};

/**
 * For a lost phone: removes the member's authenticator, recovery codes and trusted browsers. The
 * account is global, so this holds in every firm the person belongs to (as a password does); the
 * next sign-in asks for the password only, or for enrolment where a firm requires it. Audited in
 * this firm, and the member is told by a notification.
 */
export const resetMemberTwoFactor = async (ctx: RequestCtx, memberId: string) => {
  const userId = await accountOf(ctx, memberId);
  notSelf(ctx, userId);
  const name = await adminName(ctx);
  await ctx.db.transaction(async (tx) => {
    if (!(await removeTwoFactor(tx, userId)))
      throw new AppError(409, "errors.twoFactor.notEnabled");
    await writeAudit(tx, ctx, {
      action: "delete",
      entity: "two_factor",
      entityId: userId,
      before: { enabled: true },
      after: { enabled: false, resetBy: ctx.userId },
    });
    await createNotifications(tx, ctx, {
      userIds: [userId],
      type: "system",
      titleKey: "security.notifications.twoFactorReset",
      params: { admin: name },
      link: "/settings/security",
    });
  });
  return { isTwoFactorEnabled: false };
};

/**
 * Signs the member out everywhere, at once on every app process. Every sign-in of the person, not
 * only those now open in this firm: any of them could switch back into it.
 */
export const revokeMemberSessions = async (
  ctx: RequestCtx,
  store: SessionStore,
  memberId: string,
) => {
  const userId = await accountOf(ctx, memberId);
  notSelf(ctx, userId);
  const name = await adminName(ctx);
  const revoked = await ctx.db.transaction(async (tx) => {
    const rows = await revokeAllSessionsOf(tx, userId);
    await writeAudit(tx, ctx, {
      action: "logout",
      entity: "sessions",
      entityId: userId,
      after: { sessionsRevoked: rows.length, revokedBy: ctx.userId },
    });
    await createNotifications(tx, ctx, {
      userIds: [userId],
      type: "system",
      titleKey: "security.notifications.signedOutByAdmin",
      params: { admin: name },
      link: "/settings/security",
    });
    return rows;
  });
  await announceRevoked(store, revoked);
  return { revoked: revoked.length };
};
