import { eq } from "drizzle-orm";

import type { TwoFactorSetup, TwoFactorStatus } from "../../../../shared/contracts/security";
import { AppError } from "../../../../shared/errors";
import { users } from "../../../db/tables";
import { writeAudit } from "../../../lib/audit";
import type { RequestCtx } from "../../../lib/request-ctx";
import { codeRefused, countFailure, isLocked } from "../lockout";
import { verifyPassword } from "../passwords";
import type { AuthDeps } from "../service";
import { isTwoFactorRequired } from "./policy";
import { countRecoveryCodesLeft, makeRecoveryCodes, storeRecoveryCodes } from "./recovery-codes";
import {
  confirmPendingSecret,
  consumeTotp,
  getTwoFactor,
  isEnabled,
  removeTwoFactor,
  savePendingSecret,
} from "./store";
import { enrolmentOf, newTotpSecret } from "./totp";

/** What the profile's checks need of auth: the sealing key and the lockout limits. */
export type TwoFactorDeps = Pick<AuthDeps, "totpKey" | "maxFailures" | "lockMinutes">;

const loadUser = async (ctx: RequestCtx) => {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.userId));
  if (!user) throw new AppError(401, "errors.tokenInvalid");
  return user;
};

export const getTwoFactorStatus = async (ctx: RequestCtx): Promise<TwoFactorStatus> => {
  const row = await getTwoFactor(ctx.db, ctx.userId);
  const isOn = isEnabled(row);
  return {
    isEnabled: isOn,
    enabledAt: isOn ? row.enabledAt.toISOString() : null,
    recoveryCodesLeft: isOn ? await countRecoveryCodesLeft(ctx.db, ctx.userId) : 0,
    isRequired: await isTwoFactorRequired(ctx.db, ctx.userId),
  };
};

/**
 * A current code before a change that weakens or re-issues the second factor, so a borrowed
 * session alone cannot do it. Wrong codes count toward the lockout as at sign-in (400 here: a 401
 * would sign the browser out).
 */
const requireCode = async (ctx: RequestCtx, deps: TwoFactorDeps, code: string) => {
  const user = await loadUser(ctx);
  if (isLocked(user) || !(await consumeTotp(ctx.db, deps.totpKey, ctx.userId, code))) {
    if (!isLocked(user)) await countFailure(ctx.db, ctx.userId, deps);
    throw codeRefused(deps, 400);
  }
  return user;
};

/** Step one of enrolment from the profile: a new secret waits for its first code. */
export const startEnrolment = async (
  ctx: RequestCtx,
  deps: TwoFactorDeps,
): Promise<TwoFactorSetup> => {
  const user = await loadUser(ctx);
  const secret = newTotpSecret();
  if (!(await savePendingSecret(ctx.db, deps.totpKey, ctx.userId, secret)))
    throw new AppError(409, "errors.twoFactor.alreadyEnabled");
  return enrolmentOf(secret, user.username);
};

/** Step two: the first code turns it on; the ten recovery codes are answered this once only. */
export const enableTwoFactor = async (ctx: RequestCtx, deps: TwoFactorDeps, code: string) => {
  const { codes, hashes } = await makeRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    if (!(await confirmPendingSecret(tx, deps.totpKey, ctx.userId, code))) {
      const row = await getTwoFactor(tx, ctx.userId);
      throw isEnabled(row)
        ? new AppError(409, "errors.twoFactor.alreadyEnabled")
        : new AppError(400, "errors.twoFactor.setupCodeWrong");
    }
    await storeRecoveryCodes(tx, ctx.userId, hashes);
    await writeAudit(tx, ctx, {
      action: "create",
      entity: "two_factor",
      entityId: ctx.userId,
      after: { enabled: true },
    });
  });
  return { recoveryCodes: codes };
};

/**
 * Turning it off takes the password and a current code. Refused while a firm of the user requires
 * it: they would only be sent to enrolment at their next sign-in.
 */
export const disableTwoFactor = async (
  ctx: RequestCtx,
  deps: TwoFactorDeps,
  input: { password: string; code: string },
) => {
  if (!isEnabled(await getTwoFactor(ctx.db, ctx.userId)))
    throw new AppError(409, "errors.twoFactor.notEnabled");
  if (await isTwoFactorRequired(ctx.db, ctx.userId))
    throw new AppError(409, "errors.twoFactor.requiredByFirm");
  const user = await loadUser(ctx);
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    throw new AppError(400, "errors.oldPasswordWrong", {
      fields: [{ field: "password", message: "errors.oldPasswordWrong" }],
    });
  }
  await requireCode(ctx, deps, input.code);
  await ctx.db.transaction(async (tx) => {
    await removeTwoFactor(tx, ctx.userId);
    await writeAudit(tx, ctx, {
      action: "delete",
      entity: "two_factor",
      entityId: ctx.userId,
      before: { enabled: true },
      after: { enabled: false },
    });
  });
  return { isEnabled: false };
};

/** New recovery codes for a current code; the old ones stop working at once. */
export const regenerateRecoveryCodes = async (
  ctx: RequestCtx,
  deps: TwoFactorDeps,
  code: string,
) => {
  if (!isEnabled(await getTwoFactor(ctx.db, ctx.userId)))
    throw new AppError(409, "errors.twoFactor.notEnabled");
  await requireCode(ctx, deps, code);
  const { codes, hashes } = await makeRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    await storeRecoveryCodes(tx, ctx.userId, hashes);
    await writeAudit(tx, ctx, {
      action: "update",
      entity: "two_factor",
      entityId: ctx.userId,
      after: { recoveryCodes: "regenerated" },
    });
  });
  return { recoveryCodes: codes };
};
