import { and, eq } from "drizzle-orm";
import forge from "node-forge";
import { pinyin } from "pinyin-pro";

import { AppError } from "../../../shared/errors";
import { esignCertificates, workspaces } from "../../db/tables";
import { writeAudit } from "../../lib/audit";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { decryptSecret, encryptSecret, newToken } from "./secrets";

type CertRow = typeof esignCertificates.$inferSelect;
export type FirmKey = { p12: Buffer; passphrase: string; row: CertRow };

const fingerprintOf = (cert: forge.pki.Certificate) =>
  forge.md.sha256
    .create()
    .update(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes())
    .digest()
    .toHex();

/** A parsed certificate's UTF8String values are UTF-8 bytes; one just made still holds the text. */
const textOf = (value: unknown) => {
  try {
    return forge.util.decodeUtf8(String(value));
  } catch {
    return String(value);
  }
};

/** "CN=明德律师事务所, O=…, C=CN" */
export const subjectOf = (cert: forge.pki.Certificate) =>
  cert.subject.attributes.map((a) => `${a.shortName ?? a.name}=${textOf(a.value)}`).join(", ");

/** The public part of a certificate row, for the settings page and the verify result. */
export const certificateInfo = (row: CertRow) => ({
  subject: row.subject,
  fingerprint: row.fingerprint,
  notAfter: row.notAfter,
  source: row.source,
  createdAt: row.createdAt,
  certPem: row.certPem,
});

/**
 * The firm's name in Latin letters for readers without CJK: pinyin, one capitalised word a
 * syllable, ü written "v" as Chinese keyboards and passports do (律 → "Lv", not "L").
 */
export const romanisedName = (name: string) => {
  const latin = pinyin(name, { toneType: "none", type: "array", nonZh: "consecutive", v: true })
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return (latin || "law-manage firm").slice(0, 64);
};

/** A name attribute in UTF-8, so the firm's Chinese name is the certificate's own (FirmSigner writes it back correctly). */
const utf8 = (shortName: string, value: string): forge.pki.CertificateField => ({
  shortName,
  value: value.slice(0, 64),
  // @types/node-forge types this as a Class; forge reads it as the value's universal type (UTF8String).
  valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
});

/**
 * A self-signed RSA-2048 certificate for the firm (CN its name as written, O its romanised name),
 * valid ten years, with the key usages a document-signing certificate carries, packed as a
 * PKCS#12 under a random passphrase.
 */
export const generateP12 = (firmName: string) => {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(15))}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000);
  const attrs = [
    utf8("CN", firmName.trim() || "law-manage firm"),
    utf8("O", romanisedName(firmName)),
    { shortName: "OU", value: "law-manage e-signing" },
    { shortName: "C", value: "CN" },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  // Self-signed, so it is its own CA: a reader that is told to trust it (pdfsig with an NSS
  // database, Acrobat's trusted list) then reports the signature trusted.
  cert.setExtensions([
    { name: "basicConstraints", cA: true },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true, keyCertSign: true },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const passphrase = newToken();
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, {
    algorithm: "aes256",
    friendlyName: "law-manage firm seal",
  });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary"), passphrase, cert };
};

/** Opens a PKCS#12: its certificate and whether it holds the matching private key, else a 400. */
const openP12 = (p12: Buffer, passphrase: string) => {
  try {
    const parsed = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(p12.toString("binary")),
      passphrase,
    );
    const certs = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
    const keyBags = [
      ...(parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
        forge.pki.oids.pkcs8ShroudedKeyBag
      ] ?? []),
      ...(parsed.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
    ];
    const cert = certs[0]?.cert;
    if (!cert || !keyBags[0]?.key) throw new Error("no certificate or key");
    return cert;
  } catch {
    throw new AppError(400, "esign.errors.badCertificate");
  }
};

const store = async (
  ctx: RequestCtx,
  secret: string,
  source: "generated" | "uploaded",
  p12: Buffer,
  passphrase: string,
  cert: forge.pki.Certificate,
) => {
  await ctx.db
    .update(esignCertificates)
    .set({ active: 0 })
    .where(inWorkspace(ctx, esignCertificates, eq(esignCertificates.active, 1)));
  const [row] = await ctx.db
    .insert(esignCertificates)
    .values({
      workspaceId: ctx.workspaceId,
      source,
      subject: subjectOf(cert),
      fingerprint: fingerprintOf(cert),
      certPem: forge.pki.certificateToPem(cert),
      p12Encrypted: encryptSecret(secret, p12),
      passphraseEncrypted: encryptSecret(secret, Buffer.from(passphrase)),
      notAfter: cert.validity.notAfter,
      createdBy: ctx.userId,
    })
    .returning();
  await writeAudit(ctx.db, ctx, {
    action: "create",
    entity: "esign_certificates",
    entityId: row.id,
    after: certificateInfo(row),
  });
  return row;
};

export const activeCertificate = async (ctx: Pick<RequestCtx, "db" | "workspaceId">) => {
  const [row] = await ctx.db
    .select()
    .from(esignCertificates)
    .where(
      and(eq(esignCertificates.workspaceId, ctx.workspaceId), eq(esignCertificates.active, 1)),
    );
  return row;
};

/** A new generated certificate replaces the active one (documents sealed before keep verifying: their certificate travels in them). */
export const generateCertificate = async (ctx: RequestCtx, secret: string) => {
  const [firm] = await ctx.db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  const made = generateP12(firm?.name ?? "law-manage");
  return store(ctx, secret, "generated", made.p12, made.passphrase, made.cert);
};

export const uploadCertificate = (
  ctx: RequestCtx,
  secret: string,
  p12: Buffer,
  passphrase: string,
) => {
  const cert = openP12(p12, passphrase);
  if (cert.validity.notAfter.getTime() < Date.now())
    throw new AppError(400, "esign.errors.certificateExpired");
  return store(ctx, secret, "uploaded", p12, passphrase, cert);
};

/** The firm's signing key, generated at first use. Call inside the sealing transaction. */
export const firmKey = async (ctx: RequestCtx, secret: string): Promise<FirmKey> => {
  const row = (await activeCertificate(ctx)) ?? (await generateCertificate(ctx, secret));
  return {
    row,
    p12: decryptSecret(secret, row.p12Encrypted),
    passphrase: decryptSecret(secret, row.passphraseEncrypted).toString(),
  };
};

export { fingerprintOf };
