import { PaperClipOutlined } from "@ant-design/icons";
import { Button, Upload, type UploadFile } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { isApiError } from "../providers/api-error";
import "./file-upload.css";
import { getUploadToken, numbered, safeName, uploadOne } from "../lib/file-transfer";

type Props = {
  /** The folder the files go to (a contract's text goes to its case's folder); else the upload root. */
  folderId?: string | null;
  /** The uploaded files' ids in order (and their stored names). */
  onChange: (fileIds: string[], files: { id: string; name: string }[]) => void;
  onBusy?: (busy: boolean) => void;
  max?: number;
  accept?: string;
  label: string;
  id?: string;
  /** Without a folder, files go to this folder under the upload root (the contracts' by default). */
  fallbackFolder?: string;
  /** Shown beside each uploaded file in the list (a seal request's copies), so a form lists its files once. */
  itemExtra?: (file: { id: string; name: string }) => ReactNode;
};

/**
 * Uploads through the documents feature (same token, rules and route) into the given folder; the
 * ids ride along with the form, and the server locks the files once the record names them.
 */
export const FileUpload = ({
  folderId,
  onChange,
  onBusy,
  max = 20,
  accept,
  label,
  id,
  fallbackFolder,
  itemExtra,
}: Props) => {
  const { t } = useTranslation();
  const [list, setList] = useState<UploadFile[]>([]);
  useEffect(() => {
    const done = list.filter((f) => f.status === "done" && f.response?.id);
    onChange(
      done.map((f) => f.response.id as string),
      done.map((f) => ({ id: f.response.id as string, name: f.name })),
    );
    onBusy?.(list.some((f) => f.status === "uploading"));
  }, [list]); // eslint-disable-line react-hooks/exhaustive-deps
  const patch = (uid: string, change: Partial<UploadFile>) =>
    setList((all) => all.map((f) => (f.uid === uid ? { ...f, ...change } : f)));
  const send = async (uid: string, file: File) => {
    const name = safeName(file.name);
    try {
      const token = await getUploadToken();
      // A name already in the folder gets a number, the way a desktop would save a copy.
      for (let n = 1; ; n += 1) {
        const tryName = n === 1 ? name : numbered(name, n);
        const body = new File([file], tryName, { type: file.type });
        try {
          const [created] = await uploadOne(
            body,
            folderId
              ? { folderId }
              : { relativePath: `${fallbackFolder ?? t("contracts.upload.folder")}/${tryName}` },
            token,
            (p) => patch(uid, { percent: Math.min(p, 99) }),
          );
          patch(uid, {
            status: "done",
            percent: 100,
            name: created.name,
            response: { id: created.id },
          });
          return;
        } catch (err) {
          if (!(isApiError(err) && err.statusCode === 409 && n < 20)) throw err;
        }
      }
    } catch (err) {
      patch(uid, { status: "error", response: (err as Error).message });
    }
  };
  return (
    <Upload
      multiple={max > 1}
      accept={accept}
      fileList={list}
      maxCount={max}
      beforeUpload={(file) => {
        setList((all) =>
          [
            ...all,
            {
              uid: file.uid,
              name: file.name,
              status: "uploading" as const,
              percent: 0,
              size: file.size,
            },
          ].slice(-max),
        );
        void send(file.uid, file);
        return false;
      }}
      onRemove={(f) => setList((all) => all.filter((x) => x.uid !== f.uid))}
      itemRender={
        itemExtra
          ? (node, file) =>
              file.status === "done" && file.response?.id ? (
                <div className="file-upload-item">
                  <div className="file-upload-item-file">{node}</div>
                  {itemExtra({ id: file.response.id as string, name: file.name })}
                </div>
              ) : (
                node
              )
          : undefined
      }
    >
      <Button id={id} icon={<PaperClipOutlined />}>
        {label}
      </Button>
    </Upload>
  );
};
