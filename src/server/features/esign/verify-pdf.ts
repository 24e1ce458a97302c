import { createHash } from "node:crypto";

import forge from "node-forge";

import { fingerprintOf, subjectOf } from "./certificate";

export type SignatureCheck = {
  /** A signature dictionary was found and parsed. */
  signed: boolean;
  /** The signature verifies over the bytes it covers with the certificate it carries. */
  signatureValid: boolean;
  /** It covers the whole file: nothing was appended or changed after signing. */
  coversWholeFile: boolean;
  fingerprint: string | null;
  subject: string | null;
  signedAt: Date | null;
};

const NONE: SignatureCheck = { signed: false, signatureValid: false, coversWholeFile: false, fingerprint: null, subject: null, signedAt: null };

type Attr = { type: string; value: unknown };

/**
 * The ByteRange, the signed bytes and the whole DER of /Contents (zero padding included: the
 * DER's own length says where it ends). @signpdf's extractSignature strips trailing zero bytes,
 * which cuts a signature that happens to end in 0x00 (about one in 256).
 */
const signatureOf = (pdf: Buffer) => {
  const at = pdf.lastIndexOf("/ByteRange [");
  if (at < 0) return undefined;
  const m = /\/ByteRange \[\s*(\d+) +(\d+) +(\d+) +(\d+)\s*\]/.exec(pdf.subarray(at, at + 100).toString("latin1"));
  if (!m) return undefined;
  const ByteRange = m.slice(1, 5).map(Number);
  const [start, len1, off2, len2] = ByteRange;
  if (start + len1 >= off2 || off2 + len2 > pdf.length) return undefined;
  const hex = pdf.subarray(start + len1, off2).toString("latin1").replace(/[<>\s]/g, "");
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) return undefined;
  const signedData = Buffer.concat([pdf.subarray(start, start + len1), pdf.subarray(off2, off2 + len2)]);
  const der = Buffer.from(hex, "hex");
  return { ByteRange, signature: der.subarray(0, derLength(der)).toString("binary"), signedData };
};

/** The length of the DER value at the start of `b` (a SEQUENCE), from its own header. */
const derLength = (b: Buffer) => {
  if (b.length < 2) return b.length;
  const first = b[1];
  if (first < 0x80) return Math.min(b.length, 2 + first);
  const n = first & 0x7f;
  let len = 0;
  for (let i = 0; i < n && 2 + i < b.length; i += 1) len = len * 256 + b[2 + i];
  return Math.min(b.length, 2 + n + len);
};

/**
 * Checks a PDF's (first) PKCS#7 detached signature cryptographically: the messageDigest signed
 * attribute equals the SHA-256 of the ByteRange, and the signer's RSA signature over the signed
 * attributes verifies with the public key of the certificate in the signature. node-forge parses
 * but does not verify PKCS#7, so the two checks are spelled out here; pdfsig (poppler) is the
 * independent verifier the tests hold this against.
 */
export const checkSignature = (pdf: Buffer): SignatureCheck => {
  const extracted = signatureOf(pdf);
  if (!extracted) return NONE;
  const [start, len1, off2, len2] = extracted.ByteRange;
  const coversWholeFile = start === 0 && off2 + len2 === pdf.length;
  try {
    const p7 = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(extracted.signature)) as forge.pkcs7.PkcsSignedData & {
      rawCapture: { authenticatedAttributes?: forge.asn1.Asn1[]; signature: string; digestAlgorithm: string };
    };
    const cert = p7.certificates[0];
    const attrs = p7.rawCapture.authenticatedAttributes ?? [];
    const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attrs);
    const decoded = attrs.map((a) => {
      const seq = a.value as forge.asn1.Asn1[];
      return { type: forge.asn1.derToOid((seq[0].value as string) ?? ""), value: (seq[1].value as forge.asn1.Asn1[])[0] } as Attr;
    });
    const digestAttr = decoded.find((a) => a.type === forge.pki.oids.messageDigest);
    const timeAttr = decoded.find((a) => a.type === forge.pki.oids.signingTime);
    const digest = digestAttr ? Buffer.from((digestAttr.value as forge.asn1.Asn1).value as string, "binary").toString("hex") : "";
    const actual = createHash("sha256").update(extracted.signedData).digest("hex");
    const md = forge.md.sha256.create();
    md.update(forge.asn1.toDer(set).getBytes());
    const rsaOk = (cert.publicKey as forge.pki.rsa.PublicKey).verify(md.digest().bytes(), p7.rawCapture.signature);
    const timeValue = timeAttr ? ((timeAttr.value as forge.asn1.Asn1).value as string) : undefined;
    return {
      signed: true,
      signatureValid: rsaOk && digest === actual && len1 > 0,
      coversWholeFile,
      fingerprint: fingerprintOf(cert),
      subject: subjectOf(cert),
      signedAt: timeValue ? forge.asn1.utcTimeToDate(timeValue) : null,
    };
  } catch {
    return { ...NONE, signed: true, coversWholeFile };
  }
};
