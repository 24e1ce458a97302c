import { and, eq, isNull, lt, or, sql } from "drizzle-orm";

import type { Db } from "../../../db/client";
import { recoveryCodes, userTwoFactor } from "../../../db/tables";
import { openTotpSecret, sealTotpSecret } from "./secrets";
import { matchTotp } from "./totp";

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

export const getTwoFactor = async (db: Db, userId: string): Promise<TwoFactorRow | undefined> => {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
};

export const isEnabled = (
  row: TwoFactorRow | undefined,
): row is TwoFactorRow & { enabledAt: Date } => !!row?.enabledAt;

/**
 * Checks an authenticator code of an enabled account and uses it up: the accepted time step is
 * stored, and only a later step passes afterwards. The update claims the step only if no equal or
 * later one was stored meanwhile, so one code sent twice at once signs in once.
 */
export const consumeTotp = async (db: Db, key: string, userId: string, code: string) => {
  const row = await getTwoFactor(db, userId);
  if (!isEnabled(row)) return false;
  const step = await matchTotp(openTotpSecret(key, row.secretSealed), code, row.lastUsedStep);
  if (step === null) return false;
  const claimed = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return claimed.length > 0;
};

/**
 * Keeps a new secret waiting for its first code (enabledAt null). An enabled enrolment is never
 * replaced this way: the user turns it off first, or an administrator resets it.
 */
export const savePendingSecret = async (db: Db, key: string, userId: string, secret: string) => {
  const secretSealed = sealTotpSecret(key, secret);
  const saved = await db
    .insert(userTwoFactor)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretSealed, lastUsedStep: null, updatedAt: new Date() },
      setWhere: isNull(userTwoFactor.enabledAt),
    })
    .returning({ userId: userTwoFactor.userId });
  return saved.length > 0;
};

/**
 * Turns a waiting enrolment on when `code` matches its secret. The first code counts as used, and
 * the trust key is new, so no browser trusted under an earlier enrolment skips the code step.
 */
export const confirmPendingSecret = async (db: Db, key: string, userId: string, code: string) => {
  const row = await getTwoFactor(db, userId);
  if (!row || row.enabledAt) return false;
  const step = await matchTotp(openTotpSecret(key, row.secretSealed), code, null);
  if (step === null) return false;
  const enabled = await db
    .update(userTwoFactor)
    .set({
      enabledAt: new Date(),
      lastUsedStep: step,
      trustKey: sql`gen_random_uuid()`,
      updatedAt: new Date(),
    })
    .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.enabledAt)))
    .returning({ userId: userTwoFactor.userId });
  return enabled.length > 0;
};

/** Removes the enrolment and its recovery codes (which also ends every trusted browser). */
export const removeTwoFactor = async (db: Db, userId: string) => {
  const removed = await db
    .delete(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .returning({ enabledAt: userTwoFactor.enabledAt });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return removed.some((r) => r.enabledAt !== null);
};
