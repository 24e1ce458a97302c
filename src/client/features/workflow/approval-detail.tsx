import { useCustom, useInvalidate } from "@refinedev/core";
import { Button, Descriptions, Skeleton, Tag } from "antd";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { PageHeader, PagePanel } from "../../layout/page-header";
import type { AcceptConfirm } from "../../lib/accept-confirm";
import { ActionDialog, type DialogAction } from "./action-dialog";
import { ReassignDialog } from "./reassign-dialog";
import { BusinessLink, businessTarget } from "./business-link";
import { ApprovalTimeline } from "./timeline";
import { APPROVAL_STATUS_COLORS } from "../../lib/approval-status";
import { type InstanceDetail, type MyTask, type TaskRow, WORKFLOW_API } from "./types";
import { firmTime } from "../../lib/firm-time";
import "./workflow.css";
import { WorkflowForm } from "./workflow-form";
import { editableSchema, FormView } from "./form-view";

type Values = Record<string, unknown>;

export type ApprovalDetailProps = {
  id: string;
  /** Prefer this pending task of the viewer (the row the approval centre opened). */
  taskId?: string;
  /** Called after the viewer's task was handled (or found already closed): move on. */
  onTaskDone?: (taskId: string) => void;
  /** What the approval is about (a contract's terms, a seal request), above the form. */
  summary?: ReactNode;
  /** What this viewer's accept must confirm in its dialog (the custodian's copies and date), if anything. */
  acceptConfirm?: (task: MyTask, form: Values) => Omit<AcceptConfirm, "version"> | undefined;
};

const TASK_ACTIONS: DialogAction[] = [
  "accept",
  "reject",
  "return",
  "transfer",
  "addSign",
  "resubmit",
];

/**
 * The generic approval detail: the form with this viewer's field permissions on the left, the
 * timeline on the right, the actions fixed at the bottom. Cases, contracts and seals reuse it
 * on their own detail routes.
 */
export const ApprovalDetail = ({
  id,
  taskId,
  onTaskDone,
  summary,
  acceptConfirm,
}: ApprovalDetailProps) => {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { result, query } = useCustom<InstanceDetail>({
    url: `${WORKFLOW_API}/instances/${id}`,
    method: "get",
  });
  // Until the answer arrives Refine hands an empty object, not undefined.
  const detail = result?.data?.id ? result.data : undefined;
  const [values, setValues] = useState<Values>({});
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const [reassigning, setReassigning] = useState<TaskRow | null>(null);
  useEffect(() => {
    if (detail) setValues(detail.form);
  }, [detail]);
  const task = useMemo(
    () => detail?.myTasks.find((x) => x.id === taskId) ?? detail?.myTasks[0],
    [detail, taskId],
  );
  if (query.isLoading || !detail) return <Skeleton active />;

  const refresh = async () => {
    await query.refetch();
    for (const tab of ["pending", "handled", "initiated", "cc", "all"]) {
      await invalidate({ resource: `workflow/lists/${tab}`, invalidates: ["list"] });
    }
  };
  const patch = Object.fromEntries(
    (task?.editable ?? [])
      .filter((k) => JSON.stringify(values[k]) !== JSON.stringify(detail.form[k]))
      .map((k) => [k, values[k]]),
  );
  const extra =
    Object.keys(patch).length > 0
      ? dialog === "resubmit"
        ? { form: patch }
        : { formPatch: patch, version: detail.version }
      : undefined;

  const done = async (action: DialogAction, handled?: string) => {
    setDialog(null);
    await refresh();
    if (handled && TASK_ACTIONS.includes(action)) onTaskDone?.(handled);
  };
  const failed = async (_action: DialogAction, status: number, handled?: string) => {
    // Someone else already handled it (any-mode race): move on to the next pending task.
    if (status === 409 && handled) {
      setDialog(null);
      await refresh();
      onTaskDone?.(handled);
    }
  };

  const actions = task?.actions ?? [];
  const editable = task?.editable ?? [];
  const confirm = task && acceptConfirm ? acceptConfirm(task, values) : undefined;
  // What the accept dialog confirms (the custodian's copies and date) is asked there, once.
  const onPage = editable.filter((k) => !confirm?.keys.includes(k));
  return (
    <>
      <PageHeader
        title={
          <span>
            {detail.title}{" "}
            <Tag color={APPROVAL_STATUS_COLORS[detail.status]}>
              {t(`workflow.status.${detail.status}`)}
            </Tag>
          </span>
        }
      />
      <div className="wf-detail">
        <PagePanel>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t("workflow.fields.serial")}>
              {detail.serial}
            </Descriptions.Item>
            <Descriptions.Item label={t("workflow.fields.definition")}>
              {detail.definitionName}
            </Descriptions.Item>
            <Descriptions.Item label={t("workflow.fields.initiator")}>
              {detail.users[detail.initiatorId]}
            </Descriptions.Item>
            <Descriptions.Item label={t("workflow.fields.submittedAt")}>
              {firmTime(detail.submittedAt)}
            </Descriptions.Item>
            {businessTarget(detail.businessRef) && (
              <Descriptions.Item label={t("workflow.business.record")}>
                <BusinessLink businessRef={detail.businessRef} />
              </Descriptions.Item>
            )}
          </Descriptions>
          {summary}
          {/* What this viewer may not change reads as details; only what they may change is a form. */}
          <FormView
            schema={detail.schema}
            perms={detail.perms}
            value={values}
            only={(k) => !editable.includes(k) && !(k === "title" && values.title === detail.title)}
            context={{ instanceId: detail.id, files: detail.files }}
          />
          {onPage.length > 0 ? (
            <WorkflowForm
              schema={editableSchema(detail.schema, onPage)}
              perms={detail.perms}
              value={values}
              onChange={setValues}
              editable={onPage}
              context={{ instanceId: detail.id, files: detail.files }}
            />
          ) : null}
        </PagePanel>
        <PagePanel>
          <h2 className="wf-kind-title">{t("workflow.titles.timeline")}</h2>
          <ApprovalTimeline
            detail={detail}
            onReassign={detail.canReassign ? setReassigning : undefined}
          />
        </PagePanel>
      </div>
      <div className="wf-actionbar" role="toolbar" aria-label={t("workflow.titles.actions")}>
        {task ? (
          <span className="wf-muted" style={{ marginRight: "auto" }}>
            {t("workflow.messages.yourStep", {
              node: task.nodeName || t("workflow.preview.initiator"),
            })}
          </span>
        ) : null}
        {detail.canCancel ? (
          <Button danger onClick={() => setDialog("cancel")}>
            {t("workflow.actions.cancel")}
          </Button>
        ) : null}
        {detail.canCc && !actions.includes("cc") ? (
          <Button onClick={() => setDialog("cc")}>{t("workflow.actions.cc")}</Button>
        ) : null}
        {!actions.includes("comment") ? (
          <Button onClick={() => setDialog("comment")}>{t("workflow.actions.comment")}</Button>
        ) : null}
        {[...actions].reverse().map((a) => (
          <Button
            key={a}
            type={a === "accept" || a === "resubmit" ? "primary" : "default"}
            danger={a === "reject"}
            onClick={() => setDialog(a as DialogAction)}
          >
            {t(
              a === "accept" && task?.kind === "handler"
                ? "workflow.actions.done"
                : `workflow.actions.${a}`,
            )}
          </Button>
        ))}
      </div>
      <ActionDialog
        instanceId={id}
        title={detail.title}
        action={dialog}
        task={task}
        extra={extra}
        onClose={() => setDialog(null)}
        onDone={(a, x) => void done(a, x)}
        onFailed={(a, s, x) => void failed(a, s, x)}
        confirm={confirm ? { ...confirm, version: detail.version } : undefined}
      />
      <ReassignDialog
        instanceId={id}
        task={reassigning}
        assigneeName={reassigning ? (detail.users[reassigning.assigneeId] ?? "") : ""}
        onClose={() => setReassigning(null)}
        onDone={() => {
          setReassigning(null);
          void refresh();
        }}
      />
    </>
  );
};
