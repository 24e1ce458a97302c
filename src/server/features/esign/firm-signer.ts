import { Signer } from "@signpdf/utils";
import forge from "node-forge";

/**
 * A UTF8String name value as forge re-encodes it: forge parses such a value to its UTF-8 bytes,
 * then encodes it again when it writes a name, so a parsed Chinese issuer comes out as mojibake
 * and NSS (pdfsig) can no longer match the signer to its certificate. Text goes back in.
 */
const writableName = (attributes: forge.pki.CertificateField[]) =>
  attributes.map((a) => {
    if ((a.valueTagClass as unknown) !== forge.asn1.Type.UTF8) return a;
    try {
      return { ...a, value: forge.util.decodeUtf8(String(a.value)) };
    } catch {
      return a;
    }
  });

/**
 * @signpdf's P12Signer with one change: the signer's issuer is written from the certificate's
 * names as text (writableName), so a certificate named in Chinese signs correctly. The CMS is
 * otherwise the same: every certificate of the PKCS#12, SHA-256, signed contentType, signingTime
 * and messageDigest, detached.
 */
export class FirmSigner extends Signer {
  constructor(
    private readonly p12: Buffer,
    private readonly passphrase: string,
  ) {
    super();
  }

  async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const parsed = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(this.p12.toString("binary")),
      false,
      this.passphrase,
    );
    const certs = (
      parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []
    ).flatMap((b) => (b.cert ? [b.cert] : []));
    const key = (parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
      forge.pki.oids.pkcs8ShroudedKeyBag
    ] ?? [])[0]?.key as forge.pki.rsa.PrivateKey | undefined;
    const cert =
      key &&
      certs.find((c) => {
        const pub = c.publicKey as forge.pki.rsa.PublicKey;
        return pub.n.compareTo(key.n) === 0 && pub.e.compareTo(key.e) === 0;
      });
    if (!key || !cert) throw new Error("the PKCS#12 holds no certificate matching its key");
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdf.toString("binary"));
    for (const c of certs) p7.addCertificate(c);
    p7.addSigner({
      key,
      issuer: writableName(cert.issuer.attributes),
      serialNumber: cert.serialNumber,
      digestAlgorithm: forge.pki.oids.sha256,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
        {
          type: forge.pki.oids.signingTime,
          value: (signingTime ?? new Date()) as unknown as string,
        },
        { type: forge.pki.oids.messageDigest },
      ],
    } as unknown as Parameters<typeof p7.addSigner>[0]);
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), "binary");
  }
}
