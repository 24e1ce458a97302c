import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";

import type { PdfFont } from "../../lib/pdf-font";
import { loadPdfFont } from "../../lib/pdf-font";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
// Control characters would be drawn as missing glyphs.
const clean = (s: string) => s.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, " ");

/** A top-down cursor over A4 pages; long lines are cut by measured width (CJK has no spaces). */
const writer = (doc: PDFDocument, font: PDFFont) => {
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const width = A4[0] - 2 * MARGIN;
  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const lines = (text: string, size: number, max: number) => {
    const out: string[] = [];
    let line = "";
    for (const ch of clean(text)) {
      if (font.widthOfTextAtSize(line + ch, size) > max && line) {
        out.push(line);
        line = "";
      }
      line += ch;
    }
    out.push(line);
    return out;
  };
  return {
    text(text: string, size = 12, opts: { center?: boolean; gap?: number } = {}) {
      for (const line of lines(text, size, width)) {
        if (y - size < MARGIN) newPage();
        const x = opts.center ? (A4[0] - font.widthOfTextAtSize(line, size)) / 2 : MARGIN;
        page.drawText(line, { x, y: y - size, size, font, color: rgb(0, 0, 0) });
        y -= size * 1.6;
      }
      y -= opts.gap ?? 0;
    },
    /** A row of the contents: number, title (cut to fit) and page, the page right-aligned. */
    row(n: string, title: string, pageNo: string, size = 11) {
      if (y - size < MARGIN) newPage();
      const [first] = lines(title, size, width - 110);
      page.drawText(n, { x: MARGIN, y: y - size, size, font });
      page.drawText(first, { x: MARGIN + 40, y: y - size, size, font });
      const w = font.widthOfTextAtSize(pageNo, size);
      page.drawText(pageNo, { x: A4[0] - MARGIN - w, y: y - size, size, font });
      y -= size * 1.8;
    },
    space(h: number) {
      y -= h;
    },
  };
};

const newDoc = async (fontSpec: PdfFont) => {
  const loaded = await loadPdfFont(fontSpec);
  const doc = await PDFDocument.create();
  doc.registerFontkit(loaded.fontkit);
  const font = await doc.embedFont(loaded.bytes, { subset: true });
  return { doc, w: writer(doc, font) };
};

export type Labelled = [label: string, value: string][];

/** 卷宗封面: the firm, the title and the case's facts, one per line. */
export const coverPdf = async (
  font: PdfFont,
  input: { firm: string; title: string; facts: Labelled },
) => {
  const { doc, w } = await newDoc(font);
  w.space(80);
  w.text(input.firm, 20, { center: true, gap: 12 });
  w.text(input.title, 28, { center: true, gap: 60 });
  for (const [label, value] of input.facts) w.text(`${label}：${value}`, 14, { gap: 6 });
  return Buffer.from(await doc.save());
};

/** 卷内目录: each part with the page it starts on in the merged volume. */
export const contentsPdf = async (
  font: PdfFont,
  input: { title: string; header: [string, string, string]; rows: [string, string, string][] },
) => {
  const { doc, w } = await newDoc(font);
  w.text(input.title, 20, { center: true, gap: 16 });
  w.row(...input.header);
  for (const row of input.rows) w.row(...row);
  return Buffer.from(await doc.save());
};

/** 备考表 (and other text-only parts): a title and labelled paragraphs. */
export const notePdf = async (font: PdfFont, input: { title: string; facts: Labelled }) => {
  const { doc, w } = await newDoc(font);
  w.text(input.title, 20, { center: true, gap: 20 });
  for (const [label, value] of input.facts) {
    w.text(`${label}：`, 13);
    w.text(value || "—", 12, { gap: 10 });
  }
  return Buffer.from(await doc.save());
};

/** An image (PNG or JPEG) on an A4 page of its own, scaled to fit. */
export const imagePdf = async (bytes: Buffer, kind: "png" | "jpg") => {
  const doc = await PDFDocument.create();
  const image = kind === "png" ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  const page = doc.addPage(A4);
  const scale = Math.min((A4[0] - 2 * 36) / image.width, (A4[1] - 2 * 36) / image.height, 1);
  const [w, h] = [image.width * scale, image.height * scale];
  page.drawImage(image, { x: (A4[0] - w) / 2, y: (A4[1] - h) / 2, width: w, height: h });
  return Buffer.from(await doc.save());
};

/** A plain text file (txt, md, csv…) set in the CJK face. */
export const textPdf = async (font: PdfFont, text: string) => {
  const { doc, w } = await newDoc(font);
  for (const line of text.split(/\r?\n/)) w.text(line || " ", 10);
  return Buffer.from(await doc.save());
};
