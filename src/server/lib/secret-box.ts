import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Secrets at rest (the firm's PKCS#12, an undelivered message's link or code) are AES-256-GCM under
 * a key derived from the server's secret and the purpose, so a copy of the database alone holds
 * nothing usable, and a key for one purpose opens nothing of another.
 */
const keyOf = (secret: string, purpose: string) =>
  createHash("sha256").update(`law-manage:${purpose}:${secret}`).digest();

export const sealWith = (secret: string, purpose: string, plain: Buffer) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64")).join(".");
};

export const openWith = (secret: string, purpose: string, sealed: string) => {
  const [iv, tag, body] = sealed.split(".").map((s) => Buffer.from(s, "base64"));
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret, purpose), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
};
