import { DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { useInvalidate, useList } from "@refinedev/core";
import { Button, Drawer, List, Progress, Tag, Typography } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { showToast } from "../../layout/toast";
import { downloadByTicket, getUploadToken, uploadOne } from "../../lib/file-transfer";
import { type DocFile, type FileVersion, formatSize } from "./types";
import { firmTime } from "../../lib/firm-time";

type Props = { file: DocFile | null; canUpdate: boolean; onClose: () => void };

/** A file's history, newest first; a new version keeps the name and bumps the number. */
export const VersionsDrawer = ({ file, canUpdate, onClose }: Props) => {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const { result, query } = useList<FileVersion>({
    resource: `documents/files/${file?.id ?? "none"}/versions`,
    pagination: { mode: "off" },
    queryOptions: { enabled: Boolean(file) },
  });

  // The newest row, not file.currentVersion: the row the drawer was opened from may be older.
  const latest = Math.max(0, ...result.data.map((v) => v.versionNo));

  const upload = async (picked: File | undefined) => {
    if (!file || !picked) return;
    setPercent(0);
    try {
      await uploadOne(
        picked,
        {},
        await getUploadToken(),
        setPercent,
        `/documents/files/${file.id}/versions/raw`,
      );
      showToast({ message: t("documents.messages.versionUploaded"), color: "success" });
      await query.refetch();
      await invalidate({ resource: "documents/files", invalidates: ["list"] });
    } catch (err) {
      showToast({ message: (err as Error).message, color: "error", timeout: 5000 });
    } finally {
      setPercent(null);
    }
  };

  return (
    <Drawer
      open={Boolean(file)}
      width={520}
      title={file ? t("documents.titles.versions", { name: file.name }) : ""}
      onClose={onClose}
      extra={
        canUpdate && (
          <Button
            type="primary"
            icon={<UploadOutlined />}
            onClick={() => input.current?.click()}
            loading={percent !== null}
          >
            {t("documents.actions.newVersion")}
          </Button>
        )
      }
    >
      <input
        ref={input}
        type="file"
        hidden
        data-testid="upload-version"
        onChange={(e) => {
          const picked = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          void upload(picked);
        }}
      />
      {percent !== null && <Progress percent={percent} size="small" />}
      <List<FileVersion>
        loading={query.isFetching}
        dataSource={result.data}
        renderItem={(v) => (
          <List.Item
            actions={[
              <Button
                key="download"
                type="link"
                icon={<DownloadOutlined />}
                aria-label={`${t("documents.actions.download")} ${t("documents.versions.number", { n: v.versionNo })}`}
                onClick={() =>
                  file && void downloadByTicket({ fileId: file.id, version: v.versionNo })
                }
              />,
            ]}
          >
            <List.Item.Meta
              title={
                <span>
                  {t("documents.versions.number", { n: v.versionNo })}{" "}
                  {v.versionNo === latest && (
                    <Tag color="blue">{t("documents.versions.current")}</Tag>
                  )}
                </span>
              }
              description={
                <Typography.Text type="secondary">
                  {v.name} · {formatSize(v.size)} · {v.uploaderName ?? "-"} ·{" "}
                  {firmTime(v.createdAt)}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
};
