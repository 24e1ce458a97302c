import { DownloadOutlined, EyeOutlined, PaperClipOutlined } from "@ant-design/icons";
import { Button, Empty, Modal, Space, Spin, Tooltip } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { PREVIEW_MIMES } from "../../../shared/name-rules";
import { downloadByTicket, ticketUrl } from "../../lib/file-transfer";
import { formatSize } from "../documents";

export type AttachmentInfo = { name: string; size: number; mime: string };
type Opened = AttachmentInfo & { id: string };

/** PDFs and images by a ticket link (same origin, one file, a minute's life), as the documents page shows them. */
const Preview = ({
  instanceId,
  file,
  onClose,
}: {
  instanceId: string;
  file: Opened | null;
  onClose: () => void;
}) => {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    let isCurrent = true;
    setUrl(null);
    setError(null);
    ticketUrl({ instanceId, fileId: file.id, inline: true })
      .then((link) => isCurrent && setUrl(link))
      .catch((err: Error) => isCurrent && setError(err.message));
    return () => {
      isCurrent = false;
    };
  }, [file, instanceId]);
  const body = () => {
    if (!file) return null;
    if (error) return <Empty description={error} />;
    if (!url)
      return (
        <Spin>
          <div className="wf-preview-wait" />
        </Spin>
      );
    return file.mime === "application/pdf" ? (
      <iframe className="wf-preview-frame" src={url} title={file.name} />
    ) : (
      <img className="wf-preview-image" src={url} alt={file.name} />
    );
  };
  return (
    <Modal
      open={!!file}
      title={file?.name}
      footer={null}
      width={960}
      onCancel={onClose}
      destroyOnHidden
    >
      {body()}
    </Modal>
  );
};

/** Files of one timeline step (or form field): open the previewable ones, download any. */
export const AttachmentList = ({
  instanceId,
  ids,
  files,
}: {
  instanceId: string;
  ids: string[];
  files: Record<string, AttachmentInfo>;
}) => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<Opened | null>(null);
  const shown = ids.filter((id) => files[id]);
  if (shown.length === 0) return null;
  return (
    <>
      <ul className="wf-files" aria-label={t("workflow.attachments.title")}>
        {shown.map((id) => {
          const f = files[id];
          const canOpen = PREVIEW_MIMES.has(f.mime);
          return (
            <li key={id}>
              <Space size={4}>
                <PaperClipOutlined className="wf-muted" />
                <Button
                  type="link"
                  size="small"
                  className="wf-link"
                  onClick={() =>
                    canOpen
                      ? setOpened({ ...f, id })
                      : void downloadByTicket({ instanceId, fileId: id })
                  }
                >
                  {f.name}
                </Button>
                <span className="wf-muted">{formatSize(f.size)}</span>
                {canOpen ? (
                  <Tooltip title={t("documents.actions.preview")}>
                    <Button
                      type="text"
                      size="small"
                      icon={<EyeOutlined />}
                      aria-label={`${t("documents.actions.preview")} ${f.name}`}
                      onClick={() => setOpened({ ...f, id })}
                    />
                  </Tooltip>
                ) : null}
                <Tooltip title={t("documents.actions.download")}>
                  <Button
                    type="text"
                    size="small"
                    icon={<DownloadOutlined />}
                    aria-label={`${t("documents.actions.download")} ${f.name}`}
                    onClick={() => void downloadByTicket({ instanceId, fileId: id })}
                  />
                </Tooltip>
              </Space>
            </li>
          );
        })}
      </ul>
      <Preview instanceId={instanceId} file={opened} onClose={() => setOpened(null)} />
    </>
  );
};
