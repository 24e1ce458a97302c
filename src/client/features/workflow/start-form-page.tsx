import { useCustom, useCustomMutation, useInvalidate } from "@refinedev/core";
import { Alert, Avatar, Button, Form, Input, Select, Skeleton, Space, Steps, Tag } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";

import { APPROVAL_COMMENT_MAX } from "../../../shared/contracts/workflow";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { AttachmentUpload, useCanAttach } from "./attachment-upload";
import "./workflow.css";
import { withIdempotencyKey } from "../../lib/api";
import { newIdempotencyKey } from "../../lib/submission-key";
import { type PreviewStep, type StartForm, WORKFLOW_API } from "./types";
import { WorkflowForm } from "./workflow-form";

type Values = Record<string, unknown>;

/** Who will handle each step of this very form, refreshed as the form changes (a dry run). */
const PreviewSteps = ({ steps }: { steps: PreviewStep[] }) => {
  const { t } = useTranslation();
  return (
    <Steps
      direction="vertical"
      size="small"
      current={-1}
      items={[
        { title: t("workflow.preview.initiator"), status: "finish" },
        ...steps.map((s) => ({
          title: (
            <Space size={4} wrap>
              <span>{s.name}</span>
              <Tag>{t(`workflow.nodeTypes.${s.type}`)}</Tag>
              {s.mode && s.users.length > 1 ? (
                <Tag color="blue">{t(`workflow.modes.${s.mode}`)}</Tag>
              ) : null}
            </Space>
          ),
          description: s.skipped
            ? t("workflow.preview.skipped")
            : s.users.map((u) => (
                <Tag
                  key={u.id}
                  icon={
                    <Avatar size={16} style={{ marginRight: 4 }}>
                      {u.name.slice(0, 1)}
                    </Avatar>
                  }
                >
                  {u.name}
                </Tag>
              )),
          status: "wait" as const,
        })),
        { title: t("workflow.preview.end"), status: "wait" as const },
      ]}
    />
  );
};

/** Fill the form of one definition, see who approves each step, submit. */
export const StartFormPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { id = "" } = useParams();
  const { result, query } = useCustom<StartForm>({
    url: `${WORKFLOW_API}/startable/${id}`,
    method: "get",
  });
  const start = result?.data?.id ? result.data : undefined;
  const [values, setValues] = useState<Values>({});
  const [deptId, setDeptId] = useState<string | undefined>();
  const [steps, setSteps] = useState<PreviewStep[]>([]);
  const [comment, setComment] = useState("");
  const [fileIds, setFileIds] = useState<string[]>([]);
  const [isUploading, setUploading] = useState(false);
  const canAttach = useCanAttach();
  const formRef = useRef<{ validateForm: () => boolean }>(null);
  const key = useMemo(newIdempotencyKey, []);
  const { mutateAsync: preview } = useCustomMutation<{ steps: PreviewStep[] }>();
  const { mutateAsync: submit, mutation } = useCustomMutation<{ id: string }>();

  useEffect(() => {
    if (!start) return;
    const timer = setTimeout(() => {
      void preview({
        url: `${WORKFLOW_API}/startable/${id}/preview`,
        method: "post",
        values: { form: values, ...(deptId ? { deptId } : {}) },
        successNotification: false,
        errorNotification: false,
      })
        .then((res) => setSteps(res.data.steps))
        .catch(() => undefined);
    }, 300);
    return () => clearTimeout(timer);
  }, [start, values, deptId, id, preview]);

  if (query.isLoading || !start) return <Skeleton active />;
  const editable = Object.entries(start.perms)
    .filter(([, p]) => p === "edit")
    .map(([k]) => k);

  const onSubmit = async () => {
    if (formRef.current && !formRef.current.validateForm()) return;
    const res = await submit({
      url: `${WORKFLOW_API}/instances`,
      method: "post",
      values: {
        definitionId: id,
        form: values,
        ...(deptId ? { deptId } : {}),
        ...(comment.trim() ? { comment: comment.trim() } : {}),
        ...(fileIds.length > 0 ? { attachments: fileIds } : {}),
      },
      config: withIdempotencyKey(key),
      successNotification: { type: "success", message: t("workflow.messages.submitted") },
    });
    await invalidate({ resource: "workflow/lists/initiated", invalidates: ["list"] });
    navigate(`/workflow/detail/${res.data.id}?from=initiated`);
  };

  return (
    <>
      <PageHeader
        title={start.name}
        extra={<Button onClick={() => navigate("/workflow/add")}>{t("buttons.cancel")}</Button>}
      />
      <div className="wf-start">
        <PagePanel>
          {start.departments.length > 1 ? (
            <Form layout="vertical">
              <Form.Item label={t("workflow.fields.department")}>
                <Select
                  value={deptId ?? start.departments[0]?.id}
                  onChange={setDeptId}
                  options={start.departments.map((d) => ({ value: d.id, label: d.name }))}
                />
              </Form.Item>
            </Form>
          ) : null}
          <WorkflowForm
            ref={formRef}
            schema={start.schema}
            perms={start.perms}
            value={values}
            onChange={setValues}
            editable={editable}
          />
          <Form layout="vertical">
            <Form.Item label={t("workflow.fields.startComment")} htmlFor="wf-start-comment">
              <Input.TextArea
                id="wf-start-comment"
                rows={2}
                maxLength={APPROVAL_COMMENT_MAX}
                showCount
                value={comment}
                onChange={(e) => setComment(e.target.value)}
              />
            </Form.Item>
            {canAttach ? (
              <Form.Item
                label={t("workflow.attachments.title")}
                extra={t("workflow.attachments.hint")}
              >
                <AttachmentUpload onChange={setFileIds} onBusy={setUploading} />
              </Form.Item>
            ) : null}
          </Form>
          <Button
            type="primary"
            loading={mutation.isPending}
            disabled={isUploading}
            onClick={() => void onSubmit()}
          >
            {t("workflow.actions.submit")}
          </Button>
        </PagePanel>
        <PagePanel>
          <h2 className="wf-kind-title">{t("workflow.preview.title")}</h2>
          <Alert
            type="info"
            showIcon
            message={t("workflow.preview.hint")}
            style={{ marginBottom: 12 }}
          />
          <div className="wf-preview" aria-label={t("workflow.preview.title")}>
            <PreviewSteps steps={steps} />
          </div>
        </PagePanel>
      </div>
    </>
  );
};
