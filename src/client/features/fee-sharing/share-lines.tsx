import { Table, Tag, type TableColumnType } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import type { MemberStatement, ShareLine } from "../../../shared/contracts/fees";
import { formatCents, parseCents } from "../../../shared/fees";
import { formatMoney, formatPercent } from "../../../shared/money";
import { PeriodTag } from "./period-tag";

/** A money cell: the shared format, digits lined up. */
export const Money = ({ value }: { value: string | null | undefined }) => (
  <span className="fee-money">{formatMoney(value)}</span>
);

/** What a share line is: the member's role on the case, or the firm's part (tax, fee, rounding). */
export const useLineRole = () => {
  const { t } = useTranslation();
  return (line: Pick<ShareLine, "kind" | "role">) =>
    line.kind === "member"
      ? t(`feeSharing.roles.${line.role ?? "member"}`, { defaultValue: line.role ?? "" })
      : t(`feeSharing.kinds.${line.kind}`);
};

/**
 * An adjusting line (a refund, a red-reversed invoice, a reallocation after its month closed)
 * says so, and names the payment whose split it corrects: the original line stays in its month.
 */
const LineNote = ({ line }: { line: ShareLine }) => {
  const { t } = useTranslation();
  const reason = t(`feeSharing.reasons.${line.reason}`, { defaultValue: line.reason });
  if (!line.refersTo) return <span className="fee-note">{reason}</span>;
  return (
    <span>
      <Tag color="warning">{t("feeSharing.lines.adjusting")}</Tag>
      <span className="fee-note">
        {t("feeSharing.lines.corrects", { paidOn: line.paidOn, reason })}
      </span>
    </span>
  );
};

/** One member's lines for a month: case, payment day, role, percentage, amount, what it corrects. */
export const ShareLinesTable = ({ lines }: { lines: ShareLine[] }) => {
  const { t } = useTranslation();
  const roleOf = useLineRole();
  const columns: TableColumnType<ShareLine>[] = [
    {
      key: "case",
      title: t("feeSharing.lines.case"),
      render: (_, line) => (
        <Link to={`/case/detail/${line.caseId}`}>{`${line.caseNo} ${line.caseName}`.trim()}</Link>
      ),
    },
    { key: "paidOn", dataIndex: "paidOn", title: t("feeSharing.lines.paidOn"), width: 120 },
    {
      key: "role",
      title: t("feeSharing.lines.role"),
      render: (_, line) => <span className="fee-nowrap">{roleOf(line)}</span>,
    },
    {
      key: "percent",
      title: t("feeSharing.lines.percent"),
      align: "right",
      render: (_, line) => (line.percent ? formatPercent(line.percent) : ""),
    },
    {
      key: "amount",
      title: t("feeSharing.lines.amount"),
      align: "right",
      render: (_, line) => <Money value={line.amount} />,
    },
    {
      key: "note",
      title: t("feeSharing.lines.note"),
      render: (_, line) => <LineNote line={line} />,
    },
  ];
  return (
    <Table<ShareLine>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={lines}
      pagination={lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      locale={{ emptyText: t("feeSharing.lines.empty") }}
    />
  );
};

/** The member's totals of the last twelve months, newest first, each linking to its statement. */
export const MonthTotals = ({
  months,
  linkOf,
}: {
  months: MemberStatement["months"];
  linkOf: (period: string) => string;
}) => {
  const { t } = useTranslation();
  const columns: TableColumnType<MemberStatement["months"][number]>[] = [
    {
      key: "period",
      title: t("feeSharing.period.month"),
      render: (_, m) => <Link to={linkOf(m.period)}>{m.period}</Link>,
    },
    {
      key: "state",
      title: t("feeSharing.period.state"),
      render: (_, m) => <PeriodTag closed={m.closed} />,
    },
    {
      key: "total",
      title: t("feeSharing.lines.total"),
      align: "right",
      render: (_, m) => <Money value={m.total} />,
    },
  ];
  // Summed in cents, never in floats.
  const sum = formatCents(
    months.reduce((acc, m) => acc + (parseCents(m.total, { allowNegative: true }) ?? 0n), 0n),
  );
  return (
    <Table
      rowKey="period"
      size="small"
      columns={columns}
      // Newest first, as a reader looks back from this month.
      dataSource={[...months].reverse()}
      pagination={false}
      locale={{ emptyText: t("feeSharing.lines.empty") }}
      summary={() =>
        months.length > 0 ? (
          <Table.Summary.Row className="fee-total-row">
            <Table.Summary.Cell index={0} colSpan={2}>
              {t("feeSharing.lines.twelveMonthsTotal")}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <Money value={sum} />
            </Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null
      }
    />
  );
};
