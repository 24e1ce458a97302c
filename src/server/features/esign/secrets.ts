import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

import { openWith, sealWith } from "../../lib/secret-box";

/** Hex SHA-256 of bytes or text: link tokens, codes and sessions are stored only as this. */
export const sha256 = (data: Buffer | Uint8Array | string) =>
  createHash("sha256").update(data).digest("hex");

/** A link token or session: 32 random bytes, URL-safe. */
export const newToken = () => randomBytes(32).toString("base64url");

/** A one-time code: 6 digits, uniformly drawn. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

export const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The firm's PKCS#12 and its passphrase at rest (lib/secret-box: AES-256-GCM under the server's secret). */
export const encryptSecret = (secret: string, plain: Buffer) => sealWith(secret, "esign", plain);
export const decryptSecret = (secret: string, sealed: string) => openWith(secret, "esign", sealed);

/** "zhang@example.com" → "zh***@example.com", "13800138000" → "138****8000". */
export const maskRecipient = (value: string) => {
  const at = value.indexOf("@");
  if (at > 0) return `${value.slice(0, Math.min(2, at))}***${value.slice(at)}`;
  return value.length > 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : "****";
};
