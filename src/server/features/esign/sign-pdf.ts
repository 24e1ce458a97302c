import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import signpdfModule from "@signpdf/signpdf";
import { SUBFILTER_ADOBE_PKCS7_DETACHED } from "@signpdf/utils";
import type { PDFDocument } from "pdf-lib";

import { FirmSigner } from "./firm-signer";

// A CommonJS module whose instance is `exports.default`: Node's ESM loader (tsx) hands over the
// exports object, bundlers and vitest the instance itself.
const signpdf =
  (signpdfModule as unknown as { default?: typeof signpdfModule }).default ?? signpdfModule;

/**
 * Signs the whole document with the firm's PKCS#12: an `adbe.pkcs7.detached` signature (the form
 * poppler's pdfsig, Acrobat and other readers verify) over every byte but the signature itself.
 * @signpdf 3.3 with node-forge was measured to produce signatures pdfsig reports valid; the
 * placeholder's strings must be Latin-1 (PDFString), so names there are ASCII and the firm's
 * own name travels in the certificate (in Chinese, FirmSigner) and on the certificate page.
 */
export const signDocument = async (
  doc: PDFDocument,
  key: { p12: Buffer; passphrase: string },
  info: { reason: string; signingTime: Date },
) => {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: info.reason,
    contactInfo: "",
    name: "law-manage",
    location: "law-manage",
    signingTime: info.signingTime,
    signatureLength: 16_384,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    appName: "law-manage",
  });
  const unsigned = Buffer.from(await doc.save({ useObjectStreams: false }));
  return signpdf.sign(unsigned, new FirmSigner(key.p12, key.passphrase), info.signingTime);
};
