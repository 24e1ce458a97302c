import { type PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
export const PAGE_WIDTH = A4[0] - 2 * MARGIN;

// Control characters (a name's line break) would be drawn as missing glyphs.
const clean = (s: string) => s.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, " ");

/** The series colours of the bars: the dashboard's blue, green and orange, then grey. */
const PALETTE = [
  rgb(0.09, 0.47, 1),
  rgb(0.32, 0.77, 0.1),
  rgb(0.98, 0.55, 0.09),
  rgb(0.5, 0.5, 0.5),
];

export type PdfColumn = { width: number; align?: "right" };
export type Bar = { label: string; values: number[]; shown: string[] };

/**
 * A top-down cursor over A4 pages for the dashboard: lines of text, table rows with cells cut
 * to their column ("…": CJK text has no spaces to wrap at), and horizontal bar charts drawn with
 * rectangles, so the PDF needs no browser to render the charts.
 */
export const pdfWriter = (doc: PDFDocument, font: PDFFont) => {
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const fit = (text: string, size: number, width: number) => {
    let s = clean(text);
    if (font.widthOfTextAtSize(s, size) <= width) return s;
    while (s.length > 1 && font.widthOfTextAtSize(`${s}…`, size) > width) s = s.slice(0, -1);
    return `${s}…`;
  };
  /** Room for `height` more points on this page, else a new page. */
  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const text = (s: string, size = 10, gray = false) => {
    room(size * 1.5);
    y -= size * 1.5;
    page.drawText(fit(s, size, PAGE_WIDTH), {
      x: MARGIN,
      y,
      size,
      font,
      color: gray ? rgb(0.4, 0.4, 0.4) : rgb(0, 0, 0),
    });
  };
  const row = (
    cells: string[],
    columns: PdfColumn[],
    opts: { size?: number; bold?: boolean } = {},
  ) => {
    const size = opts.size ?? 9;
    room(size * 1.7);
    y -= size * 1.7;
    if (opts.bold)
      page.drawRectangle({
        x: MARGIN,
        y: y - size * 0.45,
        width: PAGE_WIDTH,
        height: size * 1.6,
        color: rgb(0.94, 0.95, 0.97),
      });
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const { width, align } = columns[i];
      const s = fit(cell, size, width - 6);
      const dx = align === "right" ? width - 6 - font.widthOfTextAtSize(s, size) : 0;
      page.drawText(s, { x: x + dx, y, size, font });
      x += width;
    });
  };
  const gap = (points: number) => {
    y -= points;
  };
  const rule = () => {
    room(8);
    y -= 4;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4[0] - MARGIN, y },
      thickness: 0.5,
      color: rgb(0.7, 0.7, 0.7),
    });
    y -= 4;
  };
  /** One bar per series per row, all on one scale; a legend names the series when there are several. */
  const bars = (rows: Bar[], legend: string[]) => {
    const size = 8;
    const labelWidth = 150;
    const valueWidth = 80;
    const span = PAGE_WIDTH - labelWidth - valueWidth;
    const max = Math.max(0, ...rows.flatMap((r) => r.values));
    if (legend.length > 1) {
      room(size * 2);
      y -= size * 1.8;
      let x = MARGIN + labelWidth;
      legend.forEach((name, i) => {
        page.drawRectangle({
          x,
          y: y - 1,
          width: 8,
          height: 8,
          color: PALETTE[i % PALETTE.length],
        });
        page.drawText(fit(name, size, 110), { x: x + 11, y, size, font });
        x += 125;
      });
    }
    for (const r of rows) {
      const height = 4 + r.values.length * 8;
      room(height + 2);
      y -= height;
      const top = y + height;
      page.drawText(fit(r.label, size, labelWidth - 8), {
        x: MARGIN,
        y: top - 4 - ((r.values.length * 8) / 2 + size / 2.5),
        size,
        font,
      });
      r.values.forEach((v, i) => {
        const barY = top - 4 - (i + 1) * 8 + 1;
        const width = max > 0 ? (Math.max(0, v) / max) * span : 0;
        if (width > 0)
          page.drawRectangle({
            x: MARGIN + labelWidth,
            y: barY,
            width,
            height: 6,
            color: PALETTE[i % PALETTE.length],
          });
        page.drawText(fit(r.shown[i], 7, valueWidth - 4), {
          x: MARGIN + labelWidth + width + 3,
          y: barY + 0.5,
          size: 7,
          font,
          color: rgb(0.3, 0.3, 0.3),
        });
      });
    }
    y -= 4;
  };
  return { text, row, rule, gap, bars, room };
};
