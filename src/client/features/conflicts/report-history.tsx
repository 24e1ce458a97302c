import { FilePdfOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Button, Table, Typography } from "antd";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { showToast } from "../../layout/toast";
import { downloadFile } from "../../schema-ui/download";

export type ReportRow = { id: string; createdAt: string; createdByName: string; keywords: string[]; hitCount: number };

export const formatAt = (at: string) => dayjs(at).format("YYYY-MM-DD HH:mm");

/** GET /api/conflicts/reports/:id/pdf, saved by the browser; a refusal is shown as a toast. */
export const ExportPdfButton = ({ report }: { report: { id: string; createdAt: string } }) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const name = `${t("conflicts.pdf.fileName")}-${dayjs(report.createdAt).format("YYYY-MM-DD")}-${report.id.slice(0, 8)}.pdf`;
      const res = await downloadFile(`/conflicts/reports/${report.id}/pdf`, { name });
      if (!res.ok) showToast({ message: res.message || t("conflicts.pdf.failed"), color: "error", timeout: 5000 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<FilePdfOutlined />} loading={busy} onClick={() => void onClick()}>
      {t("conflicts.exportPdf")}
    </Button>
  );
};

/** The firm's saved reports, newest first (the server's order); `refresh` changes after a save. */
export const ReportHistory = ({ refresh, onOpen }: { refresh: number; onOpen: (id: string) => void }) => {
  const { t } = useTranslation();
  const { result, query } = useCustom<ReportRow[]>({ url: "/api/conflicts/reports", method: "get" });
  useEffect(() => {
    if (refresh) void query.refetch();
  }, [refresh]); // eslint-disable-line react-hooks/exhaustive-deps
  const rows = Array.isArray(result?.data) ? (result.data as ReportRow[]) : [];
  return (
    <>
      <Typography.Title level={5}>{t("conflicts.history.title")}</Typography.Title>
      <Table<ReportRow>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t("conflicts.history.empty") }}
        aria-label={t("conflicts.history.title")}
        columns={[
          { title: t("conflicts.history.ranAt"), render: (_, r) => formatAt(r.createdAt), width: 160 },
          { title: t("conflicts.history.ranBy"), dataIndex: "createdByName", width: 120 },
          { title: t("conflicts.keywords"), render: (_, r) => r.keywords.join("、") },
          { title: t("conflicts.history.hits"), dataIndex: "hitCount", width: 90 },
          {
            title: "",
            width: 90,
            render: (_, r) => (
              <Button type="link" aria-label={`${t("conflicts.history.open")} ${r.keywords.join("、")} ${formatAt(r.createdAt)}`} onClick={() => onOpen(r.id)}>
                {t("conflicts.history.open")}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
};
