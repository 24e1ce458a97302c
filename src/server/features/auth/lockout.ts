import { eq, sql } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import type { Db } from "../../db/client";
import { users } from "../../db/tables";

type Limits = { maxFailures: number; lockMinutes: number };

export const isLocked = (user: { lockedUntil: Date | null }) =>
  !!user.lockedUntil && user.lockedUntil.getTime() > Date.now();

/**
 * One more wrong password or code: after `maxFailures` the account is locked for `lockMinutes`.
 * One statement, so attempts racing on several processes each count (a read-then-write would let
 * parallel guesses overwrite each other's count).
 */
export const countFailure = async (db: Db, userId: string, limits: Limits) => {
  const locks = sql`${users.failedLogins} + 1 >= ${limits.maxFailures}`;
  await db
    .update(users)
    .set({
      failedLogins: sql`case when ${locks} then 0 else ${users.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${locks} then now() + make_interval(mins => ${limits.lockMinutes}) else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId));
};

/**
 * The one answer for an unknown name, a wrong password and a locked account: same status, same
 * message, and each costs one scrypt check, so none of them tells whether the account exists.
 */
export const signInRefused = (limits: Limits) =>
  new AppError(401, "errors.signInRefused", {
    params: { max: limits.maxFailures, minutes: limits.lockMinutes },
  });

/**
 * A wrong (or replayed) authenticator or recovery code, or any code while the account is locked:
 * the same answer for each, naming the lockout the attempts count toward. 401 on the sign-in step;
 * 400 on the profile's own checks, where a 401 would sign the browser out.
 */
export const codeRefused = (limits: Limits, status: 400 | 401 = 401) =>
  new AppError(status, "errors.twoFactor.codeRefused", {
    params: { max: limits.maxFailures, minutes: limits.lockMinutes },
  });
