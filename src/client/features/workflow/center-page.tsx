import { PlusOutlined } from "@ant-design/icons";
import { type CrudFilter, useCustom } from "@refinedev/core";
import { Badge, Button, DatePicker, Input, Select, Space, Table, Tabs, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import dayjs from "dayjs";
import qs from "qs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams } from "react-router";

import { WORKFLOW_KINDS } from "../../../shared/workflow";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { useAntdTable } from "../../lib/use-antd-table";
import { firmTime, toPickerValue } from "../../lib/firm-time";
import "./workflow.css";
import { APPROVAL_STATUS_COLORS } from "../../lib/approval-status";
import { CENTER_TABS, type CenterRow, type CenterTab, WORKFLOW_API } from "./types";
import { approvalPathOf } from "../../lib/approval-paths";

const fmt = (v?: string | null) => (v ? firmTime(v) : "");

type Filters = {
  kind?: string;
  status?: string[];
  q?: string;
  range?: [dayjs.Dayjs, dayjs.Dayjs] | null;
};

/** The filters a link carries in Refine's URL form (a report's "finished approvals" figure). */
type Linked = { field: string; operator: string; value: string | string[] };

const linkedFilters = (search: string): Linked[] => {
  const parsed = qs.parse(search, { ignoreQueryPrefix: true }).filters;
  return Array.isArray(parsed)
    ? parsed.filter((f): f is Linked => typeof f === "object" && f !== null && "field" in f)
    : [];
};

/** Who started them, as the linking report narrowed it: kept until the user clears it. */
const PEOPLE = ["initiatorId", "initiatorDepartmentId"];

/** The list of one approval-centre tab: filters above, rows opening the approval detail. */
const CenterList = ({ tab }: { tab: CenterTab }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [filters, setFilters] = useState<Filters>({});
  const [people, setPeople] = useState<Linked[]>([]);
  const { tableProps, applyFilters } = useAntdTable<CenterRow>({
    resource: `workflow/lists/${tab}`,
    pagination: { pageSize: 10 },
    syncWithLocation: false,
  });

  const search = (next: Filters, kept = people, exact?: Linked[]) => {
    setFilters(next);
    applyFilters([
      { field: "kind", operator: "eq", value: next.kind },
      { field: "status", operator: "in", value: next.status?.length ? next.status : undefined },
      { field: "q", operator: "eq", value: next.q },
      // A link's own instants (the firm's days) until the user picks a range of their own.
      ...(exact ?? [
        {
          field: "submittedAt",
          operator: "gte",
          value: next.range?.[0]?.startOf("day").toISOString(),
        },
        {
          field: "submittedAt",
          operator: "lte",
          value: next.range?.[1]?.endOf("day").toISOString(),
        },
      ]),
      ...kept,
    ] as CrudFilter[]);
  };

  // A link with filters (this tab stays mounted, so on every arrival, not only the first).
  useEffect(() => {
    const linked = linkedFilters(location.search);
    if (linked.length === 0) return;
    const one = (field: string, operator = "eq") =>
      linked.find((f) => f.field === field && f.operator === operator)?.value;
    const from = one("submittedAt", "gte");
    const to = one("submittedAt", "lte");
    const status = one("status", "in") ?? one("status");
    const kept = linked.filter((f) => PEOPLE.includes(f.field));
    setPeople(kept);
    search(
      {
        kind: one("kind") as string | undefined,
        status: status === undefined ? undefined : [status].flat(),
        // The link's instants are the firm's days: the picker shows the firm's wall clock.
        range: from && to ? [toPickerValue(String(from)), toPickerValue(String(to))] : null,
      },
      kept,
      linked.filter((f) => f.field === "submittedAt"),
    );
    // Only a new link re-seeds the filters; the user's own changes go through `search`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.search]);

  // A real link: a middle or ctrl click opens the approval in a new tab.
  const pathOf = (row: CenterRow) => {
    const task =
      tab === "pending" && row.taskId ? `?task=${row.taskId}&from=${tab}` : `?from=${tab}`;
    return `${approvalPathOf(row.kind, row.instanceId)}${task}`;
  };

  const columns: ColumnsType<CenterRow> = [
    {
      title: t("workflow.fields.title"),
      dataIndex: "title",
      render: (v: string, row) => (
        <Link className="wf-link" to={pathOf(row)}>
          {tab === "cc" && !row.isRead ? <Badge status="processing" /> : null} {v}
        </Link>
      ),
    },
    { title: t("workflow.fields.definition"), dataIndex: "definitionName", width: 160 },
    { title: t("workflow.fields.initiator"), dataIndex: "initiatorName", width: 110 },
    tab === "pending"
      ? {
          title: t("workflow.fields.node"),
          dataIndex: "nodeName",
          width: 140,
          render: (v: string) => v || t("workflow.preview.initiator"),
        }
      : tab === "handled"
        ? {
            title: t("workflow.fields.myAction"),
            dataIndex: "myAction",
            width: 110,
            render: (v: string) => t(`workflow.taskStatus.${v}`),
          }
        : {
            title: t("workflow.fields.current"),
            dataIndex: "current",
            render: (steps: CenterRow["current"]) =>
              (steps ?? [])
                .map((s) => `${s.nodeName || t("workflow.preview.initiator")}: ${s.assigneeName}`)
                .join("; "),
          },
    {
      title: t("workflow.fields.status"),
      dataIndex: "status",
      width: 100,
      render: (v: string) => (
        <Tag color={APPROVAL_STATUS_COLORS[v]}>{t(`workflow.status.${v}`)}</Tag>
      ),
    },
    {
      title: t(
        tab === "pending"
          ? "workflow.fields.receivedAt"
          : tab === "handled"
            ? "workflow.fields.actedAt"
            : tab === "cc"
              ? "workflow.fields.ccAt"
              : "workflow.fields.submittedAt",
      ),
      width: 150,
      render: (_: unknown, row) =>
        fmt(row.receivedAt ?? row.actedAt ?? row.ccAt ?? row.submittedAt),
    },
  ];

  return (
    <>
      <Space wrap className="wf-filters">
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t("workflow.fields.kind")}
          aria-label={t("workflow.fields.kind")}
          value={filters.kind}
          onChange={(kind) => search({ ...filters, kind })}
          options={WORKFLOW_KINDS.map((k) => ({ value: k, label: t(`workflow.kinds.${k}`) }))}
        />
        {tab !== "pending" ? (
          <Select
            allowClear
            mode="multiple"
            style={{ minWidth: 140 }}
            placeholder={t("workflow.fields.status")}
            aria-label={t("workflow.fields.status")}
            value={filters.status}
            onChange={(status) => search({ ...filters, status })}
            options={["running", "approved", "rejected", "cancelled"].map((s) => ({
              value: s,
              label: t(`workflow.status.${s}`),
            }))}
          />
        ) : null}
        <DatePicker.RangePicker
          value={filters.range ?? null}
          onChange={(range) => search({ ...filters, range: range as Filters["range"] })}
        />
        <Input.Search
          allowClear
          style={{ width: 220 }}
          placeholder={t("workflow.placeholders.keyword")}
          aria-label={t("workflow.placeholders.keyword")}
          onSearch={(q) => search({ ...filters, q })}
        />
        {people.length ? (
          <Tag
            closable
            onClose={() => {
              setPeople([]);
              search(filters, []);
            }}
          >
            {t("workflow.filters.linkedPeople")}
          </Tag>
        ) : null}
      </Space>
      <Table<CenterRow>
        {...tableProps}
        rowKey={(row) => row.taskId ?? row.ccId ?? row.instanceId}
        size="middle"
        columns={columns}
        scroll={{ x: 900 }}
        onRow={(row) => ({ onDoubleClick: () => navigate(pathOf(row)) })}
        locale={{ emptyText: t(`workflow.empty.${tab}`) }}
      />
    </>
  );
};

/**
 * The approval centre: pending, initiated by me, handled, CC'd to me, all approvals. Each tab is
 * its own kept-alive route, so switching tabs keeps filters, page and scroll.
 */
export const ApprovalCenterPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab = "pending" } = useParams();
  const current = (CENTER_TABS as readonly string[]).includes(tab) ? (tab as CenterTab) : "pending";
  const { result } = useCustom<{ pending: number; ccUnread: number }>({
    url: `${WORKFLOW_API}/counts`,
    method: "get",
  });
  const counts = result?.data;
  const label = (key: CenterTab) => {
    const n = key === "pending" ? counts?.pending : key === "cc" ? counts?.ccUnread : 0;
    return (
      <span>
        {t(`workflow.tabs.${key}`)} {n ? <Badge count={n} size="small" /> : null}
      </span>
    );
  };
  return (
    <>
      <PageHeader
        title={t("workflow.titles.center")}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate("/workflow/add")}>
            {t("workflow.actions.start")}
          </Button>
        }
      />
      <PagePanel>
        <Tabs
          activeKey={current}
          onChange={(key) => navigate(`/workflow/center/${key}`)}
          items={CENTER_TABS.map((key) => ({ key, label: label(key) }))}
        />
        <CenterList tab={current} />
      </PagePanel>
    </>
  );
};
