import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Popconfirm, Space, Switch, Table, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";

import type { LoanRow } from "../../../shared/contracts/archive-loans";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { useCan } from "../../routing/use-can";
import { ARCHIVE_SUBJECT, volumePath } from "./api";
import { LoanOpens } from "./loan-opens";
import { LoanStatusTag, OverdueTag } from "./status-tags";
import "./archive.css";

/**
 * /archive/loans: the archivist sees every loan, others their own ("Mine" narrows the
 * archivist's too). `?loan=<id>` (a reminder's link) marks that loan and scrolls to it.
 */
export const LoansPage = () => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const archivist = useCan()("update", ARCHIVE_SUBJECT);
  const [search, setSearch] = useSearchParams();
  const mine = search.get("mine") === "true";
  const focus = search.get("loan");
  const [opens, setOpens] = useState<LoanRow>();
  const { data = [], isLoading } = useQuery({
    queryKey: ["archive-loans", mine],
    queryFn: () =>
      api.get<LoanRow[]>("/archive-loans", { params: { mine: mine ? true : undefined } }),
  });
  useEffect(() => {
    if (focus && data.some((l) => l.id === focus))
      document
        .querySelector(`[data-row-key="${CSS.escape(focus)}"]`)
        ?.scrollIntoView({ block: "center" });
  }, [focus, data]);
  const giveBack = async (loan: LoanRow) => {
    await api.post(`/archive-loans/${loan.id}/return`);
    showToast({ message: t("archiveUi.loans.returned"), color: "success" });
    void client.invalidateQueries({ queryKey: ["archive-loans"] });
  };
  const setMine = (on: boolean) => {
    const next = new URLSearchParams(search);
    if (on) next.set("mine", "true");
    else next.delete("mine");
    setSearch(next, { replace: true });
  };
  return (
    <>
      <PageHeader
        title={t("archiveUi.titles.loans")}
        extra={
          archivist ? (
            <Space>
              <Switch
                id="archive-loans-mine"
                checked={mine}
                onChange={setMine}
                aria-label={t("archiveUi.loans.mine")}
              />
              <label htmlFor="archive-loans-mine">{t("archiveUi.loans.mine")}</label>
            </Space>
          ) : null
        }
      />
      <PagePanel>
        <Table<LoanRow>
          rowKey="id"
          size="middle"
          loading={isLoading}
          dataSource={data}
          // Numbers and case names wrap, so every column, Return included, fits the card at 1280 px.
          scroll={{ x: 900 }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          rowClassName={(r) => (r.id === focus ? "archive-loan-focus" : "")}
          columns={[
            {
              key: "volumeNo",
              title: t("archive.fields.volumeNo"),
              width: 140,
              render: (_, r) =>
                (r.readable || archivist) && r.volumeNo ? (
                  <Link className="schema-link" to={volumePath(r.volumeId)}>
                    {r.volumeNo}
                  </Link>
                ) : (
                  (r.volumeNo ?? "")
                ),
            },
            {
              key: "case",
              title: t("archive.fields.caseName"),
              dataIndex: "caseName",
              width: 160,
            },
            {
              key: "borrower",
              title: t("archiveUi.loans.borrower"),
              render: (_, r) => r.borrowerName ?? "",
            },
            {
              key: "purpose",
              title: t("archiveUi.borrow.purpose"),
              render: (_, r) => (
                <Typography.Paragraph
                  ellipsis={{ rows: 2, tooltip: r.purpose }}
                  style={{ marginBottom: 0, maxWidth: 220 }}
                >
                  {r.purpose}
                </Typography.Paragraph>
              ),
            },
            {
              key: "untilOn",
              title: t("archiveUi.borrow.until"),
              render: (_, r) => (
                <Space size={4}>
                  {r.untilOn}
                  {r.overdue ? <OverdueTag /> : null}
                </Space>
              ),
            },
            {
              key: "status",
              title: t("archiveUi.fields.status"),
              render: (_, r) => (
                <Space size={4} wrap>
                  <LoanStatusTag status={r.status} />
                  {r.id === focus ? (
                    <span className="archive-sr-only">{t("archiveUi.loans.linked")}</span>
                  ) : null}
                </Space>
              ),
            },
            {
              key: "opens",
              title: t("archiveUi.loans.opens"),
              render: (_, r) => (
                <Button
                  type="link"
                  size="small"
                  aria-label={t("archiveUi.loans.opensOf", {
                    count: r.opens,
                    volumeNo: r.volumeNo ?? "",
                  })}
                  onClick={() => setOpens(r)}
                >
                  {r.opens}
                </Button>
              ),
            },
            {
              key: "actions",
              title: t("archiveUi.loans.actions"),
              render: (_, r) =>
                r.status === "active" ? (
                  <Popconfirm
                    title={t("archiveUi.loans.returnConfirm", { volumeNo: r.volumeNo ?? "" })}
                    onConfirm={() => giveBack(r)}
                  >
                    <Button size="small">{t("archiveUi.loans.return")}</Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
        {opens ? <LoanOpens loan={opens} onClose={() => setOpens(undefined)} /> : null}
      </PagePanel>
    </>
  );
};
