import {
  DownloadOutlined,
  RedoOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
} from "@ant-design/icons";
import { Button, Form, Input, Modal, Popconfirm, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { showToast } from "../../layout/toast";
import { downloadSealed, useRequestAction } from "./api";
import type { SigningRequest } from "./types";

const RESENDABLE = new Set(["expired", "declined", "cancelled"]);

/**
 * Cancel (asks for a reason), re-send (a fresh request copying an ended one), sign with the firm
 * seal (only the firm signer whose turn it is) and the sealed PDF. `canAct` is create on contracts.
 */
export const RequestActions = ({
  request,
  contractId,
  canAct,
}: {
  request: SigningRequest;
  contractId: string;
  canAct: boolean;
}) => {
  const { t } = useTranslation();
  const act = useRequestAction(contractId);
  const [busy, setBusy] = useState<string | null>(null);
  const [isCancelOpen, setCancelOpen] = useState(false);
  const [form] = Form.useForm<{ reason?: string }>();

  const run = async (name: string, path: string, done: string, body?: unknown) => {
    setBusy(name);
    try {
      await act(path, body);
      setCancelOpen(false);
      showToast({ message: t(done), color: "success" });
    } catch {
      // The http layer has toasted the server's reason; a dialog keeps what was typed.
    } finally {
      setBusy(null);
    }
  };
  const download = async () => {
    setBusy("download");
    try {
      await downloadSealed(
        request.id,
        request.sourceName.replace(/\.pdf$/i, "") + t("esign.sealedSuffix") + ".pdf",
      );
    } catch {
      // Toasted by the http layer.
    } finally {
      setBusy(null);
    }
  };

  const base = `/esign/requests/${request.id}`;
  return (
    <Space wrap>
      {request.mayFirmSign ? (
        <Popconfirm
          title={t("esign.firmSign.confirm")}
          onConfirm={() => void run("firm", `${base}/firm-sign`, "esign.firmSign.done")}
        >
          <Button type="primary" icon={<SafetyCertificateOutlined />} loading={busy === "firm"}>
            {t("esign.buttons.firmSign")}
          </Button>
        </Popconfirm>
      ) : null}
      {request.status === "completed" ? (
        <Button
          icon={<DownloadOutlined />}
          loading={busy === "download"}
          onClick={() => void download()}
        >
          {t("esign.buttons.downloadSealed")}
        </Button>
      ) : null}
      {canAct && request.status === "sent" ? (
        <Button danger icon={<StopOutlined />} onClick={() => setCancelOpen(true)}>
          {t("esign.buttons.cancel")}
        </Button>
      ) : null}
      {canAct && RESENDABLE.has(request.status) ? (
        <Popconfirm
          title={t("esign.resend.confirm")}
          onConfirm={() => void run("resend", `${base}/resend`, "esign.resend.done")}
        >
          <Button icon={<RedoOutlined />} loading={busy === "resend"}>
            {t("esign.buttons.resend")}
          </Button>
        </Popconfirm>
      ) : null}
      <Modal
        open={isCancelOpen}
        title={t("esign.cancel.title")}
        okText={t("esign.cancel.ok")}
        okButtonProps={{ danger: true }}
        cancelText={t("esign.cancel.back")}
        confirmLoading={busy === "cancel"}
        onOk={() => form.submit()}
        onCancel={() => setCancelOpen(false)}
        destroyOnHidden
      >
        <p>{t("esign.cancel.explain")}</p>
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) =>
            void run("cancel", `${base}/cancel`, "esign.cancel.done", {
              reason: v.reason?.trim() || undefined,
            })
          }
        >
          <Form.Item name="reason" label={t("esign.cancel.reason")}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
};
