import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";

import type { ReportAnswer, ReportColumn } from "../../../shared/contracts/reports";
import { formatFirmTime } from "../../../shared/firm-time";
import { formatMoney } from "../../../shared/money";
import { users, workspaces } from "../../db/tables";
import { readFirmTimeZone } from "../../lib/firm-time";
import { translatorFor } from "../../lib/i18n";
import { type PdfFont, loadPdfFont } from "../../lib/pdf-font";
import type { RequestCtx } from "../../lib/request-ctx";
import { type Bar, PAGE_WIDTH, type PdfColumn, pdfWriter } from "./pdf-writer";
import type { ReportRegistry } from "./registry";
import { type ReportQuery, reportCatalogue, runReport } from "./service";

/** A chart draws the first rows only: a firm's hundred members still fit the table below it. */
const CHART_ROWS = 12;

type T = ReturnType<typeof translatorFor>;

/**
 * A figure as the dashboard's table shows it: money ¥1,234,567.00, counts grouped, hours and
 * rates as sent (two decimals; a rate's column says "%").
 */
const shown = (t: T, lang: string, column: ReportColumn, value: unknown) => {
  if (value === null || value === undefined) return "";
  if (column.kind === "money") return formatMoney(String(value));
  if (column.kind === "count") return Number(value).toLocaleString(lang);
  if (column.kind === "text" && column.translate) return t(String(value));
  return String(value);
};

/** Text columns share what the figures leave: figures are narrow, names are not. */
const widths = (columns: ReportColumn[]): PdfColumn[] => {
  const figures = columns.filter((c) => c.kind !== "text").length;
  const figureWidth = Math.min(95, PAGE_WIDTH / Math.max(columns.length, 1));
  const textWidth = (PAGE_WIDTH - figures * figureWidth) / Math.max(columns.length - figures, 1);
  return columns.map((c) =>
    c.kind === "text" ? { width: textWidth } : { width: figureWidth, align: "right" },
  );
};

const chartBars = (t: T, lang: string, answer: ReportAnswer): Bar[] => {
  const column = (key: string) => answer.columns.find((c) => c.key === key)!;
  const category = column(answer.chart.category);
  const group = answer.chart.group ? column(answer.chart.group) : undefined;
  return answer.rows.slice(0, CHART_ROWS).map((row) => ({
    label: [
      shown(t, lang, category, row[category.key]),
      group ? shown(t, lang, group, row[group.key]) : "",
    ]
      .filter(Boolean)
      .join(" · "),
    values: answer.chart.series.map((s) => Number(row[s] ?? 0)),
    shown: answer.chart.series.map((s) => shown(t, lang, column(s), row[s])),
  }));
};

/** Whose figures: the firm, a department by name, or the viewer by name. */
const scopeLine = async (
  ctx: RequestCtx,
  t: T,
  answer: ReportAnswer,
  departments: Map<string, string>,
) => {
  if (answer.scope === "firm") return t("reports.scopes.firm");
  if (answer.scope === "department")
    return `${t("reports.scopes.department")}: ${departments.get(answer.departmentId ?? "") ?? ""}`;
  const [me] = await ctx.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, ctx.userId));
  return `${t("reports.scopes.me")}: ${me?.name ?? ""}`;
};

/**
 * The dashboard as an A4 PDF in the reader's language: firm, period, scope and when it was
 * printed, then every report the viewer may open, each a bar chart and its table. The figures
 * are the reports' own answers (runReport), so the PDF shows nothing the dashboard does not.
 */
export const dashboardPdf = async (
  ctx: RequestCtx,
  registry: ReportRegistry,
  q: ReportQuery,
  fontSource: PdfFont,
) => {
  const t = translatorFor(ctx.lang);
  const catalogue = await reportCatalogue(ctx, registry);
  const answers: ReportAnswer[] = [];
  // One after another: each is one aggregate, and the firm's connection pool serves others too.
  for (const report of catalogue) answers.push(await runReport(ctx, registry, report.key, q));
  const [firm] = await ctx.db
    .select({ name: workspaces.name, nameEn: workspaces.nameEn })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  const zone = await readFirmTimeZone(ctx.db, ctx.workspaceId);
  const first = answers[0];
  const departments = new Map((catalogue[0]?.departments ?? []).map((d) => [d.id, d.name]));

  const loaded = await loadPdfFont(fontSource);
  const doc = await PDFDocument.create();
  doc.registerFontkit(loaded.fontkit);
  const font = await doc.embedFont(loaded.bytes, { subset: true });
  const title = t("reports.pdf.title");
  doc.setTitle(title);
  doc.setCreator("law-manage");
  const w = pdfWriter(doc, font);
  const firmName = ctx.lang === "en" && firm?.nameEn ? firm.nameEn : (firm?.name ?? "");
  w.text(title, 16);
  w.text(`${t("reports.pdf.firm")}: ${firmName}`);
  if (first) {
    const period = t(`reports.periods.${q.period ?? "month"}`);
    w.text(`${t("reports.period")}: ${period} (${first.from} – ${first.to})`);
    w.text(`${t("reports.scope")}: ${await scopeLine(ctx, t, first, departments)}`);
  }
  w.text(
    `${t("reports.pdf.printedAt")}: ${formatFirmTime(new Date(), zone, "YYYY-MM-DD HH:mm", true)}`,
    8,
    true,
  );
  for (const [i, answer] of answers.entries()) {
    w.rule();
    // A heading is not left alone at a page's foot: it keeps its chart's first rows with it.
    w.room(90);
    w.text(catalogue[i].title, 12);
    if (answer.rows.length === 0) {
      w.text(t("reports.empty"), 9, true);
      continue;
    }
    w.gap(4);
    w.bars(
      chartBars(t, ctx.lang, answer),
      answer.chart.series.map((s) => t(answer.columns.find((c) => c.key === s)!.label)),
    );
    if (answer.rows.length > CHART_ROWS)
      w.text(t("reports.pdf.chartFirstRows", { count: CHART_ROWS }), 8, true);
    const columns = widths(answer.columns);
    w.row(
      answer.columns.map((c) => t(c.label)),
      columns,
      { bold: true },
    );
    for (const row of answer.rows)
      w.row(
        answer.columns.map((c) => shown(t, ctx.lang, c, row[c.key])),
        columns,
      );
  }
  const bytes = await doc.save();
  return {
    bytes,
    name: `${t("reports.pdf.fileName")}-${first?.from ?? ""}-${first?.to ?? ""}.pdf`,
  };
};
