import { eq } from "drizzle-orm";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";

import type { MemberStatement } from "../../../shared/contracts/fees";
import { formatFirmTime } from "../../../shared/firm-time";
import { formatMoney, formatPercent } from "../../../shared/money";
import { workspaces } from "../../db/tables";
import { readFirmTimeZone } from "../../lib/firm-time";
import { translatorFor } from "../../lib/i18n";
import { type PdfFont, loadPdfFont } from "../../lib/pdf-font";
import type { RequestCtx } from "../../lib/request-ctx";
import type { Answer } from "../../lib/answers";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
// Control characters would be drawn as missing glyphs (and a case name may hold a line break).
const clean = (s: string) => s.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, " ");

type Column = { width: number; align?: "right" };

/** Rows of cells on A4 pages, a cell cut to its column with "…" (CJK text has no spaces to wrap). */
const tableWriter = (doc: PDFDocument, font: PDFFont) => {
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const fit = (text: string, size: number, width: number) => {
    let s = clean(text);
    if (font.widthOfTextAtSize(s, size) <= width) return s;
    while (s.length > 1 && font.widthOfTextAtSize(`${s}…`, size) > width) s = s.slice(0, -1);
    return `${s}…`;
  };
  const newLine = (height: number) => {
    if (y - height < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
    y -= height;
  };
  const text = (s: string, size = 10, gray = false) => {
    newLine(size * 1.5);
    page.drawText(fit(s, size, A4[0] - 2 * MARGIN), {
      x: MARGIN,
      y,
      size,
      font,
      color: gray ? rgb(0.4, 0.4, 0.4) : rgb(0, 0, 0),
    });
  };
  const row = (cells: string[], columns: Column[], size = 9) => {
    newLine(size * 1.6);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const { width, align } = columns[i];
      const s = fit(cell, size, width - 4);
      const dx = align === "right" ? width - 4 - font.widthOfTextAtSize(s, size) : 0;
      page.drawText(s, { x: x + dx, y, size, font });
      x += width;
    });
  };
  const rule = () => {
    y -= 4;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4[0] - MARGIN, y },
      thickness: 0.5,
      color: rgb(0.7, 0.7, 0.7),
    });
    y -= 2;
  };
  return { text, row, rule };
};

/**
 * One member's statement of a month as a PDF: firm, member, month and whether it is closed, the
 * total, every line (day, case, role, percentage, amount, why it was written) and the member's
 * last twelve months. The CJK face is embedded as a subset (the conflict report's font), so the
 * text is real text that pdftotext and a screen reader can read.
 */
export const statementPdf = async (
  ctx: RequestCtx,
  statement: Answer<MemberStatement>,
  fontSource: PdfFont,
) => {
  const t = translatorFor(ctx.lang);
  const [firm] = await ctx.db
    .select({ name: workspaces.name, nameEn: workspaces.nameEn })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  const zone = await readFirmTimeZone(ctx.db, ctx.workspaceId);
  const loaded = await loadPdfFont(fontSource);
  const doc = await PDFDocument.create();
  doc.registerFontkit(loaded.fontkit);
  const font = await doc.embedFont(loaded.bytes, { subset: true });
  const title = t("feeSharing.pdf.title", { name: statement.name, period: statement.period });
  doc.setTitle(title);
  doc.setCreator("law-manage");
  const w = tableWriter(doc, font);
  const firmName = ctx.lang === "en" && firm?.nameEn ? firm.nameEn : (firm?.name ?? "");

  w.text(title, 15);
  w.text(`${t("feeSharing.pdf.firm")}: ${firmName}`);
  w.text(`${t("feeSharing.pdf.member")}: ${statement.name}`);
  w.text(
    `${t("feeSharing.pdf.period")}: ${statement.period} (${t(statement.closed ? "feeSharing.pdf.closed" : "feeSharing.pdf.open")})`,
  );
  w.text(`${t("feeSharing.pdf.total")}: ${formatMoney(statement.total)}`, 12);
  w.text(
    `${t("feeSharing.pdf.printedAt")}: ${formatFirmTime(new Date(), zone, "YYYY-MM-DD HH:mm", true)}`,
    8,
    true,
  );
  w.rule();
  const columns: Column[] = [
    { width: 62 },
    { width: 190 },
    { width: 58 },
    { width: 48, align: "right" },
    { width: 82, align: "right" },
    { width: 75 },
  ];
  w.row(
    ["paidOn", "case", "role", "percent", "amount", "reason"].map((k) =>
      t(`feeSharing.pdf.cols.${k}`),
    ),
    columns,
  );
  for (const line of statement.lines) {
    const reason = t(`feeSharing.reasons.${line.reason}`, { defaultValue: line.reason });
    w.row(
      [
        line.paidOn,
        `${line.caseNo} ${line.caseName}`.trim(),
        t(`feeSharing.roles.${line.role ?? "lead"}`, { defaultValue: line.role ?? "" }),
        line.percent ? formatPercent(line.percent) : "",
        formatMoney(line.amount),
        line.refersTo ? `${t("feeSharing.pdf.adjusting")}: ${reason}` : reason,
      ],
      columns,
    );
  }
  if (statement.lines.length === 0) w.text(t("feeSharing.pdf.noLines"), 9, true);
  w.rule();
  w.text(t("feeSharing.pdf.months"), 11);
  const monthColumns: Column[] = [{ width: 90 }, { width: 110, align: "right" }, { width: 90 }];
  for (const month of statement.months)
    w.row(
      [
        month.period,
        formatMoney(month.total),
        t(month.closed ? "feeSharing.pdf.closed" : "feeSharing.pdf.open"),
      ],
      monthColumns,
    );
  const bytes = await doc.save();
  return {
    bytes,
    name: `${t("feeSharing.pdf.fileName")}-${statement.name}-${statement.period}.pdf`,
  };
};
