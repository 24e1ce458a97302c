import { FolderAddOutlined, InboxOutlined, UploadOutlined } from "@ant-design/icons";
import { Alert, Button, List, Progress, Space, Typography } from "antd";
import { type DragEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { invalidCharsText, MAX_UPLOAD_ITEMS } from "../../../shared/name-rules";
import { showToast } from "../../layout/toast";
import { getUploadToken, uploadOne } from "../../lib/file-transfer";
import { formatSize } from "./types";
import {
  itemsFromDrop,
  itemsFromInput,
  type LeftOut,
  sortItems,
  type TopItem,
  type UploadItem,
} from "./upload-items";

type RowStatus = "waiting" | "uploading" | "done" | "failed";
type Row = { key: string; name: string; percent: number; status: RowStatus; error?: string };

/** Files in flight at once: enough to fill the line, few enough that each bar moves. */
const PARALLEL = 3;

type Props = {
  folderId: string | null;
  folderName: string;
  maxFileBytes: number;
  onUploaded: () => void;
};

/** Drop zone and pickers, one progress bar per file, and the list of what was left out and why. */
export const UploadPanel = ({ folderId, folderName, maxFileBytes, onUploaded }: Props) => {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>([]);
  const [leftOut, setLeftOut] = useState<LeftOut[]>([]);
  const [isOver, setIsOver] = useState(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const patch = (key: string, change: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const start = async (items: TopItem[]) => {
    const { accepted, leftOut: skipped } = sortItems(items, {
      maxFileBytes,
      limitText: formatSize(maxFileBytes),
    });
    setLeftOut(skipped);
    setRows(
      accepted.map((a) => ({
        key: a.key,
        name: a.relativePath ?? a.file.name,
        percent: 0,
        status: "waiting",
      })),
    );
    if (accepted.length === 0) return;
    let token: string;
    try {
      token = await getUploadToken();
    } catch {
      return;
    }
    const queue = [...accepted];
    let done = 0;
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const current: UploadItem = item;
        patch(current.key, { status: "uploading" });
        try {
          await uploadOne(
            current.file,
            { folderId, relativePath: current.relativePath },
            token,
            (percent) => patch(current.key, { percent: Math.min(percent, 99) }),
          );
          done += 1;
          patch(current.key, { status: "done", percent: 100 });
        } catch (err) {
          patch(current.key, { status: "failed", error: (err as Error).message });
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    if (done > 0) {
      showToast({ message: t("documents.messages.uploaded", { count: done }), color: "success" });
      onUploaded();
    }
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setIsOver(false);
    void itemsFromDrop(e.dataTransfer).then(start);
  };

  const onPick = (input: HTMLInputElement | null) => {
    if (!input?.files) return;
    const files = [...input.files];
    input.value = "";
    void start(itemsFromInput(files));
  };

  return (
    <div className="doc-upload">
      <div
        className={isOver ? "doc-drop doc-drop-over" : "doc-drop"}
        role="region"
        aria-label={t("documents.upload.dropHint")}
        onDragOver={(e) => {
          e.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={onDrop}
      >
        <InboxOutlined className="doc-drop-icon" />
        <div>{t("documents.upload.dropHint")}</div>
        <Typography.Text type="secondary" className="doc-drop-hint">
          {t("documents.upload.limitHint", { max: MAX_UPLOAD_ITEMS, chars: invalidCharsText() })}
        </Typography.Text>
        <Typography.Text type="secondary" className="doc-drop-hint">
          {t("documents.upload.toFolder", { name: folderName })}
        </Typography.Text>
        <Space>
          <Button icon={<UploadOutlined />} onClick={() => filesInput.current?.click()}>
            {t("documents.actions.upload")}
          </Button>
          <Button icon={<FolderAddOutlined />} onClick={() => folderInput.current?.click()}>
            {t("documents.actions.uploadFolder")}
          </Button>
        </Space>
        <input
          ref={filesInput}
          type="file"
          multiple
          hidden
          data-testid="upload-files"
          onChange={(e) => onPick(e.currentTarget)}
        />
        <input
          ref={folderInput}
          type="file"
          hidden
          data-testid="upload-folder"
          {...{ webkitdirectory: "", directory: "" }}
          onChange={(e) => onPick(e.currentTarget)}
        />
      </div>
      {rows.length > 0 && (
        <List
          size="small"
          className="doc-upload-rows"
          dataSource={rows}
          renderItem={(row) => (
            <List.Item key={row.key} aria-label={row.name}>
              <div className="doc-upload-row">
                <div className="doc-upload-name">
                  <span>{row.name}</span>
                  <Typography.Text type={row.status === "failed" ? "danger" : "secondary"}>
                    {row.error ?? t(`documents.upload.status.${row.status}`)}
                  </Typography.Text>
                </div>
                <Progress
                  percent={row.percent}
                  size="small"
                  status={
                    row.status === "failed"
                      ? "exception"
                      : row.status === "done"
                        ? "success"
                        : "active"
                  }
                  aria-label={row.name}
                />
              </div>
            </List.Item>
          )}
        />
      )}
      {leftOut.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="doc-left-out"
          message={t("documents.upload.leftOut")}
          description={
            <ul>
              {leftOut.map((l) => (
                <li key={`${l.name}-${l.reason.key}`}>
                  <strong>{l.name}</strong>:{" "}
                  {t(
                    `documents.upload.reasons.${l.reason.key}`,
                    "params" in l.reason ? l.reason.params : {},
                  )}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </div>
  );
};
