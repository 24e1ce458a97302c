import { Button, DatePicker, Form, Input, Modal, Space } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import {
  INVOICE_CODE_PATTERN,
  INVOICE_NO_PATTERN,
  type InvoiceCancelInput,
  type InvoiceDetail,
  type InvoiceIssueInput,
} from "../../../shared/contracts/fees";
import { FileUpload } from "../../components/file-upload";
import { api } from "../../lib/api";
import { firmToday } from "../../lib/firm-time";
import { showToast } from "../../layout/toast";
import { useRefreshInvoice } from "./api";
import { MatchDialog } from "./match-dialog";

type Dialog = "issue" | "reverse" | "void" | "match" | null;
const DAY = "YYYY-MM-DD";
// The shared contract's limits, the ones the issue route checks.
const INVOICE_NO = new RegExp(INVOICE_NO_PATTERN);
const INVOICE_CODE = new RegExp(INVOICE_CODE_PATTERN);

/** Finance records what the tax system issued: number, code, day and the invoice file. */
const IssueDialog = ({
  invoice,
  onClose,
}: {
  invoice: InvoiceDetail;
  onClose: (done: boolean) => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ invoiceNo: string; invoiceCode?: string; issuedOn: Dayjs }>();
  const [fileIds, setFileIds] = useState<string[]>([]);
  const [isUploading, setUploading] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [isFileMissing, setFileMissing] = useState(false);
  const save = async (v: { invoiceNo: string; invoiceCode?: string; issuedOn: Dayjs }) => {
    // The invoice's PDF or OFD is part of the record: finance cannot record it without one.
    if (fileIds.length === 0) {
      setFileMissing(true);
      return;
    }
    setSaving(true);
    try {
      const body: InvoiceIssueInput = {
        invoiceNo: v.invoiceNo.trim(),
        invoiceCode: v.invoiceCode?.trim() || null,
        issuedOn: v.issuedOn.format(DAY),
        invoiceFileIds: fileIds,
      };
      await api.post(`/invoices/${invoice.id}/issue`, body);
      showToast({ message: t("invoices.messages.issued"), color: "success" });
      onClose(true);
    } catch {
      // The server's reason is shown; what was typed stays.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t("invoices.actions.issue")}
      okText={t("invoices.actions.issueOk")}
      confirmLoading={isSaving}
      okButtonProps={{ disabled: isUploading }}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ issuedOn: dayjs(firmToday()) }}
        onFinish={(v) => void save(v)}
      >
        <Form.Item
          name="invoiceNo"
          label={t("invoices.fields.invoiceNo")}
          rules={[
            { required: true, whitespace: true, message: t("invoices.validation.invoiceNo") },
            { pattern: INVOICE_NO, message: t("invoices.validation.invoiceNoDigits") },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="invoiceCode"
          label={t("invoices.fields.invoiceCode")}
          rules={[{ pattern: INVOICE_CODE, message: t("invoices.validation.invoiceCodeDigits") }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="issuedOn"
          label={t("invoices.fields.issuedOn")}
          rules={[{ required: true, message: t("invoices.validation.issuedOn") }]}
        >
          <DatePicker format={DAY} allowClear={false} />
        </Form.Item>
        <Form.Item
          label={t("invoices.fields.invoiceFileIds")}
          htmlFor="invoice-files"
          required
          validateStatus={isFileMissing ? "error" : undefined}
          help={isFileMissing ? t("invoices.validation.file") : undefined}
        >
          <FileUpload
            id="invoice-files"
            label={t("invoices.actions.upload")}
            accept=".pdf,.ofd,application/pdf"
            max={5}
            fallbackFolder={t("invoices.upload.folder")}
            onChange={(ids) => {
              setFileIds(ids);
              if (ids.length > 0) setFileMissing(false);
            }}
            onBusy={setUploading}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** Red-reverse (红冲) or void an issued invoice, with the reason and the day. */
const CancelDialog = ({
  invoice,
  what,
  onClose,
}: {
  invoice: InvoiceDetail;
  what: "reverse" | "void";
  onClose: (done: boolean) => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string; on: Dayjs }>();
  const [isSaving, setSaving] = useState(false);
  const save = async (v: { reason: string; on: Dayjs }) => {
    setSaving(true);
    try {
      const body: InvoiceCancelInput = { reason: v.reason.trim(), on: v.on.format(DAY) };
      await api.post(`/invoices/${invoice.id}/${what}`, body);
      showToast({ message: t(`invoices.messages.${what}d`), color: "success" });
      onClose(true);
    } catch {
      // The server's reason is shown; the dialog stays.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t(`invoices.actions.${what}`)}
      okText={t(`invoices.actions.${what}Ok`)}
      okButtonProps={{ danger: true }}
      confirmLoading={isSaving}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <p className="text-muted">{t(`invoices.messages.${what}Hint`)}</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ on: dayjs(firmToday()) }}
        onFinish={(v) => void save(v)}
      >
        <Form.Item
          name="reason"
          label={t("invoices.fields.cancelReason")}
          rules={[
            { required: true, whitespace: true, message: t("invoices.validation.reason") },
            { max: 500 },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        <Form.Item
          name="on"
          label={t("invoices.fields.cancelledOn")}
          rules={[{ required: true, message: t("invoices.validation.cancelledOn") }]}
        >
          <DatePicker format={DAY} allowClear={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** What finance may do with the invoice in its status: issue it, match payments, reverse or void it. */
export const InvoiceActions = ({ invoice }: { invoice: InvoiceDetail }) => {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = useRefreshInvoice(invoice);
  const close = (done: boolean) => {
    setDialog(null);
    if (done) void refresh();
  };
  return (
    <>
      <Space wrap>
        {invoice.status === "approved" ? (
          <Button type="primary" onClick={() => setDialog("issue")}>
            {t("invoices.actions.issue")}
          </Button>
        ) : null}
        {invoice.status === "issued" ? (
          <>
            <Button type="primary" onClick={() => setDialog("match")}>
              {t("invoices.actions.match")}
            </Button>
            <Button danger onClick={() => setDialog("reverse")}>
              {t("invoices.actions.reverse")}
            </Button>
            <Button danger onClick={() => setDialog("void")}>
              {t("invoices.actions.void")}
            </Button>
          </>
        ) : null}
      </Space>
      {dialog === "issue" ? <IssueDialog invoice={invoice} onClose={close} /> : null}
      {dialog === "reverse" || dialog === "void" ? (
        <CancelDialog invoice={invoice} what={dialog} onClose={close} />
      ) : null}
      {dialog === "match" ? <MatchDialog invoice={invoice} onClose={close} /> : null}
    </>
  );
};
