import { useQuery } from "@tanstack/react-query";
import { Checkbox, Form, Input, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { useSubmissionKey } from "../../lib/submission-key";
import { isApiError } from "../../providers/api-error";
import { api } from "../../lib/api";
import { FileLinks } from "../../components/file-links";
import { FileUpload } from "../../components/file-upload";

type Props = {
  what: "archive" | "void";
  contract: { id: string; version: number; folderId?: string | null };
  open: boolean;
  onClose: () => void;
};

/**
 * Starts the archive approval (signed scans or the e-signed PDF, remarks) or the void approval
 * (reason and certificate, both required); then opens that approval. A contract signed
 * electronically already has its sealed PDF in the case folder: archiving offers it, ticked,
 * instead of asking for it to be downloaded and uploaded again.
 */
export const RequestDialog = ({ what, contract, open, onClose }: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keyFor = useSubmissionKey();
  const [form] = Form.useForm<{ text?: string }>();
  const [files, setFiles] = useState<string[]>([]);
  const [isBusy, setBusy] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [fileError, setFileError] = useState<string | undefined>();
  const isArchive = what === "archive";
  const { data: esign } = useQuery({
    queryKey: ["contract-sealed", contract.id],
    queryFn: () =>
      api.get<{ current: { status: string; sealedFileId: string | null } | null }>(
        `/contracts/${contract.id}/esign`,
      ),
    enabled: isArchive,
  });
  const sealedId = esign?.current?.status === "completed" ? esign.current.sealedFileId : null;
  const [isSealedUsed, setSealedUsed] = useState(true);
  const chosen = [...(sealedId && isSealedUsed ? [sealedId] : []), ...files];

  const submit = async () => {
    // Both problems show at once: the missing file and the missing reason.
    if (chosen.length === 0) setFileError(t("contracts.form.fileRequired"));
    const checked = await form.validateFields().catch(() => undefined);
    if (!checked || chosen.length === 0) return;
    const { text } = checked;
    setSaving(true);
    try {
      const body = isArchive
        ? { archiveFileIds: chosen, remark: text?.trim() || undefined, version: contract.version }
        : { reason: String(text ?? "").trim(), certificateIds: files, version: contract.version };
      const data = await api.post<{ instanceId: string }>(
        `/contracts/${contract.id}/${what}`,
        body,
        keyFor(body),
      );
      onClose();
      navigate(`/contract/workflow/${isArchive ? "archive" : "cancel"}/${data.instanceId}`);
    } catch (err) {
      if (isApiError(err) && err.fields.length > 0)
        form.setFields([{ name: "text", errors: err.fields.map((f) => f.message) }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(isArchive ? "contracts.actions.archive" : "contracts.actions.void")}
      okText={t("contracts.actions.submit")}
      onOk={() => void submit()}
      okButtonProps={{ loading: isSaving, disabled: isBusy, danger: !isArchive }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          label={t(
            isArchive ? "contracts.fields.archiveFileIds" : "contracts.fields.voidCertificateIds",
          )}
          htmlFor={`contract-${what}-files`}
          required
          validateStatus={fileError ? "error" : undefined}
          help={fileError}
          extra={isArchive ? t("contracts.form.archiveHint") : undefined}
        >
          {sealedId ? (
            <div className="contract-sealed-choice">
              <Checkbox
                checked={isSealedUsed}
                onChange={(e) => {
                  setSealedUsed(e.target.checked);
                  if (e.target.checked) setFileError(undefined);
                }}
              >
                {t("contracts.form.useSealed")}
              </Checkbox>
              <FileLinks ids={[sealedId]} />
            </div>
          ) : null}
          <FileUpload
            id={`contract-${what}-files`}
            folderId={contract.folderId}
            onChange={(ids) => {
              setFiles(ids);
              if (ids.length > 0) setFileError(undefined);
            }}
            onBusy={setBusy}
            label={t("contracts.form.upload")}
          />
        </Form.Item>
        <Form.Item
          name="text"
          label={t(isArchive ? "contracts.fields.archiveRemark" : "contracts.fields.voidReason")}
          rules={
            isArchive
              ? [{ max: 1000 }]
              : [
                  { required: true, whitespace: true, message: t("contracts.form.required") },
                  { max: 1000 },
                ]
          }
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
