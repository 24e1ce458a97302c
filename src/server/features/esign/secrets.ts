import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** Hex SHA-256 of bytes or text: link tokens, codes and sessions are stored only as this. */
export const sha256 = (data: Buffer | Uint8Array | string) => createHash("sha256").update(data).digest("hex");

/** A link token or session: 32 random bytes, URL-safe. */
export const newToken = () => randomBytes(32).toString("base64url");

/** A one-time code: 6 digits, uniformly drawn. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

export const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Secrets at rest (the firm's PKCS#12 and its passphrase) are AES-256-GCM under a key derived
 * from the server's secret, so a copy of the database alone does not hold a usable signing key.
 */
const keyOf = (secret: string) => createHash("sha256").update(`law-manage:esign:${secret}`).digest();

export const encryptSecret = (secret: string, plain: Buffer) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64")).join(".");
};

export const decryptSecret = (secret: string, sealed: string) => {
  const [iv, tag, body] = sealed.split(".").map((s) => Buffer.from(s, "base64"));
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
};

/** "zhang@example.com" → "zh***@example.com", "13800138000" → "138****8000". */
export const maskRecipient = (value: string) => {
  const at = value.indexOf("@");
  if (at > 0) return `${value.slice(0, Math.min(2, at))}***${value.slice(at)}`;
  return value.length > 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : "****";
};
