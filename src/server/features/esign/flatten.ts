import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

import type { EsignField } from "../../../shared/contracts/esign";

export type Mark = { image: Buffer };

const isPng = (b: Buffer) => b.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));

const fit = (img: { width: number; height: number }, box: { w: number; h: number }) => {
  const scale = Math.min(box.w / img.width, box.h / img.height);
  return { width: img.width * scale, height: img.height * scale };
};

/** The field's rectangle in the page's own coordinates (fields are kept top-left fractions of the page as shown). */
const rectOn = (page: PDFPage, f: EsignField) => {
  const { width, height } = page.getSize();
  return { x: f.x * width, y: (1 - f.y - f.h) * height, w: f.w * width, h: f.h * height };
};

/**
 * Draws every signer's marks into the pages: signature images (PNG, or a JPEG seal) scaled into their boxes, centred,
 * and date fields as the signing date. The result is ordinary page content (no form fields left),
 * so every reader shows the same thing and nothing can be filled in later.
 */
export const flattenFields = async (
  source: Buffer,
  fields: EsignField[],
  marks: Map<string, Mark>,
  dates: Map<number, string>,
) => {
  const doc = await PDFDocument.load(source, { updateMetadata: false });
  const helvetica: PDFFont = await doc.embedFont(StandardFonts.Helvetica);
  const images = new Map<string, Awaited<ReturnType<PDFDocument["embedPng"]>>>();
  for (const f of fields) {
    const page = doc.getPage(f.page - 1);
    const r = rectOn(page, f);
    if (f.kind === "date") {
      const text = dates.get(f.signer) ?? "";
      const size = Math.max(
        6,
        Math.min(14, r.h * 0.6, (r.w / Math.max(1, helvetica.widthOfTextAtSize(text, 10))) * 10),
      );
      page.drawText(text, {
        x: r.x + 2,
        y: r.y + (r.h - size) / 2,
        size,
        font: helvetica,
        color: rgb(0.05, 0.05, 0.2),
      });
      continue;
    }
    const mark = marks.get(f.id);
    if (!mark) continue;
    let image = images.get(f.id);
    if (!image)
      images.set(
        f.id,
        (image = isPng(mark.image)
          ? await doc.embedPng(mark.image)
          : await doc.embedJpg(mark.image)),
      );
    const size = fit(image, r);
    page.drawImage(image, {
      x: r.x + (r.w - size.width) / 2,
      y: r.y + (r.h - size.height) / 2,
      ...size,
    });
  }
  return doc;
};
