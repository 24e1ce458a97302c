import { eq } from "drizzle-orm";

import type { TwoFactorSetup } from "../../../../shared/contracts/security";
import { AppError } from "../../../../shared/errors";
import type { Db } from "../../../db/client";
import { users } from "../../../db/tables";
import { writeAudit } from "../../../lib/audit";
import { codeRefused, countFailure, isLocked } from "../lockout";
import type { AuthDeps } from "../service";
import { recordSignIn } from "../sessions/history";
import { openSession, type Origin, pickWorkspace } from "../sessions/open";
import {
  countRecoveryCodesLeft,
  makeRecoveryCodes,
  storeRecoveryCodes,
  useRecoveryCode,
} from "./recovery-codes";
import {
  confirmPendingSecret,
  consumeTotp,
  getTwoFactor,
  isEnabled,
  savePendingSecret,
} from "./store";
import { openTotpSecret } from "./secrets";
import { readChallenge, signTrustedBrowser } from "./tokens";
import { enrolmentOf, newTotpSecret } from "./totp";

export type VerifyInput = Origin & {
  challenge: string;
  code?: string;
  recoveryCode?: string;
  trustBrowser?: boolean;
};

/** The account a challenge names, still there and enabled; anything else means "sign in again". */
const accountOf = async (db: Db, userId: string) => {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, "errors.twoFactor.challengeExpired");
  if (!user.isEnabled) throw new AppError(403, "errors.accountDisabled");
  return user;
};

/**
 * The code step: an authenticator code (±1 step, each usable once) or a recovery code (each
 * usable once). A wrong one counts toward the password lockout, and while the account is locked
 * every code is refused with the same answer, so the code cannot be guessed faster than a password.
 */
export const verifySignIn = async (deps: AuthDeps, input: VerifyInput) => {
  const { db } = deps;
  const user = await accountOf(db, await readChallenge(deps.tokens, input.challenge, "verify"));
  const origin = { ip: input.ip, userAgent: input.userAgent };
  if (!input.code === !input.recoveryCode) throw new AppError(400, "errors.twoFactor.codeMissing");
  const method = input.code ? "totp" : "recoveryCode";
  const failed = async (reason: string) => {
    await recordSignIn(db, { userId: user.id, outcome: "failure", reason, method, ...origin });
    throw codeRefused(deps);
  };
  if (isLocked(user)) return failed("locked");
  // Reset by an administrator since the password step: there is no code to check any more.
  if (!isEnabled(await getTwoFactor(db, user.id)))
    throw new AppError(401, "errors.twoFactor.challengeExpired");
  const isValid = input.code
    ? await consumeTotp(db, deps.totpKey, user.id, input.code)
    : await useRecoveryCode(db, user.id, input.recoveryCode ?? "");
  if (!isValid) {
    await countFailure(db, user.id, deps);
    return failed(input.code ? "code" : "recoveryCode");
  }
  const session = await openSession(deps, user, origin, method);
  const twoFactor = await getTwoFactor(db, user.id);
  const trusted =
    input.trustBrowser && twoFactor
      ? await signTrustedBrowser(deps.tokens, user.id, twoFactor.trustKey)
      : undefined;
  return {
    ...session,
    trustedToken: trusted?.token,
    trustedExpiresAt: trusted?.expiresAt,
    recoveryCodesLeft:
      method === "recoveryCode" ? await countRecoveryCodesLeft(db, user.id) : undefined,
  };
};

/**
 * Enrolment the firm requires, at sign-in: a new secret waits for its first code. `keepPending`
 * shows the waiting one again (the user center after a mistyped code: the phone has that one).
 */
export const startSignInEnrolment = async (
  deps: AuthDeps,
  challenge: string,
  keepPending = false,
): Promise<TwoFactorSetup> => {
  const user = await accountOf(deps.db, await readChallenge(deps.tokens, challenge, "enrol"));
  const row = await getTwoFactor(deps.db, user.id);
  if (isEnabled(row)) throw new AppError(409, "errors.twoFactor.alreadyEnabled");
  if (keepPending && row)
    return enrolmentOf(openTotpSecret(deps.totpKey, row.secretSealed), user.username);
  const secret = newTotpSecret();
  if (!(await savePendingSecret(deps.db, deps.totpKey, user.id, secret)))
    throw new AppError(409, "errors.twoFactor.alreadyEnabled");
  return enrolmentOf(secret, user.username);
};

/**
 * The first code turns the authenticator on, the recovery codes are made (shown this once), and
 * the sign-in completes. A wrong code here is a typo against a secret the person just set up, not a
 * guess, so it does not count toward the lockout.
 */
export const confirmSignInEnrolment = async (
  deps: AuthDeps,
  input: Origin & { challenge: string; code: string },
) => {
  const { db } = deps;
  const user = await accountOf(db, await readChallenge(deps.tokens, input.challenge, "enrol"));
  if (isLocked(user)) throw codeRefused(deps);
  const workspaceId = await pickWorkspace(db, user.id, user.lastWorkspaceId);
  const { codes, hashes } = await makeRecoveryCodes();
  await db.transaction(async (tx) => {
    if (!(await confirmPendingSecret(tx, deps.totpKey, user.id, input.code)))
      throw new AppError(400, "errors.twoFactor.setupCodeWrong");
    await storeRecoveryCodes(tx, user.id, hashes);
    await writeAudit(
      tx,
      { workspaceId, userId: user.id, ip: input.ip },
      { action: "create", entity: "two_factor", entityId: user.id, after: { enabled: true } },
    );
  });
  const session = await openSession(deps, user, input, "enrolment");
  return { ...session, recoveryCodes: codes };
};
