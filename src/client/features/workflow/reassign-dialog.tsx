import { useCustomMutation } from "@refinedev/core";
import { Form, Input, Modal } from "antd";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";

import { APPROVAL_COMMENT_MAX } from "../../../shared/contracts/workflow";
import { MemberPickerField } from "../../components/member-picker";
import { withIdempotencyKey } from "../../lib/api";
import { newIdempotencyKey } from "../../lib/submission-key";
import { type TaskRow, WORKFLOW_API } from "./types";

type Props = {
  instanceId: string;
  /** The open task to hand over, or null when the dialog is closed. */
  task: TaskRow | null;
  assigneeName: string;
  onClose: () => void;
  onDone: () => void;
};

/**
 * A process administrator hands someone's open task to another member (the holder left, is
 * away, or is the wrong person). One Idempotency-Key per opening, as for every action.
 */
export const ReassignDialog = ({ instanceId, task, assigneeName, onClose, onDone }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ toUserId?: string[]; comment?: string }>();
  const key = useMemo(() => (task ? newIdempotencyKey() : ""), [task]);
  const { mutateAsync, mutation } = useCustomMutation();
  useEffect(() => {
    if (task) form.resetFields();
  }, [task, form]);
  if (!task) return null;
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await mutateAsync({
      url: `${WORKFLOW_API}/instances/${instanceId}/reassign`,
      method: "post",
      values: {
        taskId: task.id,
        toUserId: v.toUserId?.[0],
        ...(v.comment ? { comment: v.comment } : {}),
      },
      config: withIdempotencyKey(key),
      successNotification: { type: "success", message: t("workflow.messages.reassign") },
    });
    onDone();
  };
  return (
    <Modal
      open
      title={t("workflow.reassign.title")}
      okText={t("workflow.actions.ok")}
      cancelText={t("buttons.cancel")}
      confirmLoading={mutation.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="wf-muted">
        {t("workflow.reassign.hint", {
          name: assigneeName,
          node: task.nodeName || t("workflow.preview.initiator"),
        })}
      </p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="toUserId"
          label={t("workflow.reassign.to")}
          rules={[{ required: true, message: t("validation.required") }]}
        >
          <MemberPickerField multiple={false} />
        </Form.Item>
        <Form.Item name="comment" label={t("workflow.reassign.reason")}>
          <Input.TextArea
            rows={3}
            maxLength={APPROVAL_COMMENT_MAX}
            showCount
            aria-label={t("workflow.reassign.reason")}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
