import { FilePdfOutlined } from "@ant-design/icons";
import { Button, Descriptions, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import type { VolumeView } from "./api";
import { MergeStatusTag } from "./status-tags";

/**
 * The merged PDF: its state, and once done a link that opens it in a new tab (fetched with the
 * session, so the server checks its SHA-256 and logs a borrower's open), its hash and pages.
 */
export const VolumePdf = ({
  volume,
  canRetry,
  onChanged,
}: {
  volume: VolumeView;
  canRetry: boolean;
  onChanged: () => void;
}) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    // Opened before the wait, so the browser counts it as the click's own tab.
    const tab = window.open("", "_blank");
    try {
      const blob = await api.get<Blob>(`/archive-volumes/${volume.id}/merged-pdf`, {
        params: { inline: true },
        responseType: "blob",
      });
      const url = URL.createObjectURL(new Blob([blob], { type: "application/pdf" }));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch {
      tab?.close();
    }
  };
  const retry = async () => {
    setBusy(true);
    try {
      await api.post(`/archive-volumes/${volume.id}/merge-retry`);
      showToast({ message: t("archiveUi.pdf.retried"), color: "success" });
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Descriptions size="small" bordered column={1}>
      <Descriptions.Item label={t("archiveUi.fields.merge")}>
        <Space wrap>
          <MergeStatusTag status={volume.mergeStatus} />
          {volume.mergeStatus === "failed" && volume.mergeError ? (
            <Typography.Text type="danger">
              {t(`archive.mergeErrors.${volume.mergeError}`, volume.mergeError)}
            </Typography.Text>
          ) : null}
          {volume.mergeStatus === "failed" && canRetry ? (
            <Button size="small" loading={busy} onClick={() => void retry()}>
              {t("archiveUi.pdf.retry")}
            </Button>
          ) : null}
        </Space>
      </Descriptions.Item>
      {volume.mergeStatus === "done" && volume.mergedFileId ? (
        <>
          <Descriptions.Item label={t("archiveUi.pdf.file")}>
            <Button
              type="link"
              style={{ padding: 0 }}
              icon={<FilePdfOutlined />}
              onClick={() => void open()}
            >
              {t("archiveUi.pdf.open")}
            </Button>
          </Descriptions.Item>
          <Descriptions.Item label="SHA-256">
            <Typography.Text code copyable style={{ wordBreak: "break-all" }}>
              {volume.mergedSha256}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t("archiveUi.pdf.pages")}>
            {volume.mergedPages}
          </Descriptions.Item>
        </>
      ) : null}
    </Descriptions>
  );
};
