import ExcelJS from "exceljs";
import { and, asc, count, eq } from "drizzle-orm";

import { AppError } from "../../../shared/errors";
import { cases, feeShareLines, users } from "../../db/tables";
import { translatorFor } from "../../lib/i18n";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";
import { periodStatements } from "./statements";

/**
 * The one money format (¥1,200,000.00) as an Excel number format: the cell stays a number, so
 * finance can sum and pivot it, and reads as every screen shows money.
 */
const MONEY_FORMAT = '"¥"#,##0.00;-"¥"#,##0.00';

const money = (value: string) => Number(value);

/**
 * A month's statements as a workbook: a summary sheet (each member's total and line count, the
 * firm's tax, management fee and rounding, what was received) and a sheet of every line with the
 * member in a column, adjusting lines naming the line they correct. Refused past the export
 * limit before anything is built, like the record exports.
 */
export const statementsXlsx = async (ctx: RequestCtx, period: string, maxRows: number) => {
  const t = translatorFor(ctx.lang);
  const where = inWorkspace(ctx, feeShareLines, eq(feeShareLines.period, period));
  const [{ n }] = await ctx.db.select({ n: count() }).from(feeShareLines).where(where);
  if (n > maxRows) throw new AppError(400, "errors.exportLimit", { params: { max: maxRows } });
  const summary = await periodStatements(ctx, period);
  const lines = await ctx.db
    .select({
      line: feeShareLines,
      memberName: users.name,
      caseNo: cases.caseNo,
      caseName: cases.name,
    })
    .from(feeShareLines)
    .leftJoin(users, eq(users.id, feeShareLines.memberId))
    .leftJoin(
      cases,
      and(eq(cases.workspaceId, feeShareLines.workspaceId), eq(cases.id, feeShareLines.caseId)),
    )
    .where(where)
    .orderBy(
      asc(users.name),
      asc(feeShareLines.paidOn),
      asc(feeShareLines.createdAt),
      asc(feeShareLines.id),
    );

  const book = new ExcelJS.Workbook();
  book.creator = "law-manage";
  const head = (sheet: ExcelJS.Worksheet, moneyColumns: number[]) => {
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: "frozen", ySplit: 1 }];
    for (const c of moneyColumns) sheet.getColumn(c).numFmt = MONEY_FORMAT;
  };

  const sum = book.addWorksheet(t("feeSharing.xlsx.summarySheet", { period }));
  sum.columns = [
    { header: t("feeSharing.xlsx.member"), width: 24 },
    { header: t("feeSharing.xlsx.lines"), width: 10 },
    { header: t("feeSharing.xlsx.total"), width: 18 },
  ];
  head(sum, [3]);
  for (const m of summary.members) sum.addRow([m.name, m.lines, money(m.total)]);
  for (const kind of ["tax", "management", "rounding"] as const)
    sum.addRow([t(`feeSharing.kinds.${kind}`), null, money(summary.firm[kind])]);
  sum.addRow([t("feeSharing.xlsx.received"), null, money(summary.received)]).font = { bold: true };
  sum.addRow([t(summary.closed ? "feeSharing.xlsx.closed" : "feeSharing.xlsx.open", { period })]);

  const detail = book.addWorksheet(t("feeSharing.xlsx.linesSheet", { period }));
  detail.columns = [
    { header: t("feeSharing.xlsx.member"), width: 16 },
    { header: t("feeSharing.xlsx.kind"), width: 12 },
    { header: t("feeSharing.xlsx.paidOn"), width: 12 },
    { header: t("feeSharing.xlsx.caseNo"), width: 22 },
    { header: t("feeSharing.xlsx.caseName"), width: 30 },
    { header: t("feeSharing.xlsx.percent"), width: 10 },
    { header: t("feeSharing.xlsx.amount"), width: 16 },
    { header: t("feeSharing.xlsx.reason"), width: 14 },
    { header: t("feeSharing.xlsx.refersTo"), width: 38 },
    { header: t("feeSharing.xlsx.lineId"), width: 38 },
    { header: t("feeSharing.xlsx.paymentId"), width: 38 },
  ];
  head(detail, [7]);
  for (const { line, memberName, caseNo, caseName } of lines) {
    const kind =
      line.kind === "member"
        ? t(`feeSharing.roles.${line.role ?? "lead"}`, { defaultValue: line.role ?? "" })
        : t(`feeSharing.kinds.${line.kind}`, { defaultValue: line.kind });
    detail.addRow([
      memberName ?? t("feeSharing.xlsx.firm"),
      kind,
      line.paidOn,
      caseNo ?? "",
      caseName ?? "",
      line.percent ? `${line.percent}%` : "",
      money(line.amount),
      t(`feeSharing.reasons.${line.reason}`, { defaultValue: line.reason }),
      line.refersTo ?? "",
      line.id,
      line.paymentId,
    ]);
  }
  const buffer = await book.xlsx.writeBuffer();
  return {
    body: Buffer.from(buffer as ArrayBuffer),
    name: `${t("feeSharing.xlsx.fileName")}-${period}.xlsx`,
  };
};
