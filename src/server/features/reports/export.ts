import ExcelJS from "exceljs";

import type { ReportAnswer } from "../../../shared/contracts/reports";
import { translatorFor } from "../../lib/i18n";
import type { RequestCtx } from "../../lib/request-ctx";

/** The money format finance reads in every sheet: the yuan sign, thousands, two decimals. */
const MONEY_FORMAT = '"¥"#,##0.00';

/**
 * A report as one sheet: headers in the reader's language, counts and hours as numbers, money as
 * numbers with the yuan format (so a sheet can sum them); names stay plain text, never formulas.
 */
export const reportWorkbook = async (ctx: RequestCtx, answer: ReportAnswer) => {
  const t = translatorFor(ctx.lang);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t(`reports.titles.${answer.key}`).slice(0, 31));
  sheet.columns = answer.columns.map((c) => ({
    header: t(c.label),
    key: c.key,
    width: c.kind === "text" ? 24 : 16,
    style: c.kind === "money" ? { numFmt: MONEY_FORMAT } : {},
  }));
  for (const row of answer.rows)
    sheet.addRow(
      answer.columns.map((c) => {
        const value = row[c.key];
        if (value === null || value === undefined) return null;
        if (c.kind === "text") return c.translate ? t(String(value)) : String(value);
        return Number(value);
      }),
    );
  sheet.getRow(1).font = { bold: true };
  const body = Buffer.from(await book.xlsx.writeBuffer());
  return { body, name: `${t(`reports.titles.${answer.key}`)}-${answer.from}-${answer.to}` };
};
