import { useCustomMutation } from "@refinedev/core";
import { DatePicker, Form, Input, Modal, Select } from "antd";
import type { Dayjs } from "dayjs";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

import { fromPickerValue } from "../../lib/firm-time";

type Values = {
  title: string;
  kind: "meeting" | "call" | "other";
  span: [Dayjs, Dayjs];
  location?: string;
};

/**
 * A new ordinary event (meeting, client call); deadlines are entered on their case instead. The
 * picker's times are the firm's clock (`start` comes as the firm's wall time).
 */
export const EventForm = ({
  start,
  onClose,
  onSaved,
}: {
  start: Dayjs | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { mutateAsync, mutation } = useCustomMutation();
  useEffect(() => {
    if (start) form.setFieldsValue({ kind: "meeting", span: [start, start.add(1, "hour")] });
  }, [start, form]);
  const save = async (v: Values) => {
    const saved = await mutateAsync({
      url: "/api/calendar-events",
      method: "post",
      values: {
        title: v.title,
        kind: v.kind,
        startsAt: fromPickerValue(v.span[0]),
        endsAt: fromPickerValue(v.span[1]),
        ...(v.location ? { location: v.location } : {}),
      },
      successNotification: () => ({ type: "success", message: t("deadlines.calendar.created") }),
    }).catch(() => undefined);
    if (!saved) return;
    form.resetFields();
    onSaved();
  };
  return (
    <Modal
      open={start !== null}
      title={t("deadlines.calendar.newEvent")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <Form.Item
          name="title"
          label={t("deadlines.fields.title")}
          rules={[{ required: true, whitespace: true, message: t("validation.required") }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="kind" label={t("deadlines.fields.deadlineType")}>
          <Select
            options={["meeting", "call", "other"].map((k) => ({
              value: k,
              label: t(`deadlines.calendar.kinds.${k}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="span"
          label={t("deadlines.calendar.when")}
          rules={[{ required: true, message: t("validation.required") }]}
        >
          <DatePicker.RangePicker
            showTime={{ format: "HH:mm" }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: "100%" }}
          />
        </Form.Item>
        <Form.Item name="location" label={t("deadlines.calendar.location")}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
