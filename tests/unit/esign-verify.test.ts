import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";

import { generateP12 } from "../../src/server/features/esign/certificate";
import { pdfPages } from "../../src/server/features/esign/pages";
import { signDocument } from "../../src/server/features/esign/sign-pdf";
import { checkSignature } from "../../src/server/features/esign/verify-pdf";

/** Our signature check over many signings: a signature ending in a zero byte (1 in 256) must still verify. */
describe("checkSignature", () => {
  it("verifies every one of 120 fresh signatures and rejects each with one flipped byte", async () => {
    const key = generateP12("Verify Test");
    const base = await PDFDocument.create();
    base.addPage();
    const source = Buffer.from(await base.save());
    for (let i = 0; i < 120; i += 1) {
      const doc = await PDFDocument.load(source);
      const signed = await signDocument(doc, key, {
        reason: `round ${i}`,
        signingTime: new Date(Date.now() + i * 1000),
      });
      const check = checkSignature(signed);
      expect(check, `round ${i}`).toMatchObject({
        signed: true,
        signatureValid: true,
        coversWholeFile: true,
      });
      if (i % 40 === 0) {
        const bad = Buffer.from(signed);
        bad[100] ^= 1;
        expect(checkSignature(bad).signatureValid).toBe(false);
      }
    }
  }, 120_000);

  it("calls a damaged PDF not a PDF (400), not a server error", async () => {
    await expect(
      pdfPages(
        Buffer.from(
          "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
        ),
      ),
    ).rejects.toMatchObject({ status: 400 });
    await expect(pdfPages(Buffer.from("PK\u0003\u0004"))).rejects.toMatchObject({ status: 400 });
  });
});
