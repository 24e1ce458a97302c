import { PlusOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation } from "@refinedev/core";
import {
  Button,
  Checkbox,
  DatePicker,
  Form,
  Input,
  Modal,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";

import { TASK_TEXT_MAX } from "../../../shared/contracts/tasks";
import { usePickerData } from "../../components/member-picker";
import { DueDate } from "../../components/due-date";
import { caseKeyDatesPath, leadPath, taskPath } from "../../lib/record-paths";
import "../../components/date-lists.css";
import { TaskDrawer } from "./task-drawer";
import { PRIORITIES, STATUSES, type Task } from "./types";

type NewTask = { title: string; assigneeId?: string; dueDate?: Dayjs; priority: Task["priority"] };
const PRIORITY_COLOR = { low: "default", normal: "blue", high: "red" } as const;

/** What the list is part of: a case's Tasks tab or a lead's follow-ups; My tasks without. */
type Props = { caseId?: string; leadId?: string };

/**
 * My tasks (or every task I may see), with status changes, checklists and a quick add; a title
 * opens the task's drawer, kept in `?task=` so the home page and calendar can link to it.
 */
export const TasksPage = ({ caseId, leadId }: Props) => {
  const { t } = useTranslation();
  const embedded = Boolean(caseId || leadId);
  const [mine, setMine] = useState(!embedded);
  const [status, setStatus] = useState<string | undefined>("open");
  const { data: people } = usePickerData();
  const nameOf = (id: string) => people.members.find((m) => m.userId === id)?.name ?? "";
  const query = {
    _end: 200,
    ...(mine ? { mine: "true" } : {}),
    ...(caseId ? { caseId } : {}),
    ...(leadId ? { leadId } : {}),
    ...(status === "open" ? { open: "true" } : status ? { status } : {}),
  };
  const { result, query: q } = useCustom<Task[]>({
    url: "/api/tasks",
    method: "get",
    config: { query },
  });
  const rows = Array.isArray(result?.data) ? (result.data as Task[]) : [];
  const { mutateAsync, mutation } = useCustomMutation();
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<NewTask>();
  const [search, setSearch] = useSearchParams();
  const openId = search.get("task");
  const showTask = (id: string | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set("task", id);
        else next.delete("task");
        return next;
      },
      { replace: true },
    );

  const patch = async (task: Task, values: Partial<Task>) => {
    await mutateAsync({
      url: `/api/tasks/${task.id}`,
      method: "patch",
      values: { ...values, version: task.version },
    }).catch(() => undefined);
    await q.refetch();
  };
  const add = async (v: NewTask) => {
    const saved = await mutateAsync({
      url: "/api/tasks",
      method: "post",
      values: {
        title: v.title,
        priority: v.priority,
        ...(caseId ? { caseId } : {}),
        ...(leadId ? { leadId } : {}),
        ...(v.assigneeId ? { assigneeId: v.assigneeId } : {}),
        ...(v.dueDate ? { dueDate: v.dueDate.format("YYYY-MM-DD") } : {}),
      },
    }).catch(() => undefined);
    if (!saved) return;
    form.resetFields();
    setAdding(false);
    await q.refetch();
  };

  return (
    <div>
      {embedded ? null : (
        <Typography.Title level={3}>{t("deadlines.tasks.title")}</Typography.Title>
      )}
      <Space className="deadlines-filters" wrap>
        <Segmented
          aria-label={t("deadlines.tasks.whose")}
          value={mine ? "mine" : "all"}
          onChange={(v) => setMine(v === "mine")}
          options={[
            { value: "mine", label: t("deadlines.tasks.mine") },
            { value: "all", label: t("deadlines.tasks.all") },
          ]}
        />
        <Select
          aria-label={t("deadlines.fields.status")}
          allowClear
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={[
            { value: "open", label: t("deadlines.tasks.open") },
            ...STATUSES.map((s) => ({ value: s, label: t(`deadlines.taskStatuses.${s}`) })),
          ]}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t("deadlines.tasks.add")}
        </Button>
      </Space>
      <Table<Task>
        size="small"
        rowKey="id"
        loading={q.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 800 }}
        locale={{ emptyText: t("deadlines.tasks.empty") }}
        columns={[
          {
            key: "title",
            title: t("deadlines.fields.title"),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                {/* A real link (a new tab opens the task in My tasks); a plain click opens the drawer here. */}
                <Link
                  className="task-open"
                  to={taskPath(r.id)}
                  onClick={(e) => {
                    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                    e.preventDefault();
                    showTask(r.id);
                  }}
                >
                  {r.title}
                </Link>
                {r.checklist.map((c, i) => (
                  <Checkbox
                    key={`${r.id}-${i}`}
                    checked={c.done}
                    onChange={(e) =>
                      void patch(r, {
                        checklist: r.checklist.map((x, j) =>
                          j === i ? { ...x, done: e.target.checked } : x,
                        ),
                      })
                    }
                  >
                    {c.text}
                  </Checkbox>
                ))}
              </Space>
            ),
          },
          {
            key: "case",
            title: t("deadlines.tasks.about"),
            width: 200,
            render: (_, r) =>
              r.caseId ? (
                <Link to={caseKeyDatesPath(r.caseId)}>{r.caseName}</Link>
              ) : r.leadId ? (
                <Link to={leadPath(r.leadId)}>{r.leadNo}</Link>
              ) : null,
          },
          {
            key: "assignee",
            title: t("deadlines.tasks.assignee"),
            width: 100,
            render: (_, r) => nameOf(r.assigneeId),
          },
          {
            key: "due",
            title: t("deadlines.fields.dueDate"),
            width: 140,
            render: (_, r) =>
              r.dueDate ? (
                <DueDate date={r.dueDate} status={r.status === "done" ? "done" : "open"} />
              ) : null,
          },
          {
            key: "priority",
            title: t("deadlines.fields.priority"),
            width: 90,
            render: (_, r) => (
              <Tag color={PRIORITY_COLOR[r.priority]}>
                {t(`deadlines.priorities.${r.priority}`)}
              </Tag>
            ),
          },
          {
            key: "status",
            title: t("deadlines.fields.status"),
            width: 130,
            render: (_, r) => (
              <Select<Task["status"]>
                aria-label={t("deadlines.fields.status")}
                size="small"
                value={r.status}
                style={{ width: 110 }}
                onChange={(v) => void patch(r, { status: v })}
                options={STATUSES.map((s) => ({
                  value: s,
                  label: t(`deadlines.taskStatuses.${s}`),
                }))}
              />
            ),
          },
        ]}
      />
      <Modal
        open={adding}
        title={t("deadlines.tasks.add")}
        okText={t("buttons.save")}
        cancelText={t("buttons.cancel")}
        onCancel={() => setAdding(false)}
        onOk={() => form.submit()}
        confirmLoading={mutation.isPending}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ priority: "normal" }}
          onFinish={(v) => void add(v)}
        >
          <Form.Item
            name="title"
            label={t("deadlines.fields.title")}
            rules={[{ required: true, whitespace: true, message: t("validation.required") }]}
          >
            <Input maxLength={TASK_TEXT_MAX} />
          </Form.Item>
          <Form.Item name="assigneeId" label={t("deadlines.tasks.assignee")}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              options={people.members.map((m) => ({ value: m.userId, label: m.name }))}
            />
          </Form.Item>
          <Form.Item name="dueDate" label={t("deadlines.fields.dueDate")}>
            <DatePicker style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item name="priority" label={t("deadlines.fields.priority")}>
            <Select
              options={PRIORITIES.map((p) => ({ value: p, label: t(`deadlines.priorities.${p}`) }))}
            />
          </Form.Item>
        </Form>
      </Modal>
      <TaskDrawer
        taskId={openId}
        onClose={() => showTask(null)}
        onChanged={() => void q.refetch()}
      />
    </div>
  );
};
