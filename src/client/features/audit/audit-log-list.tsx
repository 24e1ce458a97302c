import { type CrudFilter, getDefaultFilter } from "@refinedev/core";
import { Table, Tag } from "antd";
import dayjs from "dayjs";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { useAntdTable } from "../../lib/use-antd-table";
import { AuditLogDetail } from "./audit-log-detail";
import { AuditLogFilters, type AuditFilterValues } from "./audit-log-filters";
import { ACTION_COLORS, type AuditLog, PAGE_SIZE_OPTIONS } from "./audit-log-types";
import { firmTime } from "../../lib/firm-time";
import "./audit-log.css";

/** The table header sticks below the sticky navbar (layout.css). */
const NAVBAR_HEIGHT = 56;

const toDay = (value: unknown) => (typeof value === "string" && value ? dayjs(value) : null);

const toFilters = ({ entity, action, range }: AuditFilterValues): CrudFilter[] => [
  { field: "entity", operator: "eq", value: entity?.trim() },
  { field: "action", operator: "eq", value: action },
  { field: "createdAt", operator: "gte", value: range?.[0]?.startOf("day").toISOString() },
  { field: "createdAt", operator: "lte", value: range?.[1]?.endOf("day").toISOString() },
];

/** Who changed what and when, newest first; filters, sort and page live in the URL. */
export const AuditLogList = () => {
  const { t } = useTranslation();
  const { tableProps, filters, sortOrderOf, applyFilters } = useAntdTable<AuditLog>({
    resource: "audit-logs",
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: "createdAt", order: "desc" }] },
    syncWithLocation: true,
  });

  // Seeds the form once from the URL (no deps on purpose); afterwards the form drives the filters.
  const initialValues = useMemo<AuditFilterValues>(
    () => ({
      entity: getDefaultFilter("entity", filters, "eq"),
      action: getDefaultFilter("action", filters, "eq"),
      range: [
        toDay(getDefaultFilter("createdAt", filters, "gte")),
        toDay(getDefaultFilter("createdAt", filters, "lte")),
      ],
    }),
    [],
  );

  return (
    <>
      <PageHeader title={t("pages.auditLogs.title")} />
      <PagePanel>
        <AuditLogFilters
          initialValues={initialValues}
          onSearch={(values) => applyFilters(toFilters(values))}
        />
        <Table<AuditLog>
          {...tableProps}
          rowKey="id"
          size="middle"
          sticky={{ offsetHeader: NAVBAR_HEIGHT }}
          scroll={{ x: 880 }}
          pagination={{
            ...(tableProps.pagination || {}),
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (total) => t("table.total", { total }),
          }}
          expandable={{ expandedRowRender: (record) => <AuditLogDetail record={record} /> }}
          locale={{ emptyText: t("auditLogs.empty") }}
        >
          <Table.Column<AuditLog>
            key="createdAt"
            dataIndex="createdAt"
            title={t("auditLogs.fields.createdAt")}
            sorter
            sortOrder={sortOrderOf("createdAt")}
            width={190}
            render={(value: string) => firmTime(value, "YYYY-MM-DD HH:mm:ss")}
          />
          <Table.Column<AuditLog>
            key="userName"
            dataIndex="userName"
            title={t("auditLogs.fields.user")}
            width={140}
            render={(value: string | null, record) => value ?? record.userId ?? "-"}
          />
          <Table.Column<AuditLog>
            key="action"
            dataIndex="action"
            title={t("auditLogs.fields.action")}
            width={110}
            render={(value: string) => (
              <Tag color={ACTION_COLORS[value] ?? "default"}>
                {t(`auditLogs.actions.${value}`, { defaultValue: value })}
              </Tag>
            )}
          />
          <Table.Column<AuditLog>
            key="entity"
            dataIndex="entity"
            title={t("auditLogs.fields.entity")}
            width={180}
            render={(value: string) => <code className="audit-entity">{value}</code>}
          />
          <Table.Column<AuditLog>
            key="entityId"
            dataIndex="entityId"
            title={t("auditLogs.fields.entityId")}
            render={(value: string | number | null) => (
              <span className="audit-entity-id">{value ?? "-"}</span>
            )}
          />
        </Table>
      </PagePanel>
    </>
  );
};
