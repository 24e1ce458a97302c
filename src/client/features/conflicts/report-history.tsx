import { FilePdfOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation, useGetIdentity } from "@refinedev/core";
import { Button, Input, Popconfirm, Space, Table, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import type { ConflictReportRow as ReportRow } from "../../../shared/contracts/conflicts";
import { showToast } from "../../layout/toast";
import type { LoginUser } from "../../providers/session";
import { downloadFile } from "../../schema-ui/download";
import { firmTime } from "../../lib/firm-time";

/**
 * No case and none coming: a report saved from a new-case form that was then abandoned. Its
 * author may discard it (the server refuses anyone else, and any report a case holds or awaits).
 */
const CaseCell = ({ row, onDiscarded }: { row: ReportRow; onDiscarded: () => void }) => {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<LoginUser>();
  const { mutateAsync, mutation } = useCustomMutation();
  if (row.caseId) return <Tag color="blue">{t("conflicts.history.attached")}</Tag>;
  if (row.isPending) return <Tag color="gold">{t("conflicts.history.pending")}</Tag>;
  const discard = async () => {
    await mutateAsync({
      url: `/api/conflicts/reports/${row.id}`,
      method: "delete",
      values: {},
      successNotification: { type: "success", message: t("conflicts.history.discarded") },
    });
    onDiscarded();
  };
  return (
    <Space size={4} wrap>
      <Tag>{t("conflicts.history.orphan")}</Tag>
      {me && String(me.id) === row.createdBy ? (
        <Popconfirm
          title={t("conflicts.history.confirmDiscard")}
          okText={t("conflicts.history.discard")}
          cancelText={t("buttons.cancel")}
          onConfirm={() => discard().catch(() => undefined)}
        >
          <Button
            size="small"
            type="link"
            danger
            loading={mutation.isPending}
            aria-label={`${t("conflicts.history.discard")} ${row.keywords.join("、")}`}
          >
            {t("conflicts.history.discard")}
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
};

export const formatAt = (at: string) => firmTime(at);

/**
 * GET /api/conflicts/reports/:id/pdf, saved by the browser; a refusal is shown as a toast. The
 * server records the SHA-256 of the bytes it sent and says it in a header; it is shown here so
 * the user can match the file to the record. `onExported` lets a list refresh its last hash.
 */
export const ExportPdfButton = ({
  report,
  onExported,
}: {
  report: { id: string; createdAt: string };
  onExported?: () => void;
}) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [sha, setSha] = useState("");
  const onClick = async () => {
    setBusy(true);
    try {
      const name = `${t("conflicts.pdf.fileName")}-${dayjs(report.createdAt).format("YYYY-MM-DD")}-${report.id.slice(0, 8)}.pdf`;
      const res = await downloadFile(`/conflicts/reports/${report.id}/pdf`, { name });
      if (!res.ok) {
        showToast({
          message: res.message || t("conflicts.pdf.failed"),
          color: "error",
          timeout: 5000,
        });
        return;
      }
      setSha(res.header("x-content-sha256"));
      onExported?.();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" size={2}>
      <Button icon={<FilePdfOutlined />} loading={busy} onClick={() => void onClick()}>
        {t("conflicts.exportPdf")}
      </Button>
      {sha && (
        <Typography.Text
          type="secondary"
          copyable={{ text: sha }}
          data-testid="pdf-sha256"
          style={{ fontSize: 12, wordBreak: "break-all" }}
        >
          {t("conflicts.pdf.sha256", { sha })}
        </Typography.Text>
      )}
    </Space>
  );
};

/**
 * The firm's saved reports, newest first (the server's order), searchable by keyword or by who ran
 * the check (the list's `q`); `refresh` changes after a save or an export.
 */
export const ReportHistory = ({
  refresh,
  onOpen,
}: {
  refresh: number;
  onOpen: (id: string) => void;
}) => {
  const { t } = useTranslation();
  const [q, setQ] = useState("");
  const { result, query } = useCustom<ReportRow[]>({
    url: "/api/conflicts/reports",
    method: "get",
    config: { query: q ? { q } : {} },
  });
  useEffect(() => {
    if (refresh) void query.refetch();
  }, [refresh]); // eslint-disable-line react-hooks/exhaustive-deps
  const rows = Array.isArray(result?.data) ? (result.data as ReportRow[]) : [];
  return (
    <>
      <Typography.Title level={5}>{t("conflicts.history.title")}</Typography.Title>
      <Input.Search
        allowClear
        aria-label={t("conflicts.history.search")}
        placeholder={t("conflicts.history.searchHint")}
        maxLength={100}
        style={{ maxWidth: 360, marginBottom: 12 }}
        onSearch={(value) => setQ(value.trim())}
      />
      <Table<ReportRow>
        rowKey="id"
        size="small"
        loading={query.isLoading || query.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{
          emptyText: q ? t("conflicts.history.noMatch", { q }) : t("conflicts.history.empty"),
        }}
        aria-label={t("conflicts.history.title")}
        columns={[
          {
            title: t("conflicts.history.ranAt"),
            width: 160,
            // A real link (a new tab opens the report by ?report=); a plain click opens it here.
            render: (_, r) => (
              <Link
                to={`/conflict-interest?report=${r.id}`}
                onClick={(e) => {
                  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                  e.preventDefault();
                  onOpen(r.id);
                }}
              >
                {formatAt(r.createdAt)}
              </Link>
            ),
          },
          { title: t("conflicts.history.ranBy"), dataIndex: "createdByName", width: 120 },
          { title: t("conflicts.keywords"), render: (_, r) => r.keywords.join("、") },
          { title: t("conflicts.history.hits"), dataIndex: "hitCount", width: 90 },
          {
            title: t("conflicts.history.case"),
            width: 170,
            render: (_, r) => <CaseCell row={r} onDiscarded={() => void query.refetch()} />,
          },
          {
            title: t("conflicts.history.lastPdf"),
            width: 150,
            render: (_, r) =>
              r.lastPdfSha256 ? (
                <Typography.Text code copyable={{ text: r.lastPdfSha256 }} title={r.lastPdfSha256}>
                  {r.lastPdfSha256.slice(0, 12)}…
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">
                  {t("conflicts.history.noExports")}
                </Typography.Text>
              ),
          },
          {
            title: "",
            width: 90,
            render: (_, r) => (
              <Button
                type="link"
                aria-label={`${t("conflicts.history.open")} ${r.keywords.join("、")} ${formatAt(r.createdAt)}`}
                onClick={() => onOpen(r.id)}
              >
                {t("conflicts.history.open")}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
};
