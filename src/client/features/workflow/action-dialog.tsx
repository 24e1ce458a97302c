import { useCustomMutation } from "@refinedev/core";
import { Form, Input, Modal, Radio, Select } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { APPROVAL_COMMENT_MAX } from "../../../shared/contracts/workflow";
import { MemberPickerField } from "../../components/member-picker";
import { AttachmentUpload, useCanAttach } from "./attachment-upload";
import { withIdempotencyKey } from "../../lib/api";
import { newIdempotencyKey } from "../../lib/submission-key";
import type { AcceptConfirm } from "../../lib/accept-confirm";
import { type MyTask, WORKFLOW_API } from "./types";

export type DialogAction =
  | "accept"
  | "reject"
  | "return"
  | "transfer"
  | "addSign"
  | "cc"
  | "comment"
  | "resubmit"
  | "cancel";

type Props = {
  instanceId: string;
  /** The approval's title, named in the toast that confirms the action. */
  title: string;
  action: DialogAction | null;
  task?: MyTask;
  /** Extra body fields (the form patch and the version it was made on). */
  extra?: Record<string, unknown>;
  onClose: () => void;
  onDone: (action: DialogAction, taskId?: string) => void;
  onFailed?: (action: DialogAction, status: number, taskId?: string) => void;
  confirm?: AcceptConfirm;
};

type FormValues = {
  comment?: string;
  targetNodeId?: string;
  toUserId?: string[];
  userIds?: string[];
  position?: "pre" | "post";
  mode?: "all" | "any";
};

const NEEDS_COMMENT = new Set<DialogAction>(["reject", "return", "comment"]);
const NEEDS_TASK = new Set<DialogAction>([
  "accept",
  "reject",
  "return",
  "transfer",
  "addSign",
  "resubmit",
]);
/** Actions whose comment may carry files (transfer and CC carry none). */
const TAKES_FILES = new Set<DialogAction>([
  "accept",
  "reject",
  "return",
  "addSign",
  "comment",
  "resubmit",
]);

/**
 * One dialog for every approval action. Its Idempotency-Key is made when it opens, so a double
 * click or a retried request takes effect once.
 */
export const ActionDialog = ({
  instanceId,
  title,
  action,
  task,
  extra,
  onClose,
  onDone,
  onFailed,
  confirm,
}: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  // A fresh key per opening of the dialog.
  const key = useMemo(() => (action ? newIdempotencyKey() : ""), [action]);
  const { mutateAsync, mutation } = useCustomMutation();
  const canAttach = useCanAttach();
  const [fileIds, setFileIds] = useState<string[]>([]);
  const [isUploading, setUploading] = useState(false);
  useEffect(() => {
    if (action) form.resetFields();
    setFileIds([]);
    setUploading(false);
  }, [action, form]);
  if (!action) return null;
  const commentRequired =
    NEEDS_COMMENT.has(action) || (action === "accept" && task?.requireComment);

  const submit = async () => {
    // An invalid form shows its messages under the fields; the rejection must go no further
    // (an escaped promise is a page error).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const confirmed =
      action === "accept" && confirm
        ? {
            formPatch: {
              ...((extra?.formPatch as object | undefined) ?? {}),
              ...confirm.toPatch(v as Record<string, unknown>),
            },
            version: confirm.version,
          }
        : undefined;
    const body: Record<string, unknown> = {
      type: action,
      ...(NEEDS_TASK.has(action) && task ? { taskId: task.id } : {}),
      ...(v.comment ? { comment: v.comment } : {}),
      ...(action === "return" ? { targetNodeId: v.targetNodeId } : {}),
      ...(action === "transfer" ? { toUserId: v.toUserId?.[0] } : {}),
      ...(action === "addSign" ? { userIds: v.userIds, position: v.position, mode: v.mode } : {}),
      ...(action === "cc" ? { userIds: v.userIds } : {}),
      ...(action === "accept" || action === "resubmit" ? extra : {}),
      ...confirmed,
      ...(TAKES_FILES.has(action) && fileIds.length > 0 ? { attachments: fileIds } : {}),
    };
    try {
      await mutateAsync({
        url: `${WORKFLOW_API}/instances/${instanceId}/actions`,
        method: "post",
        values: body,
        config: withIdempotencyKey(key),
        successNotification: {
          type: "success",
          message: t(
            `approvalDone.${action === "accept" && task?.kind === "handler" ? "done" : action}`,
            { title },
          ),
        },
      });
      onDone(action, task?.id);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode ?? 0;
      onFailed?.(action, status, task?.id);
    }
  };

  return (
    <Modal
      open
      title={action === "accept" && confirm ? confirm.title : t(`workflow.actions.${action}`)}
      okText={t("workflow.actions.ok")}
      cancelText={t("buttons.cancel")}
      confirmLoading={mutation.isPending}
      okButtonProps={{ disabled: isUploading, danger: action === "cancel" }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {action === "cancel" ? (
        <p className="wf-muted">{t("workflow.messages.cancelConfirm")}</p>
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          position: "pre",
          mode: "all",
          ...(action === "accept" ? confirm?.initialValues : undefined),
        }}
      >
        {action === "accept" && confirm ? confirm.fields : null}
        {action === "return" ? (
          <Form.Item
            name="targetNodeId"
            label={t("workflow.fields.returnTo")}
            rules={[{ required: true, message: t("validation.required") }]}
          >
            <Select
              options={(task?.returnTargets ?? []).map((r) => ({
                value: r.nodeId,
                label: r.nodeId === "start" ? t("workflow.preview.initiator") : r.name,
              }))}
            />
          </Form.Item>
        ) : null}
        {action === "transfer" ? (
          <Form.Item
            name="toUserId"
            label={t("workflow.fields.transferTo")}
            rules={[{ required: true, message: t("validation.required") }]}
          >
            <MemberPickerField multiple={false} />
          </Form.Item>
        ) : null}
        {action === "addSign" ? (
          <>
            <Form.Item name="position" label={t("workflow.fields.signPosition")}>
              <Radio.Group
                options={["pre", "post"].map((p) => ({
                  value: p,
                  label: t(`workflow.signPositions.${p}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="mode" label={t("workflow.fields.signMode")}>
              <Radio.Group
                options={["all", "any"].map((m) => ({ value: m, label: t(`workflow.modes.${m}`) }))}
              />
            </Form.Item>
          </>
        ) : null}
        {action === "addSign" || action === "cc" ? (
          <Form.Item
            name="userIds"
            label={t("workflow.fields.people")}
            rules={[{ required: true, message: t("validation.required") }]}
          >
            <MemberPickerField />
          </Form.Item>
        ) : null}
        <Form.Item
          name="comment"
          label={t("workflow.fields.comment")}
          rules={
            commentRequired
              ? [
                  {
                    required: true,
                    whitespace: true,
                    message: t("errors.workflow.comment.required"),
                  },
                ]
              : []
          }
        >
          <Input.TextArea
            rows={3}
            maxLength={APPROVAL_COMMENT_MAX}
            showCount
            aria-label={t("workflow.fields.comment")}
          />
        </Form.Item>
        {canAttach && TAKES_FILES.has(action) ? (
          <Form.Item label={t("workflow.attachments.title")} extra={t("workflow.attachments.hint")}>
            <AttachmentUpload onChange={setFileIds} onBusy={setUploading} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
};
