import { Empty, Modal, Spin } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { PREVIEW_MIMES } from "../../../shared/name-rules";
import { ticketUrl } from "../../lib/file-transfer";
import { isServerPreview, ServerPreview } from "./preview-body";
import type { DocFile } from "./types";

const inBrowser = (file: DocFile) => PREVIEW_MIMES.has(file.mime);
/** PDFs and images open in the browser; text, office and e-mail files through the server. */
export const canPreview = (file: DocFile) => inBrowser(file) || isServerPreview(file.name);

/**
 * PDFs and images shown by URL: a short-lived ticket link (the Bearer token never goes into a
 * URL), so the browser's own PDF viewer streams the file with Range requests instead of the
 * page first fetching all of it into memory.
 */
export const PreviewModal = ({ file, onClose }: { file: DocFile | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!file || !inBrowser(file)) return undefined;
    let isCurrent = true;
    setUrl(null);
    setError(null);
    ticketUrl({ fileId: file.id, inline: true })
      .then((link) => isCurrent && setUrl(link))
      .catch((err: Error) => isCurrent && setError(err.message));
    return () => {
      isCurrent = false;
    };
  }, [file]);

  const body = () => {
    if (!file) return null;
    if (!inBrowser(file))
      return isServerPreview(file.name) ? (
        <ServerPreview file={file} />
      ) : (
        <Empty description={t("documents.preview.unsupported")} />
      );
    if (error) return <Empty description={error} />;
    if (!url)
      return (
        <Spin tip={t("documents.preview.loading")}>
          <div className="doc-preview-wait" />
        </Spin>
      );
    if (file.mime === "application/pdf") {
      return <iframe className="doc-preview-frame" src={url} title={file.name} />;
    }
    return <img className="doc-preview-image" src={url} alt={file.name} />;
  };

  return (
    <Modal
      open={Boolean(file)}
      title={file ? t("documents.titles.preview", { name: file.name }) : ""}
      footer={null}
      width={960}
      onCancel={onClose}
      destroyOnHidden
    >
      {body()}
    </Modal>
  );
};
