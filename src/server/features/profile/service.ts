import { and, eq, isNull, ne } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";

import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES as AVATAR_TYPE_LIST,
} from "../../../shared/contracts/profile";
import { AppError } from "../../../shared/errors";
import { mergePreferences, type Preferences } from "../../../shared/preferences";
import { sessions, users } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { hashPassword, verifyPassword } from "../auth";
import type { SessionStore } from "../../lib/session-store";

export type ProfileUpdate = { name: string; nameSuffix: string; email: string; phone: string };

const loadUser = async (ctx: RequestCtx) => {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.userId));
  if (!user) throw new AppError(401, "errors.tokenInvalid");
  return user;
};

const publicFields = (u: typeof users.$inferSelect) => ({
  name: u.name,
  nameSuffix: u.nameSuffix,
  email: u.email,
  phone: u.phone,
});

export const updateProfile = (ctx: RequestCtx, input: ProfileUpdate) =>
  ctx.db.transaction(async (tx) => {
    const before = await loadUser({ ...ctx, db: tx });
    const [after] = await tx
      .update(users)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(users.id, ctx.userId))
      .returning();
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "users",
      entityId: ctx.userId,
      before: publicFields(before),
      after: publicFields(after),
    });
    return publicFields(after);
  });

/**
 * Changing the password signs the user out everywhere else: whoever knew the old one must
 * not keep a session opened with it.
 */
export const changePassword = async (
  ctx: RequestCtx,
  store: SessionStore,
  oldPassword: string,
  newPassword: string,
) => {
  const user = await loadUser(ctx);
  if (!(await verifyPassword(oldPassword, user.passwordHash))) {
    throw new AppError(400, "errors.oldPasswordWrong", {
      fields: [{ field: "oldPassword", message: "errors.oldPasswordWrong" }],
    });
  }
  if (oldPassword === newPassword) {
    throw new AppError(400, "errors.passwordUnchanged", {
      fields: [{ field: "newPassword", message: "errors.passwordUnchanged" }],
    });
  }
  const passwordHash = await hashPassword(newPassword);
  const revoked = await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, ctx.userId));
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, ctx.userId),
          ne(sessions.id, ctx.sessionId),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "users",
      entityId: ctx.userId,
      after: { password: "changed", otherSessionsRevoked: rows.length },
    });
    return rows;
  });
  for (const row of revoked) await store.invalidate({ sessionId: row.id });
  return { otherSessionsRevoked: revoked.length };
};

const AVATAR_TYPES = new Set(AVATAR_TYPE_LIST);

/**
 * Avatars are small and kept as data URLs on the account: an <img> can show them without a
 * token, and several app processes need no shared disk for them.
 */
export const updateAvatar = async (ctx: RequestCtx, dataUrl: string) => {
  const match = /^data:([a-z/+-]+);base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match) throw new AppError(400, "errors.avatarInvalid");
  const bytes = Buffer.from(match[2], "base64");
  if (bytes.length > AVATAR_MAX_BYTES) {
    throw new AppError(413, "errors.avatarTooLarge", {
      params: { max: `${AVATAR_MAX_BYTES / 1024} KB` },
    });
  }
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !AVATAR_TYPES.has(sniffed.mime)) throw new AppError(400, "errors.avatarInvalid");
  const avatarUrl = `data:${sniffed.mime};base64,${bytes.toString("base64")}`;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ avatarUrl, updatedAt: new Date() })
      .where(eq(users.id, ctx.userId));
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "users",
      entityId: ctx.userId,
      after: { avatar: sniffed.mime, bytes: bytes.length },
    });
  });
  return { avatarUrl };
};

export const getPreferences = async (ctx: RequestCtx) =>
  mergePreferences((await loadUser(ctx)).preferences);

export const updatePreferences = async (ctx: RequestCtx, patch: Partial<Preferences>) => {
  const current = await getPreferences(ctx);
  const next = mergePreferences({ ...current, ...patch });
  await ctx.db.update(users).set({ preferences: next }).where(eq(users.id, ctx.userId));
  return next;
};
