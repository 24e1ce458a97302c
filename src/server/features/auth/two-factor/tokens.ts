import { AppError } from "../../../../shared/errors";
import { TRUST_BROWSER_DAYS } from "../../../../shared/contracts/security";
import type { TokenSigner } from "../../../lib/tokens";

/** Audiences of their own, so neither token can ever pass as a session (or the other way round). */
const CHALLENGE_AUDIENCE = "two-factor-challenge";
const TRUSTED_AUDIENCE = "trusted-browser";

/** Long enough to open the authenticator app, short enough that a left-open page is useless. */
const CHALLENGE_TTL_MS = 5 * 60_000;

/** What the password step proved: `verify` a code next, or `enrol` (the firm requires 2FA). */
export type ChallengeStep = "verify" | "enrol";

/**
 * The "2FA pending" state between the password and the code: a signed token naming the account
 * and the step, not a sign-in. It opens nothing but the second step, and only until it expires.
 */
export const signChallenge = async (tokens: TokenSigner, userId: string, step: ChallengeStep) => {
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  const challenge = await tokens.sign({ step }, CHALLENGE_AUDIENCE, userId, expiresAt);
  return { challenge, challengeExpiresAt: expiresAt.toISOString() };
};

/** The account a challenge names; an expired, forged or other-step challenge means "sign in again". */
export const readChallenge = async (
  tokens: TokenSigner,
  challenge: string,
  step: ChallengeStep,
) => {
  const expired = new AppError(401, "errors.twoFactor.challengeExpired");
  const payload = await tokens.verify(challenge, CHALLENGE_AUDIENCE).catch(() => {
    throw expired;
  });
  if (payload.step !== step || typeof payload.sub !== "string") throw expired;
  return payload.sub;
};

/**
 * "Trust this browser for 30 days": names the account and its enrolment's trust key, so a reset,
 * a disable or a new enrolment (which changes the key) ends every trusted browser at once.
 */
export const signTrustedBrowser = async (tokens: TokenSigner, userId: string, trustKey: string) => {
  const expiresAt = new Date(Date.now() + TRUST_BROWSER_DAYS * 86_400_000);
  const token = await tokens.sign({ tk: trustKey }, TRUSTED_AUDIENCE, userId, expiresAt);
  return { token, expiresAt };
};

/** Whether one of the browser's trust tokens is for this account and its current enrolment. */
export const isTrustedBrowser = async (
  tokens: TokenSigner,
  userId: string,
  trustKey: string,
  candidates: string[],
) => {
  // A browser shared by a few colleagues holds a few tokens; more is not a browser.
  for (const candidate of candidates.slice(0, 10)) {
    const payload = await tokens.verify(candidate, TRUSTED_AUDIENCE).catch(() => null);
    if (payload?.sub === userId && payload.tk === trustKey) return true;
  }
  return false;
};
