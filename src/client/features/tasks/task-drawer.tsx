import { DeleteOutlined } from "@ant-design/icons";
import {
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  Modal,
  Segmented,
  Select,
  Skeleton,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { TASK_TEXT_MAX } from "../../../shared/contracts/tasks";
import { usePickerData } from "../../components/member-picker";
import { caseKeyDatesPath, leadPath } from "../../lib/record-paths";
import { TaskChecklist } from "./task-checklist";
import { TaskComments } from "./task-comments";
import { PRIORITIES, STATUSES, type TaskStatus } from "./types";
import { useTask } from "./use-task";
import "./tasks.css";

type Props = { taskId: string | null; onClose: () => void; onChanged: () => void };

/**
 * A task's detail, opened from any task list: every field saves as it changes (the title when
 * it loses focus or on Enter), version-checked, and the drawer shows the answer.
 */
export const TaskDrawer = ({ taskId, onClose, onChanged }: Props) => {
  const { t } = useTranslation();
  const { task, isLoading, isSaving, savedAt, update, comment, remove } = useTask(
    taskId,
    onChanged,
  );
  const { data: people } = usePickerData(Boolean(taskId));
  const [title, setTitle] = useState("");
  const [isDeleting, setDeleting] = useState(false);
  useEffect(() => setTitle(task?.title ?? ""), [task?.title]);

  const saveTitle = () => {
    const next = title.trim();
    // An emptied title is not a change: put the saved one back.
    if (!next || next === task?.title) return setTitle(task?.title ?? "");
    void update(() => ({ title: next }));
  };
  const confirmDelete = async () => {
    if (await remove()) {
      setDeleting(false);
      onClose();
    }
  };

  return (
    <Drawer
      open={taskId !== null}
      onClose={onClose}
      width={520}
      title={t("deadlines.tasks.detail")}
      destroyOnHidden
      extra={
        <span aria-live="polite" className="task-save-state">
          {isSaving ? t("deadlines.tasks.saving") : savedAt ? t("deadlines.tasks.saved") : ""}
        </span>
      }
      footer={
        task ? (
          <Button danger icon={<DeleteOutlined />} onClick={() => setDeleting(true)}>
            {t("deadlines.tasks.delete")}
          </Button>
        ) : null
      }
    >
      {!task ? (
        <Skeleton active loading={isLoading} />
      ) : (
        <>
          <Form layout="vertical" component="div">
            <Form.Item label={t("deadlines.fields.title")} htmlFor="task-title" required>
              <Input
                id="task-title"
                maxLength={TASK_TEXT_MAX}
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                onBlur={saveTitle}
                onPressEnter={saveTitle}
              />
            </Form.Item>
            {task.caseId ? (
              <Form.Item label={t("deadlines.tasks.case")}>
                <Link to={caseKeyDatesPath(task.caseId)}>{task.caseName}</Link>
              </Form.Item>
            ) : null}
            {task.leadId ? (
              <Form.Item label={t("deadlines.tasks.lead")}>
                <Link to={leadPath(task.leadId)}>{task.leadNo}</Link>
              </Form.Item>
            ) : null}
            <Form.Item label={t("deadlines.fields.status")}>
              <Segmented<TaskStatus>
                aria-label={t("deadlines.fields.status")}
                value={task.status}
                onChange={(status) => void update(() => ({ status }))}
                options={STATUSES.map((s) => ({
                  value: s,
                  label: t(`deadlines.taskStatuses.${s}`),
                }))}
              />
            </Form.Item>
            <div className="task-field-row">
              <Form.Item label={t("deadlines.tasks.assignee")} htmlFor="task-assignee">
                <Select
                  id="task-assignee"
                  showSearch
                  optionFilterProp="label"
                  value={task.assigneeId}
                  onChange={(assigneeId: string) => void update(() => ({ assigneeId }))}
                  options={people.members.map((m) => ({ value: m.userId, label: m.name }))}
                />
              </Form.Item>
              <Form.Item label={t("deadlines.fields.dueDate")} htmlFor="task-due">
                <DatePicker
                  id="task-due"
                  style={{ width: "100%" }}
                  value={task.dueDate ? dayjs(task.dueDate) : null}
                  onChange={(d) =>
                    void update(() => ({ dueDate: d ? d.format("YYYY-MM-DD") : null }))
                  }
                />
              </Form.Item>
              <Form.Item label={t("deadlines.fields.priority")} htmlFor="task-priority">
                <Select
                  id="task-priority"
                  value={task.priority}
                  onChange={(priority) => void update(() => ({ priority }))}
                  options={PRIORITIES.map((p) => ({
                    value: p,
                    label: t(`deadlines.priorities.${p}`),
                  }))}
                />
              </Form.Item>
            </div>
          </Form>
          <TaskChecklist
            items={task.checklist}
            onChange={(change) =>
              void update((current) => ({ checklist: change(current.checklist) }))
            }
          />
          <TaskComments comments={task.comments} onAdd={comment} />
        </>
      )}
      <Modal
        open={isDeleting}
        title={t("deadlines.tasks.delete")}
        okText={t("buttons.delete")}
        okButtonProps={{ danger: true }}
        cancelText={t("buttons.cancel")}
        onCancel={() => setDeleting(false)}
        onOk={() => void confirmDelete()}
      >
        <Typography.Paragraph>
          {t("deadlines.tasks.deleteConfirm", { title: task?.title ?? "" })}
        </Typography.Paragraph>
      </Modal>
    </Drawer>
  );
};
