import { createHash } from "node:crypto";

import forge from "node-forge";

import { fingerprintOf, subjectOf } from "./certificate";
import { parseStrictCms, SignatureShapeError, type StrictCms } from "./cms-strict";

export type SignatureCheck = {
  /** A signature dictionary was found and parsed. */
  signed: boolean;
  /**
   * The signature verifies over the bytes it covers with the certificate it carries, and every
   * byte of /Contents is accounted for: the one CMS object our signer writes, then zeros only.
   */
  signatureValid: boolean;
  /** It covers the whole file: nothing was appended or changed after signing. */
  coversWholeFile: boolean;
  /** SHA-256 of the signer's certificate (DER), to compare with the firm's published one. */
  fingerprint: string | null;
  subject: string | null;
  signedAt: Date | null;
  /** Whether the signer's certificate is the published one given to the check; null when none was. */
  matchesPublished: boolean | null;
  /** The first check that failed, in words for the CLI ("padding after the signature is not zeros"); null when none did. */
  problem: string | null;
};

const NONE: SignatureCheck = {
  signed: false,
  signatureValid: false,
  coversWholeFile: false,
  fingerprint: null,
  subject: null,
  signedAt: null,
  matchesPublished: null,
  problem: "no signature",
};

/**
 * The ByteRange, the signed bytes and /Contents split into the CMS (as long as its own DER header
 * says) and the rest. /Contents must be exactly "<", lowercase hex as the signer wrote it, ">":
 * another case or a space would be a change the hex decoding hides.
 */
const signatureOf = (pdf: Buffer) => {
  const at = pdf.lastIndexOf("/ByteRange [");
  if (at < 0) return undefined;
  const m = /\/ByteRange \[\s*(\d+) +(\d+) +(\d+) +(\d+)\s*\]/.exec(
    pdf.subarray(at, at + 100).toString("latin1"),
  );
  if (!m) return undefined;
  const ByteRange = m.slice(1, 5).map(Number);
  const [start, len1, off2, len2] = ByteRange;
  if (start + len1 >= off2 || off2 + len2 > pdf.length) return undefined;
  const signedData = Buffer.concat([
    pdf.subarray(start, start + len1),
    pdf.subarray(off2, off2 + len2),
  ]);
  const hex = /^<([0-9a-f]*)>$/.exec(pdf.subarray(start + len1, off2).toString("latin1"))?.[1];
  if (hex === undefined || hex.length % 2 !== 0)
    return { ByteRange, signedData, problem: "the signature is not written as plain hex" };
  const contents = Buffer.from(hex, "hex");
  const length = derLength(contents);
  if (length === undefined)
    return { ByteRange, signedData, problem: "the signature's length does not fit in its space" };
  if (contents.subarray(length).some((b) => b !== 0))
    return { ByteRange, signedData, problem: "the space after the signature is not all zeros" };
  return { ByteRange, signedData, signature: contents.subarray(0, length).toString("binary") };
};

/** The length of the DER value at the start of `b` (a SEQUENCE) from its own header; undefined when the header or value does not fit. */
const derLength = (b: Buffer) => {
  if (b.length < 2 || b[0] !== 0x30) return undefined;
  const first = b[1];
  const n = first & 0x7f;
  if (first < 0x80) return 2 + first <= b.length ? 2 + first : undefined;
  if (n === 0 || n > 4 || 2 + n > b.length) return undefined;
  let len = 0;
  for (let i = 0; i < n; i += 1) len = len * 256 + b[2 + i];
  return 2 + n + len <= b.length ? 2 + n + len : undefined;
};

const attrValue = (n: forge.asn1.Asn1 | undefined, type: number) =>
  n && n.tagClass === forge.asn1.Class.UNIVERSAL && n.type === type && typeof n.value === "string"
    ? n.value
    : undefined;

/** The signing time, or null when it is missing or not a time (a damaged attribute must not throw). */
const dateOf = (utc: string | undefined) => {
  try {
    const d = utc ? forge.asn1.utcTimeToDate(utc) : null;
    return d && !Number.isNaN(d.getTime()) ? d : null;
  } catch {
    return null;
  }
};

/**
 * Checks a PDF's (first) PKCS#7 detached signature: the CMS is exactly what our signer writes
 * (cms-strict), with zeros after it; its messageDigest is the SHA-256 of the ByteRange; the
 * signer's RSA signature over the signed attributes verifies with the certificate it carries; and,
 * when the firm's published certificate is given (its SHA-256 fingerprint), that it is this one.
 * node-forge parses but does not verify PKCS#7, so the checks are spelled out; pdfsig (poppler)
 * is the independent verifier the tests hold this against.
 */
export const checkSignature = (pdf: Buffer, publishedFingerprint?: string): SignatureCheck => {
  const extracted = signatureOf(pdf);
  if (!extracted) return NONE;
  const [start, len1, off2, len2] = extracted.ByteRange;
  const coversWholeFile = start === 0 && len1 > 0 && off2 + len2 === pdf.length;
  const base = {
    ...NONE,
    signed: true,
    coversWholeFile,
    problem: coversWholeFile ? null : "the signature does not cover the whole file",
  };
  if (!extracted.signature) return { ...base, problem: extracted.problem ?? "no signature" };
  let cms: StrictCms;
  try {
    cms = parseStrictCms(extracted.signature);
  } catch (e) {
    return {
      ...base,
      problem: `the signature is not as signed (${e instanceof SignatureShapeError ? e.message : "unreadable"})`,
    };
  }
  const fingerprint = fingerprintOf(cms.signer);
  const matchesPublished =
    publishedFingerprint === undefined
      ? null
      : publishedFingerprint.toLowerCase().replace(/:/g, "") === fingerprint;
  const digest = attrValue(
    cms.attributes.get(forge.pki.oids.messageDigest),
    forge.asn1.Type.OCTETSTRING,
  );
  const contentType = attrValue(
    cms.attributes.get(forge.pki.oids.contentType),
    forge.asn1.Type.OID,
  );
  const time = attrValue(cms.attributes.get(forge.pki.oids.signingTime), forge.asn1.Type.UTCTIME);
  const actual = createHash("sha256").update(extracted.signedData).digest("binary");
  let rsaOk = false;
  try {
    const md = forge.md.sha256.create();
    md.update(cms.signedAttributes);
    rsaOk = (cms.signer.publicKey as forge.pki.rsa.PublicKey).verify(
      md.digest().bytes(),
      cms.signature,
    );
  } catch {
    rsaOk = false;
  }
  const signatureProblem =
    (contentType === undefined || forge.asn1.derToOid(contentType) !== forge.pki.oids.data
      ? "the signed content type is not a document"
      : null) ??
    (digest !== actual ? "the document's bytes are not the ones signed" : null) ??
    (!rsaOk ? "the signature does not verify with its certificate" : null) ??
    (matchesPublished === false
      ? "the certificate is not the firm's published certificate"
      : null) ??
    (cms.rootUnchecked && matchesPublished !== true
      ? "the certificate's issuer is not in the signature: give the firm's published certificate"
      : null);
  return {
    signed: true,
    signatureValid: signatureProblem === null,
    coversWholeFile,
    fingerprint,
    subject: subjectOf(cms.signer),
    signedAt: dateOf(time),
    matchesPublished,
    problem: signatureProblem ?? base.problem,
  };
};
