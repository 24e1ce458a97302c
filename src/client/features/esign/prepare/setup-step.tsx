import { Alert, Form, type FormInstance, InputNumber, Radio, type RadioGroupProps } from "antd";
import { useTranslation } from "react-i18next";

import type { ApiError } from "../../../providers/api-error";
import { usePageInfo } from "../api";
import type { PdfFile, SignerDraft, SigningOrder } from "../types";
import { SignersEditor } from "./signers-editor";

export type SetupValues = {
  fileId?: string;
  signers: SignerDraft[];
  signingOrder: SigningOrder;
  expiresInDays: number;
  remindEveryDays: number;
};

/**
 * Form.Item marks a required control `aria-required`, which Radio.Group puts on its <div>, where
 * ARIA does not allow it (axe: aria-allowed-attr); the asterisk and the message still tell.
 */
const FileChoice = ({
  "aria-required": _required,
  ...props
}: RadioGroupProps & { "aria-required"?: unknown }) => <Radio.Group {...props} />;

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Step one: the PDF to sign, the signers and the request's order, expiry and reminders. */
type Props = {
  contractId: string;
  form: FormInstance<SetupValues>;
  pdfFiles: PdfFile[];
  nonPdfFiles: PdfFile[];
  initialValues: SetupValues;
};

export const SetupStep = ({ contractId, form, pdfFiles, nonPdfFiles, initialValues }: Props) => {
  const { t } = useTranslation();
  const fileId = Form.useWatch("fileId", form);
  const pages = usePageInfo(contractId, fileId);
  const refusal = pages.error as ApiError | null;
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      className="esign-setup"
      requiredMark
    >
      <Form.Item
        name="fileId"
        label={t("esign.prepare.file")}
        rules={[{ required: true, message: t("esign.prepare.fileRequired") }]}
        extra={pdfFiles.length ? null : t("esign.prepare.noPdf")}
        validateStatus={refusal ? "error" : undefined}
        help={refusal ? refusal.message : undefined}
      >
        <FileChoice className="esign-file-list">
          {pdfFiles.map((f) => (
            <Radio key={f.id} value={f.id}>
              {f.name} <span className="esign-muted">{size(f.size)}</span>
            </Radio>
          ))}
        </FileChoice>
      </Form.Item>
      {pages.data ? (
        <p className="esign-muted">
          {t("esign.prepare.pageCount", { count: pages.data.pageCount })}
        </p>
      ) : null}
      {nonPdfFiles.length ? (
        // A .docx attached to the contract is shown, not hidden: the lawyer sees why it is not offered.
        <Alert
          type="warning"
          showIcon
          className="esign-gap"
          message={t("esign.prepare.notSignableTitle", { count: nonPdfFiles.length })}
          description={
            <ul className="esign-not-signable">
              {nonPdfFiles.map((f) => (
                <li key={f.id}>
                  <strong>{f.name}</strong>: {t("esign.prepare.notSignableReason")}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      {pdfFiles.length === 0 ? (
        <Alert type="info" showIcon message={t("esign.prepare.noPdfHint")} className="esign-gap" />
      ) : null}
      <SignersEditor />
      <div className="esign-options">
        <Form.Item name="signingOrder" label={t("esign.request.order")}>
          <Radio.Group
            options={[
              { value: "sequential", label: t("esign.orders.sequential") },
              { value: "parallel", label: t("esign.orders.parallel") },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="expiresInDays"
          label={t("esign.prepare.expiresInDays")}
          rules={[{ required: true, message: t("esign.prepare.daysRequired") }]}
        >
          <InputNumber min={1} max={90} precision={0} addonAfter={t("esign.prepare.days")} />
        </Form.Item>
        <Form.Item
          name="remindEveryDays"
          label={t("esign.prepare.remindEveryDays")}
          extra={t("esign.prepare.remindHint")}
        >
          <InputNumber min={0} max={30} precision={0} addonAfter={t("esign.prepare.days")} />
        </Form.Item>
      </div>
    </Form>
  );
};
