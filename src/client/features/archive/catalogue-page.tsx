import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Input, Space, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import type { CatalogueRow } from "../../../shared/contracts/archive-loans";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { http } from "../../lib/api";
import { loanPath, volumePath } from "./api";
import { BorrowDialog } from "./borrow-dialog";
import { LoanStatusTag } from "./status-tags";

const PAGE = 20;

/** /archive/catalogue: the firm's archived volumes, searchable, each to borrow (借阅). */
export const CataloguePage = () => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [borrowing, setBorrowing] = useState<CatalogueRow>();
  const { data, isLoading } = useQuery({
    queryKey: ["archive-catalogue", q, page],
    queryFn: async () => {
      const res = await http.get<CatalogueRow[]>("/archive-catalogue", {
        params: { q: q || undefined, _start: (page - 1) * PAGE, _end: page * PAGE },
      });
      return { rows: res.data, total: Number(res.headers["x-total-count"] ?? res.data.length) };
    },
  });
  return (
    <>
      <PageHeader title={t("archiveUi.titles.catalogue")} />
      <PagePanel>
        <Input.Search
          aria-label={t("archiveUi.catalogue.search")}
          placeholder={t("archiveUi.catalogue.search")}
          allowClear
          enterButton
          style={{ maxWidth: 400, marginBottom: 16 }}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
        />
        <Table<CatalogueRow>
          rowKey="id"
          size="middle"
          loading={isLoading}
          dataSource={data?.rows ?? []}
          scroll={{ x: "max-content" }}
          pagination={{
            current: page,
            pageSize: PAGE,
            total: data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          columns={[
            {
              key: "volumeNo",
              title: t("archive.fields.volumeNo"),
              render: (_, r) =>
                r.readable ? (
                  <Link className="schema-link" to={volumePath(r.id)}>
                    {r.volumeNo}
                  </Link>
                ) : (
                  r.volumeNo
                ),
            },
            {
              key: "case",
              title: t("archive.fields.caseName"),
              render: (_, r) => `${r.caseNo} ${r.caseName}`,
            },
            { key: "year", title: t("archiveUi.fields.year"), dataIndex: "year" },
            {
              key: "archivedAt",
              title: t("archive.fields.archivedOn"),
              render: (_, r) => r.archivedAt.slice(0, 10),
            },
            {
              key: "loan",
              title: t("archiveUi.catalogue.loan"),
              render: (_, r) =>
                r.myLoan ? (
                  <Space size={4} wrap>
                    <LoanStatusTag status={r.myLoan.status} />
                    <Link to={loanPath(r.myLoan.id)}>
                      {t("archiveUi.catalogue.until", { date: r.myLoan.untilOn })}
                    </Link>
                  </Space>
                ) : (
                  <Button
                    size="small"
                    aria-label={t("archiveUi.catalogue.borrowOne", { volumeNo: r.volumeNo })}
                    onClick={() => setBorrowing(r)}
                  >
                    {t("archiveUi.catalogue.borrow")}
                  </Button>
                ),
            },
          ]}
        />
        {borrowing ? (
          <BorrowDialog
            row={borrowing}
            onClose={(result) => {
              setBorrowing(undefined);
              if (result) void client.invalidateQueries({ queryKey: ["archive-catalogue"] });
            }}
          />
        ) : null}
      </PagePanel>
    </>
  );
};
