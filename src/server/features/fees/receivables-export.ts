import { AppError } from "../../../shared/errors";
import { AGEING_BUCKETS } from "../../../shared/fees";
import { formatMoney } from "../../../shared/money";
import { translatorFor } from "../../lib/i18n";
import type { RequestCtx } from "../../lib/request-ctx";
import { type Cell, streamXlsx } from "../../schema-engine/xlsx-write";
import { findReceivables, type ReceivablesQuery } from "./receivables";

/**
 * GET /fees/receivables/export.xlsx: the same figures as the screen, one row per client and the
 * totals last, headed in the reader's language, money in the one format every screen uses
 * (¥1,200,000.00). The sheet writer keeps client names that look like formulas as text.
 */
export const exportReceivables = async (ctx: RequestCtx, q: ReceivablesQuery, maxRows: number) => {
  const report = await findReceivables(ctx, q);
  if (report.rows.length > maxRows)
    throw new AppError(400, "errors.exportLimit", { params: { max: maxRows } });
  const t = translatorFor(ctx.lang);
  const header = [
    t("fees.receivables.columns.client"),
    t("fees.receivables.columns.cases"),
    t("fees.receivables.columns.billed"),
    t("fees.receivables.columns.received"),
    t("fees.receivables.columns.invoiced"),
    t("fees.receivables.columns.outstanding"),
    ...AGEING_BUCKETS.map((bucket) => t(`fees.receivables.buckets.${bucket}`)),
  ];
  async function* rows(): AsyncIterable<Cell[]> {
    for (const row of report.rows)
      yield [
        row.accountName,
        row.cases,
        formatMoney(row.billed),
        formatMoney(row.received),
        formatMoney(row.invoiced),
        formatMoney(row.outstanding),
        ...AGEING_BUCKETS.map((bucket) => formatMoney(row.buckets[bucket])),
      ];
    const totals = report.totals;
    yield [
      t("fees.receivables.total"),
      report.rows.reduce((n, row) => n + row.cases, 0),
      formatMoney(totals.billed),
      formatMoney(totals.received),
      formatMoney(totals.invoiced),
      formatMoney(totals.outstanding),
      ...AGEING_BUCKETS.map((bucket) => formatMoney(totals.buckets[bucket])),
    ];
  }
  const stream = streamXlsx(t("fees.receivables.sheet"), header, rows());
  stream.on("error", (error) => ctx.log.error({ err: error }, "receivables export failed"));
  return { stream, name: `${t("fees.receivables.file")}-${report.asOf}` };
};
