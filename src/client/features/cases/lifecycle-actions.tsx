import { useQueryClient } from "@tanstack/react-query";
import { Button, Form, Input, InputNumber, Modal, Space } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { firmToday } from "../../lib/firm-time";
import { CloseCaseButton } from "../closing";
import { type CaseRecord, caseKey } from "./api";

type Dialog = "extend" | "terminate" | null;

/**
 * Extend (pre-filing: the confirmation names the new validity date), terminate (a reason is
 * required) and close (formal: the closing checklist and approval). Each goes with the version
 * the user saw, so a case changed meanwhile is refused instead of overwritten.
 */
export const LifecycleActions = ({ record }: { record: CaseRecord }) => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [isSaving, setSaving] = useState(false);
  const [days, setDays] = useState<number | null>(30);
  const [form] = Form.useForm<{ reason: string }>();
  // Counted like the server: from the validity date, or the firm's today once that has passed.
  const today = firmToday();
  const base = dayjs(record.validUntil && record.validUntil > today ? record.validUntil : today);
  const newDate = days ? base.add(days, "day").format("YYYY-MM-DD") : "";

  const post = async (path: string, body: Record<string, unknown>, done: string) => {
    setSaving(true);
    try {
      await api.post(`/cases/${record.id}/${path}`, { ...body, version: record.version });
      setDialog(null);
      void queries.invalidateQueries({ queryKey: caseKey(record.id) });
      void queries.invalidateQueries({
        queryKey: ["record-history", `/cases/${record.id}/history`],
      });
      showToast({ message: t(done), color: "success" });
    } catch {
      // The http layer has toasted the server's reason; the dialog keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space wrap>
      {record.status === "pre-filing" ? (
        <Button onClick={() => setDialog("extend")}>{t("cases.actions.extend")}</Button>
      ) : null}
      {/* Closing goes through the checklist and the closing approval, not a direct close. */}
      {record.status === "formal" ? <CloseCaseButton caseId={record.id} /> : null}
      {record.status === "pre-filing" || record.status === "formal" ? (
        <Button danger onClick={() => setDialog("terminate")}>
          {t("cases.actions.terminate")}
        </Button>
      ) : null}
      <Modal
        open={dialog === "extend"}
        title={t("cases.actions.extend")}
        okText={t("cases.lifecycle.extendOk")}
        okButtonProps={{ disabled: !days }}
        confirmLoading={isSaving}
        onOk={() => void post("extend", { days }, "cases.lifecycle.extended")}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t("cases.lifecycle.days")} htmlFor="case-extend-days">
            <InputNumber
              id="case-extend-days"
              min={1}
              max={3650}
              precision={0}
              value={days}
              onChange={setDays}
              style={{ width: 160 }}
            />
          </Form.Item>
        </Form>
        <p role="status">{newDate ? t("cases.lifecycle.newDate", { date: newDate }) : null}</p>
      </Modal>
      <Modal
        open={dialog === "terminate"}
        title={t("cases.actions.terminate")}
        okText={t("cases.lifecycle.terminateOk")}
        okButtonProps={{ danger: true }}
        confirmLoading={isSaving}
        onOk={() => form.submit()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={(v) =>
            void post("terminate", { reason: v.reason.trim() }, "cases.lifecycle.terminated")
          }
        >
          <Form.Item
            name="reason"
            label={t("cases.fields.terminationReason")}
            rules={[
              { required: true, whitespace: true, message: t("cases.lifecycle.reasonRequired") },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
};
