import { DownloadOutlined, FilePdfOutlined } from "@ant-design/icons";
import { Button, Descriptions, Space, Typography } from "antd";
import { useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { downloadByTicket, ticketUrl } from "../../lib/file-transfer";
import type { VolumeView } from "./api";
import { MergeStatusTag } from "./status-tags";

/** The job stores "reason" or "reason:file name"; shown as the translated reason and the file. */
const mergeErrorText = (t: TFunction, stored: string) => {
  const at = stored.indexOf(":");
  const [reason, file] = at < 0 ? [stored, ""] : [stored.slice(0, at), stored.slice(at + 1)];
  const text = t(`archive.mergeErrors.${reason}`, { defaultValue: reason });
  return file ? t("archiveUi.pdf.failedFile", { reason: text, file }) : text;
};

/**
 * The merged PDF: its state, and once done links that open it in a new tab or save it (by a
 * ticket link, so the browser streams it itself; the server checks its SHA-256 and logs a
 * borrower's open), its hash and pages.
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
      const url = await ticketUrl({ volumeId: volume.id, inline: true });
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (err) {
      tab?.close();
      showToast({ message: (err as Error).message, color: "error", timeout: 5000 });
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
            <Typography.Text type="danger">{mergeErrorText(t, volume.mergeError)}</Typography.Text>
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
            <Button
              type="link"
              icon={<DownloadOutlined />}
              onClick={() => void downloadByTicket({ volumeId: volume.id })}
            >
              {t("archiveUi.pdf.download")}
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
