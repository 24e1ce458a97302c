import { Form, Input, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { LEAD_STAGE } from "../../../shared/contracts/intake";
import { api } from "../../lib/api";
import type { Lead } from "./api";

/** Marks a lead lost (未签约): the reason is required, and kept on the lead. */
export const LostDialog = ({
  lead,
  onClose,
  onDone,
}: {
  lead: Pick<Lead, "id" | "version" | "leadNo"> | null;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ lostReason: string }>();
  const [saving, setSaving] = useState(false);
  const save = async ({ lostReason }: { lostReason: string }) => {
    if (!lead) return;
    setSaving(true);
    try {
      await api.patch(`/leads/${lead.id}`, {
        stage: LEAD_STAGE.lost,
        lostReason: lostReason.trim(),
        version: lead.version,
      });
      onDone();
      onClose();
    } catch {
      // Toasted by the API layer; the dialog keeps the reason.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={Boolean(lead)}
      title={t("intake.lost.title", { lead: lead?.leadNo ?? "" })}
      okText={t("intake.lost.ok")}
      cancelText={t("buttons.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={save} preserve={false}>
        <Form.Item
          name="lostReason"
          label={t("intake.fields.lostReason")}
          rules={[
            { required: true, whitespace: true, max: 500, message: t("validation.required") },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
