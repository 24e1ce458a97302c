import type { CrudFilter } from "@refinedev/core";
import { DatePicker, Form, Select, Table, Tag, type TableColumnsType } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import {
  KEY_DATE_OUTCOMES,
  KEY_DATE_STATUSES,
  type KeyDateListRow,
} from "../../../shared/contracts/deadlines";
import { usePickerData } from "../../components/member-picker";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { caseKeyDatesPath } from "../../lib/record-paths";
import { useAntdTable } from "../../lib/use-antd-table";
import { useDeadlineTypes } from "./use-deadline-data";
import "./deadlines.css";

const OUTCOME_COLORS = { met: "green", missed: "red", pending: "blue" } as const;

/** The value of one URL filter (Refine keeps them as `filters[i][field|operator|value]`). */
const valueOf = (filters: CrudFilter[], field: string, operator = "eq") =>
  filters.find((f) => "field" in f && f.field === field && f.operator === operator)?.value as
    string | string[] | undefined;

/**
 * /key-dates: the firm's key dates the user may read (the cases' row scope applies on the
 * server), by who answers for them, status, due days and outcome, all in the URL: a report's
 * deadline figures open their dates here. A department a report narrowed to stays until cleared.
 */
export const KeyDateListPage = () => {
  const { t } = useTranslation();
  const { labelOf, colorOf } = useDeadlineTypes();
  const { data: people } = usePickerData();
  const { tableProps, filters, applyFilters } = useAntdTable<KeyDateListRow>({
    resource: "key-dates",
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: "dueDate", order: "asc" }] },
    syncWithLocation: true,
  });
  const statuses = valueOf(filters, "status", "in") ?? valueOf(filters, "status");
  const from = valueOf(filters, "dueDate", "gte") as string | undefined;
  const to = valueOf(filters, "dueDate", "lte") as string | undefined;
  const department = valueOf(filters, "responsibleDepartmentId") as string | undefined;
  const set = (changes: Record<string, { operator: CrudFilter["operator"]; value: unknown }>) => {
    const kept = filters.filter(
      (f) => "field" in f && !Object.keys(changes).includes(`${f.field}:${f.operator}`),
    );
    applyFilters([
      ...kept,
      ...Object.entries(changes).map(
        ([key, { operator, value }]) =>
          ({ field: key.split(":")[0], operator, value }) as CrudFilter,
      ),
    ]);
  };
  const columns: TableColumnsType<KeyDateListRow> = [
    { key: "dueDate", dataIndex: "dueDate", title: t("deadlines.fields.dueDate"), width: 120 },
    {
      key: "title",
      title: t("deadlines.fields.title"),
      render: (_, r) => <Link to={caseKeyDatesPath(r.caseId)}>{r.title}</Link>,
    },
    {
      key: "deadlineType",
      title: t("deadlines.fields.deadlineType"),
      width: 130,
      render: (_, r) => <Tag color={colorOf(r.deadlineType)}>{labelOf(r.deadlineType)}</Tag>,
    },
    {
      key: "case",
      title: t("deadlines.list.case"),
      render: (_, r) => (
        <Link to={`/case/detail/${r.caseId}`}>
          {r.caseNo} {r.caseName}
        </Link>
      ),
    },
    {
      key: "responsible",
      dataIndex: "responsibleName",
      title: t("deadlines.fields.responsibleId"),
    },
    {
      key: "status",
      title: t("deadlines.fields.status"),
      width: 110,
      render: (_, r) => t(`deadlines.statuses.${r.status}`),
    },
    {
      key: "outcome",
      title: t("deadlines.list.outcome"),
      width: 110,
      render: (_, r) =>
        r.outcome ? (
          <Tag color={OUTCOME_COLORS[r.outcome]}>{t(`reports.outcomes.${r.outcome}`)}</Tag>
        ) : null,
    },
  ];
  return (
    <>
      <PageHeader title={t("deadlines.list.title")} />
      <PagePanel>
        <Form layout="inline" className="key-date-filters" aria-label={t("deadlines.list.filters")}>
          <Form.Item label={t("deadlines.fields.responsibleId")} htmlFor="kd-responsible">
            <Select
              id="kd-responsible"
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 180 }}
              value={valueOf(filters, "responsibleId") as string | undefined}
              options={people.members.map((m) => ({ value: m.userId, label: m.name }))}
              onChange={(v) => set({ "responsibleId:eq": { operator: "eq", value: v } })}
            />
          </Form.Item>
          <Form.Item label={t("deadlines.fields.status")} htmlFor="kd-status">
            <Select
              id="kd-status"
              allowClear
              mode="multiple"
              style={{ minWidth: 160 }}
              value={statuses === undefined ? [] : [statuses].flat()}
              options={KEY_DATE_STATUSES.map((s) => ({
                value: s,
                label: t(`deadlines.statuses.${s}`),
              }))}
              onChange={(v: string[]) =>
                set({
                  "status:in": { operator: "in", value: v.length ? v : undefined },
                  "status:eq": { operator: "eq", value: undefined },
                })
              }
            />
          </Form.Item>
          <Form.Item label={t("deadlines.list.outcome")} htmlFor="kd-outcome">
            <Select
              id="kd-outcome"
              allowClear
              style={{ width: 140 }}
              value={valueOf(filters, "outcome") as string | undefined}
              options={KEY_DATE_OUTCOMES.map((o) => ({
                value: o,
                label: t(`reports.outcomes.${o}`),
              }))}
              onChange={(v) => set({ "outcome:eq": { operator: "eq", value: v } })}
            />
          </Form.Item>
          <Form.Item label={t("deadlines.fields.dueDate")}>
            <DatePicker.RangePicker
              aria-label={t("deadlines.fields.dueDate")}
              value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
              allowEmpty={[true, true]}
              onChange={(range) => {
                const [a, b] = (range ?? [null, null]) as [Dayjs | null, Dayjs | null];
                set({
                  "dueDate:gte": { operator: "gte", value: a?.format("YYYY-MM-DD") },
                  "dueDate:lte": { operator: "lte", value: b?.format("YYYY-MM-DD") },
                });
              }}
            />
          </Form.Item>
          {department ? (
            <Tag
              closable
              onClose={() =>
                set({ "responsibleDepartmentId:eq": { operator: "eq", value: undefined } })
              }
            >
              {t("deadlines.list.department", {
                name: people.departments.find((d) => d.id === department)?.name ?? "",
              })}
            </Tag>
          ) : null}
        </Form>
        <Table<KeyDateListRow>
          {...tableProps}
          rowKey="id"
          size="small"
          columns={columns}
          scroll={{ x: "max-content" }}
          pagination={{
            ...(tableProps.pagination || {}),
            showSizeChanger: true,
            showTotal: (total) => t("table.total", { total }),
          }}
          locale={{ emptyText: t("deadlines.list.empty") }}
        />
      </PagePanel>
    </>
  );
};
