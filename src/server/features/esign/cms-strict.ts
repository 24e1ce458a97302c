import forge from "node-forge";

const { asn1 } = forge;
type Node = forge.asn1.Asn1;

/** Thrown for the first part of a signature that is not exactly as it must be; its message names it. */
export class SignatureShapeError extends Error {}

const fail = (what: string): never => {
  throw new SignatureShapeError(what);
};

const derOf = (n: Node) => asn1.toDer(n).getBytes();
const oid = (name: string) =>
  asn1.create(
    asn1.Class.UNIVERSAL,
    asn1.Type.OID,
    false,
    asn1.oidToDer(forge.pki.oids[name]).getBytes(),
  );
const seq = (...kids: Node[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, kids);
const set = (...kids: Node[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, kids);
const nul = () => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, "");

/** The fixed parts of the CMS our signer writes (FirmSigner, node-forge), byte for byte. */
const SHA256 = derOf(seq(oid("sha256"), nul()));
const DIGEST_SET = derOf(set(seq(oid("sha256"), nul())));
const DATA_CONTENT = derOf(seq(oid("data")));
const RSA = derOf(seq(oid("rsaEncryption"), nul()));
const SIGNED_DATA_OID = derOf(oid("signedData"));
const ONE = "\u0001";

const kids = (n: Node, count: number, what: string) => {
  if (!n.constructed || !Array.isArray(n.value) || n.value.length !== count) fail(what);
  return n.value as Node[];
};
const expectTag = (n: Node, tagClass: number, type: number, what: string) => {
  if (n.tagClass !== tagClass || n.type !== type) fail(what);
};
const expectDer = (n: Node, der: string, what: string) => {
  if (derOf(n) !== der) fail(what);
};

export type StrictCms = {
  signer: forge.pki.Certificate;
  /** Every certificate in the signature, signer first, each checked by its issuer's key or its own. */
  chain: forge.pki.Certificate[];
  /** The top of the chain could not be checked (no self-signed root): only a published certificate can vouch for it. */
  rootUnchecked: boolean;
  /** The signed attributes as the signature covers them (re-tagged as a SET). */
  signedAttributes: string;
  attributes: Map<string, Node>;
  signature: string;
};

/** A certificate whose every byte counts: its outer algorithm is the signed one, its signature a whole-byte BIT STRING. */
const certificateOf = (n: Node) => {
  const [tbs, alg, sig] = kids(n, 3, "certificate");
  const tbsKids = tbs.value as Node[];
  const signedAlg = tbsKids[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC ? tbsKids[2] : tbsKids[1];
  if (!signedAlg || derOf(alg) !== derOf(signedAlg)) fail("certificate signature algorithm");
  expectTag(sig, asn1.Class.UNIVERSAL, asn1.Type.BITSTRING, "certificate signature");
  if (String(sig.value).charCodeAt(0) !== 0) fail("certificate signature");
  const cert = forge.pki.certificateFromAsn1(asn1.fromDer(derOf(n)));
  const hasVersion = tbsKids[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC;
  const serial = tbsKids[hasVersion ? 1 : 0];
  const issuer = tbsKids[hasVersion ? 3 : 2];
  return { cert, issuerAndSerial: derOf(seq(issuer, serial)) };
};

/** Orders the certificates from the signer up, each verified by the next (or, at a self-signed root, by itself). */
const chainOf = (signer: forge.pki.Certificate, certs: forge.pki.Certificate[]) => {
  const chain = [signer];
  const verifies = (parent: forge.pki.Certificate, child: forge.pki.Certificate) => {
    try {
      return parent.verify(child);
    } catch {
      return false;
    }
  };
  for (;;) {
    const top = chain[chain.length - 1];
    if (top.isIssuer(top)) {
      if (!verifies(top, top)) fail("certificate signature");
      break;
    }
    const parent = certs.find((c) => !chain.includes(c) && verifies(c, top));
    if (!parent) break;
    chain.push(parent);
  }
  if (chain.length !== certs.length) fail("extra certificates");
  const top = chain[chain.length - 1];
  return { chain, rootUnchecked: !top.isIssuer(top) };
};

/**
 * Reads a PKCS#7 signature as our signer writes it and accepts nothing else: strict DER (it
 * re-encodes to the same bytes), the fixed algorithms and content type, exactly one signer with
 * no unsigned attributes, the signer named by a certificate present, and every certificate checked
 * by its issuer. So a change to any byte either breaks a check here or the signature itself.
 */
export const parseStrictCms = (der: string): StrictCms => {
  let root: Node;
  try {
    // The options object is forge's own (its typings know only the boolean); raw BIT STRINGs re-encode exactly.
    const strict = {
      strict: true,
      parseAllBytes: true,
      decodeBitStrings: false,
    } as unknown as boolean;
    root = asn1.fromDer(der, strict);
  } catch {
    return fail("not DER");
  }
  if (derOf(root) !== der) fail("not DER");
  expectTag(root, asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, "content info");
  const [type, wrapped] = kids(root, 2, "content info");
  if (derOf(type) !== SIGNED_DATA_OID) fail("content type");
  expectTag(wrapped, asn1.Class.CONTEXT_SPECIFIC, 0, "content info");
  const [signedData] = kids(wrapped, 1, "content info");
  expectTag(signedData, asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, "signed data");
  const [version, digests, content, certSet, signerInfos] = kids(signedData, 5, "signed data");
  expectDer(
    version,
    derOf(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, ONE)),
    "version",
  );
  expectDer(digests, DIGEST_SET, "digest algorithms");
  expectDer(content, DATA_CONTENT, "content");
  expectTag(certSet, asn1.Class.CONTEXT_SPECIFIC, 0, "certificates");
  if (!certSet.constructed || !Array.isArray(certSet.value) || certSet.value.length === 0)
    fail("certificates");
  const certs = (certSet.value as Node[]).map((c) => {
    try {
      return certificateOf(c);
    } catch (e) {
      return e instanceof SignatureShapeError ? fail(e.message) : fail("certificate");
    }
  });
  expectTag(signerInfos, asn1.Class.UNIVERSAL, asn1.Type.SET, "signer infos");
  const [info] = kids(signerInfos, 1, "signer infos");
  expectTag(info, asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, "signer info");
  const [infoVersion, issuerAndSerial, digestAlg, attrs, sigAlg, sig] = kids(
    info,
    6,
    "signer info",
  );
  expectDer(
    infoVersion,
    derOf(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, ONE)),
    "signer version",
  );
  const signer =
    certs.find((c) => c.issuerAndSerial === derOf(issuerAndSerial)) ?? fail("signer certificate");
  expectDer(digestAlg, SHA256, "digest algorithm");
  expectTag(attrs, asn1.Class.CONTEXT_SPECIFIC, 0, "signed attributes");
  expectDer(sigAlg, RSA, "signature algorithm");
  expectTag(sig, asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, "signature");
  const attributes = new Map<string, Node>();
  for (const a of (Array.isArray(attrs.value)
    ? attrs.value
    : fail("signed attributes")) as Node[]) {
    const [attrType, values] = kids(a, 2, "signed attributes");
    const [value] = kids(values, 1, "signed attributes");
    attributes.set(asn1.derToOid(String(attrType.value)), value);
  }
  const { chain, rootUnchecked } = chainOf(
    signer.cert,
    certs.map((c) => c.cert),
  );
  return {
    signer: signer.cert,
    chain,
    rootUnchecked,
    signedAttributes: derOf(set(...(attrs.value as Node[]))),
    attributes,
    signature: String(sig.value),
  };
};
