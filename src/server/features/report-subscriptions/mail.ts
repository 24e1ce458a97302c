import type { ReportAnswer, ReportColumn, ReportRow } from "../../../shared/contracts/reports";
import { formatCents, parseCents, sumCents } from "../../../shared/fees";
import type { Language } from "../../../shared/i18n-config";
import { formatMoney, formatPercent } from "../../../shared/money";
import { translatorFor } from "../../lib/i18n";

/** Rows the e-mail lists before pointing at the workbook: a summary to read on a phone. */
export const SUMMARY_ROWS = 10;

/** One figure as the reader reads it: money ¥1,234,567.00 (the shared formatter), counts grouped. */
const figureOf = (lang: Language, column: ReportColumn, value: ReportRow[string]) => {
  const t = translatorFor(lang);
  if (value === null || value === undefined || value === "") return "—";
  if (column.kind === "text") return column.translate ? t(String(value)) : String(value);
  if (column.kind === "money") return formatMoney(String(value));
  if (column.kind === "percent") return formatPercent(value);
  if (column.kind === "count") return Number(value).toLocaleString(lang);
  return String(value);
};

/** "• 2031-02: Billed ¥12,000.00, Received ¥8,000.00": the row's names, then its figures. */
const lineOf = (lang: Language, answer: ReportAnswer, row: ReportRow) => {
  const t = translatorFor(lang);
  const names = answer.columns
    .filter((c) => c.kind === "text")
    .map((c) => figureOf(lang, c, row[c.key]))
    .join(" · ");
  const figures = answer.columns
    .filter((c) => c.kind !== "text")
    .map((c) => `${t(c.label)} ${figureOf(lang, c, row[c.key])}`)
    .join(t("reportSubscriptions.email.listSeparator"));
  return `• ${names}: ${figures}`;
};

/**
 * The sums of the columns that add up (counts and money; never means, medians or rates), money
 * added in cents so ¥0.10 + ¥0.20 is ¥0.30.
 */
const totalsOf = (lang: Language, answer: ReportAnswer) => {
  const t = translatorFor(lang);
  return answer.columns
    .filter((c) => c.kind === "count" || c.kind === "money")
    .map((c) => {
      const values = answer.rows.map((r) => r[c.key]);
      const total =
        c.kind === "money"
          ? formatMoney(
              formatCents(
                sumCents(
                  values.map((v) => parseCents(String(v ?? "0"), { allowNegative: true }) ?? 0n),
                ),
              ),
            )
          : values.reduce<number>((sum, v) => sum + Number(v ?? 0), 0).toLocaleString(lang);
      return `${t(c.label)} ${total}`;
    })
    .join(t("reportSubscriptions.email.listSeparator"));
};

export type SummaryFacts = {
  lang: Language;
  answer: ReportAnswer;
  /** The scope as the reader knows it: "Whole firm", the department's name, "Me". */
  scopeText: string;
  link: string;
};

/**
 * The e-mail of one scheduled report in the subscriber's language: the report and its days in the
 * subject, then the first rows, the totals, and the workbook (attached) for the rest.
 */
export const reportSummary = ({ lang, answer, scopeText, link }: SummaryFacts) => {
  const t = translatorFor(lang);
  const report = t(`reports.titles.${answer.key}`);
  const subject = t("reportSubscriptions.email.subject", {
    report,
    from: answer.from,
    to: answer.to,
  });
  const lines = answer.rows.slice(0, SUMMARY_ROWS).map((r) => lineOf(lang, answer, r));
  if (answer.rows.length > SUMMARY_ROWS)
    lines.push(t("reportSubscriptions.email.more", { count: answer.rows.length - SUMMARY_ROWS }));
  const totals = totalsOf(lang, answer);
  const body = t("reportSubscriptions.email.body", {
    report,
    scope: scopeText,
    from: answer.from,
    to: answer.to,
    lines: lines.length ? lines.join("\n") : t("reportSubscriptions.email.empty"),
    totals: totals ? t("reportSubscriptions.email.totals", { totals }) : "",
    link,
  });
  return { subject, body };
};
