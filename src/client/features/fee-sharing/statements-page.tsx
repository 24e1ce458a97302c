import { Descriptions, Skeleton, Space, Table, type TableColumnType } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import type { PeriodStatements } from "../../../shared/contracts/fees";
import { formatCents, parseCents } from "../../../shared/fees";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { useCan } from "../../routing/use-can";
import { STATEMENTS_XLSX_URL, statementPdfUrl, usePeriods, useStatements } from "./api";
import { CloseMonthButton } from "./close-month";
import { DownloadButton } from "./download-button";
import { MonthPicker, usePeriodParam } from "./month-picker";
import { PeriodTag } from "./period-tag";
import { Money } from "./share-lines";
import "./fee-sharing.css";

type MemberRow = PeriodStatements["members"][number];

const sum = (values: string[]) =>
  formatCents(values.reduce((acc, v) => acc + (parseCents(v, { allowNegative: true }) ?? 0n), 0n));

/** /finance/statements: every member's total of a month, the firm's lines, exports and the close. */
export const StatementsPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const { data: periods } = usePeriods();
  const [period, setPeriod] = usePeriodParam();
  const { data, isLoading } = useStatements(period);
  const canExport = can("export", "LAWFIRM_FEE_SHARE");
  const columns: TableColumnType<MemberRow>[] = [
    {
      key: "name",
      title: t("feeSharing.lines.member"),
      render: (_, m) => (
        <Link to={`/finance/statements/${m.memberId}?period=${period}`}>{m.name}</Link>
      ),
    },
    { key: "lines", dataIndex: "lines", title: t("feeSharing.statements.lines"), align: "right" },
    {
      key: "total",
      title: t("feeSharing.lines.total"),
      align: "right",
      render: (_, m) => <Money value={m.total} />,
    },
    ...(canExport
      ? [
          {
            key: "pdf",
            title: t("feeSharing.statements.pdf"),
            render: (_: unknown, m: MemberRow) => (
              <DownloadButton
                url={statementPdfUrl(m.memberId)}
                params={{ period }}
                name={`${m.name}-${period}.pdf`}
                label={t("feeSharing.actions.pdfOf", { name: m.name })}
                size="small"
                type="link"
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <PageHeader
        title={t("feeSharing.titles.statements")}
        extra={
          <Space wrap>
            <MonthPicker value={period} onChange={setPeriod} />
            {data ? <PeriodTag closed={data.closed} /> : null}
          </Space>
        }
      />
      <PagePanel>
        <div className="fee-toolbar">
          {can("update", "LAWFIRM_FEE_SHARE") ? (
            <CloseMonthButton period={period} periods={periods} closed={data?.closed ?? false} />
          ) : null}
          <div className="fee-toolbar-end">
            {canExport ? (
              <DownloadButton
                url={STATEMENTS_XLSX_URL}
                params={{ period }}
                name={`statements-${period}.xlsx`}
                label={t("feeSharing.actions.exportXlsx")}
              />
            ) : null}
          </div>
        </div>
        {isLoading || !data ? (
          <Skeleton active />
        ) : (
          <>
            <Table<MemberRow>
              rowKey="memberId"
              size="small"
              columns={columns}
              dataSource={data.members}
              pagination={false}
              locale={{ emptyText: t("feeSharing.statements.empty") }}
              summary={() =>
                data.members.length > 0 ? (
                  <Table.Summary.Row className="fee-total-row">
                    <Table.Summary.Cell index={0}>{t("feeSharing.lines.total")}</Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      {data.members.reduce((n, m) => n + m.lines, 0)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right">
                      <Money value={sum(data.members.map((m) => m.total))} />
                    </Table.Summary.Cell>
                    {canExport ? <Table.Summary.Cell index={3} /> : null}
                  </Table.Summary.Row>
                ) : null
              }
            />
            <h2 className="fee-section-title">{t("feeSharing.statements.firm")}</h2>
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, sm: 2, lg: 4 }}
              items={[
                {
                  key: "received",
                  label: t("feeSharing.statements.received"),
                  children: <Money value={data.received} />,
                },
                {
                  key: "tax",
                  label: t("feeSharing.kinds.tax"),
                  children: <Money value={data.firm.tax} />,
                },
                {
                  key: "management",
                  label: t("feeSharing.kinds.management"),
                  children: <Money value={data.firm.management} />,
                },
                {
                  key: "rounding",
                  label: t("feeSharing.kinds.rounding"),
                  children: <Money value={data.firm.rounding} />,
                },
              ]}
            />
          </>
        )}
      </PagePanel>
    </>
  );
};
