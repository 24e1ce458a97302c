/** Two-factor sign-in, sessions and the firm's security policy: shapes both sides use. */

/** Digits of an authenticator code, and how many recovery codes an enrolment hands out. */
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** "Trust this browser": how long a browser may skip the code step. */
export const TRUST_BROWSER_DAYS = 30;
/** How long sign-in history is kept. */
export const SIGN_IN_HISTORY_DAYS = 90;

/** Who a firm requires two-factor sign-in of: nobody, everyone, or holders of chosen roles. */
export const TWO_FACTOR_MODES = ["off", "all", "roles"] as const;
export type TwoFactorMode = (typeof TWO_FACTOR_MODES)[number];

export type SecuritySettings = { twoFactor: { mode: TwoFactorMode; roleIds: string[] } };

/** How a sign-in was proven (sessions.method, sign_in_events.method). */
export type SignInMethod = "password" | "totp" | "recoveryCode" | "trustedBrowser" | "enrolment";

/** The signed-in user's own two-factor state (GET /api/profile/two-factor). */
export type TwoFactorStatus = {
  isEnabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  /** A firm the user belongs to requires it: it cannot be turned off. */
  isRequired: boolean;
};

/** What an enrolment shows: the QR code (an SVG data URL) and the same secret as text. */
export type TwoFactorSetup = { secret: string; otpauthUri: string; qrDataUrl: string };

/** One active sign-in of the user (GET /api/profile/sessions). */
export type SessionRow = {
  id: string;
  isCurrent: boolean;
  ip: string;
  userAgent: string;
  method: SignInMethod;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  workspaceName: string;
};

/** One attempt of the sign-in history (GET /api/profile/sign-ins). */
export type SignInRow = {
  id: string;
  occurredAt: string;
  outcome: "success" | "failure";
  reason: string;
  method: SignInMethod;
  ip: string;
  userAgent: string;
};

/**
 * POST /api/auth/login answers a token, or asks for the second step: `verify` (a code) or
 * `enrol` (the firm requires two-factor and the account has none yet). `challenge` is a
 * short-lived signed token naming the account, not a sign-in.
 */
export type LoginAnswer =
  | { token: string; expiresAt: string }
  | { twoFactor: "verify" | "enrol"; challenge: string; challengeExpiresAt: string };
