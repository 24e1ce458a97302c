import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";

import { TOTP_DIGITS, type TwoFactorSetup } from "../../../../shared/contracts/security";

/** RFC 6238 as every authenticator app does it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
/** ±1 step: a code typed just as it turns over, or on a phone whose clock is a little off, still counts. */
const TOLERANCE_SECONDS = PERIOD;
const ISSUER = "law-manage";
const CODE = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), Base32. */
export const newTotpSecret = () => generateSecret({ length: 20 });

/** What the enrolment screen shows: the otpauth:// URI as a QR code, and the secret as text. */
export const enrolmentOf = async (secret: string, account: string): Promise<TwoFactorSetup> => {
  const otpauthUri = generateURI({ issuer: ISSUER, label: account, secret });
  const svg = await QRCode.toString(otpauthUri, {
    type: "svg",
    margin: 2,
    errorCorrectionLevel: "M",
  });
  return {
    secret,
    otpauthUri,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
};

/** The QR code as inline SVG, for the user center's page (no script, no data URL needed). */
export const qrSvgOf = (otpauthUri: string) =>
  QRCode.toString(otpauthUri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });

/**
 * The time step `code` is valid for, if it is valid within ±1 step and for a later step than
 * `afterStep` (the last one accepted: a code is good once). Null otherwise, malformed input too.
 */
export const matchTotp = async (secret: string, code: string, afterStep: number | null) => {
  if (!CODE.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // otplib's verify answers for HOTP or TOTP; a TOTP match carries its time step.
  return result.valid && "timeStep" in result ? result.timeStep : null;
};
