import { Skeleton, Table, type TableColumnsType, type TableColumnType } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";

import type { ReceivableRow } from "../../../shared/contracts/fees";
import { AGEING_BUCKETS, type AgeingBucket } from "../../../shared/fees";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { accountDetailPath } from "../../lib/record-paths";
import { useCan } from "../../routing/use-can";
import {
  cleanFilters,
  RECEIVABLES_PAGE_SIZE,
  RECEIVABLES_XLSX_URL,
  type ReceivableFilters,
  useReceivables,
} from "./api";
import { DownloadButton } from "./download-button";
import { ReceivableFilterBar } from "./receivable-filters";
import { Money } from "./share-lines";
import "./fee-sharing.css";

const FILTER_KEYS = ["accountId", "departmentId", "leadLawyerId"] as const;
const AMOUNTS = ["billed", "received", "invoiced", "outstanding"] as const;

/** The filters live in the address, so a filtered report can be linked and reloaded. */
const useFilters = () => {
  const [search, setSearch] = useSearchParams();
  const filters: ReceivableFilters = Object.fromEntries(
    FILTER_KEYS.map((k) => [k, search.get(k) ?? undefined]),
  );
  const setFilters = (next: ReceivableFilters) =>
    setSearch(new URLSearchParams(cleanFilters(next) as Record<string, string>), { replace: true });
  return [filters, setFilters] as const;
};

/**
 * /finance/receivables: what each client owes across its cases, aged from the due dates, a page
 * of clients at a time under the firm's totals.
 */
export const ReceivablesPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const [filters, changeFilters] = useFilters();
  const [page, setPage] = useState({ current: 1, pageSize: RECEIVABLES_PAGE_SIZE });
  // The server pages the report (a firm has thousands of clients); a new filter starts at page 1.
  const setFilters = (next: ReceivableFilters) => {
    setPage((p) => ({ ...p, current: 1 }));
    changeFilters(next);
  };
  const { data: answer, isLoading } = useReceivables(filters, page);
  const data = answer?.data;
  // Clients to filter by: those of the page on screen (the chosen one stays while it is chosen).
  const clients = (data?.rows ?? []).map((r) => ({ value: r.accountId, label: r.accountName }));
  const amount = (key: (typeof AMOUNTS)[number]): TableColumnType<ReceivableRow> => ({
    key,
    title: t(`feeSharing.receivables.${key}`),
    align: "right",
    render: (_, row) => <Money value={row[key]} />,
  });
  const bucket = (key: AgeingBucket): TableColumnType<ReceivableRow> => ({
    key,
    title: t(`feeSharing.receivables.buckets.${key}`),
    align: "right",
    render: (_, row) => <Money value={row.buckets[key]} />,
  });
  const columns: TableColumnsType<ReceivableRow> = [
    {
      key: "client",
      title: t("feeSharing.receivables.client"),
      fixed: "left",
      render: (_, row) => (
        <Link to={accountDetailPath({ id: row.accountId, accountType: row.accountType })}>
          {row.accountName}
        </Link>
      ),
    },
    { key: "cases", dataIndex: "cases", title: t("feeSharing.receivables.cases"), align: "right" },
    ...AMOUNTS.map(amount),
    {
      key: "ageing",
      title: t("feeSharing.receivables.ageing"),
      children: AGEING_BUCKETS.map(bucket),
    },
  ];
  const totals = data?.totals;
  return (
    <>
      <PageHeader
        title={t("feeSharing.titles.receivables")}
        extra={
          can("export", "LAWFIRM_RECEIVABLE_VIEW") ? (
            <DownloadButton
              url={RECEIVABLES_XLSX_URL}
              params={cleanFilters(filters)}
              name={`receivables-${data?.asOf ?? ""}.xlsx`}
              label={t("feeSharing.actions.exportXlsx")}
            />
          ) : null
        }
      />
      <PagePanel>
        <ReceivableFilterBar value={filters} onChange={setFilters} clients={clients} />
        {data ? (
          <p className="fee-note">{t("feeSharing.receivables.asOf", { day: data.asOf })}</p>
        ) : null}
        {isLoading || !data || !answer ? (
          <Skeleton active />
        ) : (
          <Table<ReceivableRow>
            rowKey="accountId"
            size="small"
            scroll={{ x: "max-content" }}
            columns={columns}
            dataSource={data.rows}
            pagination={{
              current: page.current,
              pageSize: page.pageSize,
              total: answer.total,
              showSizeChanger: true,
              showTotal: (count) => t("feeSharing.receivables.clientsTotal", { count }),
              onChange: (current, pageSize) =>
                setPage({ current: pageSize === page.pageSize ? current : 1, pageSize }),
            }}
            locale={{ emptyText: t("feeSharing.receivables.empty") }}
            summary={() =>
              totals && data.rows.length > 0 ? (
                <Table.Summary fixed>
                  <Table.Summary.Row className="fee-total-row">
                    <Table.Summary.Cell index={0}>{t("feeSharing.lines.total")}</Table.Summary.Cell>
                    {/* The firm's totals, every page alike: cases are counted per client only. */}
                    <Table.Summary.Cell index={1} />
                    {AMOUNTS.map((k, i) => (
                      <Table.Summary.Cell key={k} index={2 + i} align="right">
                        <Money value={totals[k]} />
                      </Table.Summary.Cell>
                    ))}
                    {AGEING_BUCKETS.map((b, i) => (
                      <Table.Summary.Cell key={b} index={6 + i} align="right">
                        <Money value={totals.buckets[b]} />
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              ) : null
            }
          />
        )}
      </PagePanel>
    </>
  );
};
