import { useCustom, useCustomMutation } from "@refinedev/core";
import { Button, DatePicker, Form, List, Modal, Select } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { firmNow } from "../../lib/firm-time";

type Template = {
  id: string;
  name: string;
  stage: string;
  items: { kind: string; title: string; offsetDays: number }[];
};

/**
 * Offers the firm's templates for the case's type and current stage (after opening a case or
 * moving it to a new stage) and creates their tasks and deadlines relative to a trigger date.
 */
export const ApplyTemplate = ({ caseId, onApplied }: { caseId: string; onApplied: () => void }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { result } = useCustom<Template[]>({
    url: `/api/cases/${caseId}/task-templates`,
    method: "get",
    queryOptions: { enabled: open },
  });
  const templates = Array.isArray(result?.data) ? (result.data as Template[]) : [];
  const { mutateAsync, mutation } = useCustomMutation<{ tasks: number; keyDates: number }>();
  const [form] = Form.useForm<{ templateId: string; triggerDate: Dayjs }>();
  const templateId = Form.useWatch("templateId", form);
  const chosen = templates.find((x) => x.id === templateId);
  const apply = async (v: { templateId: string; triggerDate: Dayjs }) => {
    // A refusal is already shown as a toast by the data provider; the dialog stays open.
    const res = await mutateAsync({
      url: `/api/cases/${caseId}/apply-template`,
      method: "post",
      values: { templateId: v.templateId, triggerDate: v.triggerDate.format("YYYY-MM-DD") },
      successNotification: (data) => ({
        type: "success",
        message: t("deadlines.templates.applied", {
          tasks: data?.data.tasks ?? 0,
          keyDates: data?.data.keyDates ?? 0,
        }),
      }),
    }).catch(() => undefined);
    if (res) {
      setOpen(false);
      form.resetFields();
      onApplied();
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t("deadlines.templates.apply")}</Button>
      <Modal
        open={open}
        title={t("deadlines.templates.apply")}
        okText={t("deadlines.templates.applyOk")}
        cancelText={t("buttons.cancel")}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        confirmLoading={mutation.isPending}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ triggerDate: firmNow() }}
          onFinish={(v) => void apply(v)}
        >
          <Form.Item
            name="templateId"
            label={t("deadlines.templates.name")}
            rules={[{ required: true, message: t("validation.required") }]}
            extra={templates.length ? undefined : t("deadlines.templates.none")}
          >
            <Select options={templates.map((x) => ({ value: x.id, label: x.name }))} />
          </Form.Item>
          <Form.Item
            name="triggerDate"
            label={t("deadlines.templates.trigger")}
            rules={[{ required: true, message: t("validation.required") }]}
          >
            <DatePicker style={{ width: "100%" }} />
          </Form.Item>
          {chosen ? (
            <List
              size="small"
              dataSource={chosen.items}
              renderItem={(i) => (
                <List.Item>
                  {t(`deadlines.itemKinds.${i.kind}`)} · {i.title} ·{" "}
                  {t("deadlines.templates.after", { days: i.offsetDays })}
                </List.Item>
              )}
            />
          ) : null}
        </Form>
      </Modal>
    </>
  );
};
