import { PaperClipOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Button, Upload, type UploadFile } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { MAX_ATTACHMENTS } from "../../../shared/contracts/workflow";
import { isApiError } from "../../providers/api-error";
import { useCan } from "../../routing/use-can";
import { getUploadToken, numbered, safeName, uploadOne } from "../../lib/file-transfer";
import { formatSize, sortItems, type Usage } from "../documents";

/** Whether the user may upload to the document store (where attachments are kept). */
export const useCanAttach = () => useCan()("create", "LAWFIRM_DOCUMENT_VIEW");

type Props = {
  /** Ids of the uploaded files, in the order they finished. */
  onChange: (fileIds: string[]) => void;
  /** True while a file is still uploading (the dialog keeps its OK button busy). */
  onBusy?: (busy: boolean) => void;
};

/**
 * Attach files to a comment: each goes through the documents feature's own upload (same token,
 * same rules, same route) into the firm's approval-attachments folder, and its id rides along
 * with the action, which links and locks it on the server.
 */
export const AttachmentUpload = ({ onChange, onBusy }: Props) => {
  const { t } = useTranslation();
  const [list, setList] = useState<UploadFile[]>([]);
  // The size limit, checked before sending (a user without read rights gets the server's answer).
  const canRead = useCan()("read", "LAWFIRM_DOCUMENT_VIEW");
  const { result } = useCustom<Usage>({
    url: "/api/documents/usage",
    method: "get",
    queryOptions: { staleTime: 60_000, enabled: canRead },
  });
  const maxFileBytes = result?.data?.maxFileBytes;

  useEffect(() => {
    onChange(
      list.filter((f) => f.status === "done" && f.response?.id).map((f) => f.response.id as string),
    );
    onBusy?.(list.some((f) => f.status === "uploading"));
    // Only the list drives the callbacks.
  }, [list]); // eslint-disable-line react-hooks/exhaustive-deps

  const patch = (uid: string, change: Partial<UploadFile>) =>
    setList((all) => all.map((f) => (f.uid === uid ? { ...f, ...change } : f)));

  const send = async (uid: string, file: File) => {
    const name = safeName(file.name);
    const renamed = name === file.name ? file : new File([file], name, { type: file.type });
    const { leftOut } = sortItems(
      [{ name, files: [{ file: renamed, path: name }], isFolder: false }],
      {
        maxFileBytes: maxFileBytes ?? Number.MAX_SAFE_INTEGER,
        limitText: formatSize(maxFileBytes),
      },
    );
    if (leftOut.length > 0) {
      const { reason } = leftOut[0];
      patch(uid, {
        status: "error",
        response: t(
          `documents.upload.reasons.${reason.key}`,
          "params" in reason ? reason.params : {},
        ),
      });
      return;
    }
    try {
      const token = await getUploadToken();
      const folder = t("workflow.attachments.folder");
      // A name already in the folder gets a number, the way a desktop would save a copy.
      for (let n = 1; ; n += 1) {
        const tryName = n === 1 ? name : numbered(name, n);
        const body = n === 1 ? renamed : new File([file], tryName, { type: file.type });
        try {
          const [created] = await uploadOne(
            body,
            { relativePath: `${folder}/${tryName}` },
            token,
            (percent) => patch(uid, { percent: Math.min(percent, 99) }),
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
      multiple
      fileList={list}
      maxCount={MAX_ATTACHMENTS}
      beforeUpload={(file) => {
        const row: UploadFile = {
          uid: file.uid,
          name: file.name,
          status: "uploading",
          percent: 0,
          size: file.size,
        };
        setList((all) => [...all, row].slice(0, MAX_ATTACHMENTS));
        void send(file.uid, file);
        // The upload runs through the documents API above, not antd's own request.
        return false;
      }}
      onRemove={(f) => setList((all) => all.filter((x) => x.uid !== f.uid))}
      showUploadList={{ showRemoveIcon: true }}
      itemRender={(node, file) => (
        <div title={file.status === "error" ? String(file.response ?? "") : undefined}>
          {node}
          {file.status === "error" ? (
            <div className="wf-upload-error">{String(file.response ?? "")}</div>
          ) : null}
        </div>
      )}
    >
      <Button icon={<PaperClipOutlined />}>{t("workflow.attachments.add")}</Button>
    </Upload>
  );
};
