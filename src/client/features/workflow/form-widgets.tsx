import { UserOutlined } from "@ant-design/icons";
import type { WidgetProps } from "@rjsf/utils";
import { DatePicker, Space, Tag, TreeSelect } from "antd";
import dayjs from "dayjs";
import { useMemo, useState } from "react";

import { MemberPickerField, toDeptTree, usePickerData } from "../../components/member-picker";
import { type AttachmentInfo, AttachmentList } from "./attachment-list";
import { AttachmentUpload, useCanAttach } from "./attachment-upload";

/** What the approval form hands its widgets: the instance (for file links) and its files' names. */
export type WorkflowFormContext = { instanceId?: string; files?: Record<string, AttachmentInfo> };

const isLocked = (p: WidgetProps) => p.disabled || p.readonly;
const asList = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((x): x is string => typeof x === "string")
    : typeof v === "string" && v
      ? [v]
      : [];

/** One person or several (the member picker); read-only shows their names. */
const MemberWidget = (p: WidgetProps) => {
  const multiple = p.schema.type === "array";
  const ids = asList(p.value);
  const { data } = usePickerData(isLocked(p), true);
  if (isLocked(p)) {
    const names = new Map(data.members.map((m) => [m.userId, m.name]));
    return (
      <Space wrap id={p.id}>
        {ids.map((id) => (
          <Tag key={id} icon={<UserOutlined />}>
            {names.get(id) ?? "…"}
          </Tag>
        ))}
      </Space>
    );
  }
  return (
    <MemberPickerField
      id={p.id}
      multiple={multiple}
      value={ids}
      onChange={(next) => p.onChange(multiple ? (next.length ? next : undefined) : next[0])}
    />
  );
};

/** A department of the firm, from its tree. */
const DepartmentWidget = (p: WidgetProps) => {
  const { data } = usePickerData(true, true);
  const tree = useMemo(() => toDeptTree(data.departments), [data.departments]);
  return (
    <TreeSelect
      id={p.id}
      aria-label={p.label}
      value={typeof p.value === "string" ? p.value : undefined}
      treeData={tree}
      treeDefaultExpandAll
      allowClear
      showSearch
      treeNodeFilterProp="title"
      disabled={isLocked(p)}
      onChange={(v: unknown) => p.onChange(v ?? undefined)}
    />
  );
};

/** Two dates, from and to, kept as ["YYYY-MM-DD", "YYYY-MM-DD"]. */
const DateRangeWidget = (p: WidgetProps) => {
  const [from, to] = asList(p.value);
  return (
    <DatePicker.RangePicker
      id={p.id}
      value={from && to ? [dayjs(from), dayjs(to)] : null}
      disabled={isLocked(p)}
      onChange={(range) =>
        p.onChange(
          range?.[0] && range[1]
            ? [range[0].format("YYYY-MM-DD"), range[1].format("YYYY-MM-DD")]
            : undefined,
        )
      }
    />
  );
};

/**
 * Files in a form field: those already there (open, download) and new ones uploaded through the
 * documents feature exactly as in the action dialog. Files already on the approval stay: they
 * are locked to it as part of its record.
 */
const FilesWidget = (p: WidgetProps) => {
  const ctx = (p.registry.formContext ?? {}) as WorkflowFormContext;
  const canAttach = useCanAttach();
  const [kept] = useState(() => asList(p.value));
  if (isLocked(p) && kept.length === 0) return <span className="wf-muted">—</span>;
  return (
    <div id={p.id}>
      {ctx.instanceId ? (
        <AttachmentList instanceId={ctx.instanceId} ids={kept} files={ctx.files ?? {}} />
      ) : null}
      {!isLocked(p) && canAttach ? (
        <AttachmentUpload
          onChange={(added) => {
            const all = [...kept, ...added];
            p.onChange(all.length ? all : undefined);
          }}
        />
      ) : null}
    </div>
  );
};

export const WORKFLOW_WIDGETS = {
  member: MemberWidget,
  department: DepartmentWidget,
  dateRange: DateRangeWidget,
  files: FilesWidget,
};
