import { CloseOutlined, ImportOutlined, PlusOutlined } from "@ant-design/icons";
import type { BaseRecord, CrudFilter } from "@refinedev/core";
import { Button, Space, Table, type TableColumnType, Tag } from "antd";
import type { SizeType } from "antd/es/config-provider/SizeContext";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { useAntdTable } from "../lib/use-antd-table";
import { useCan } from "../routing/use-can";
import { TableSettings } from "./column-picker";
import { ExportButton } from "./export-button";
import { FieldValue } from "./field-value";
import { FilterBar, fromCrudFilters } from "./filter-bar";
import { useOptions } from "./use-options";
import { filterFields, fieldLabelOf, listFields, useResourceSchema } from "./use-schema";
import "./schema-ui.css";

/** The seed's page sizes. */
export const PAGE_SIZES = ["5", "10", "20", "25", "50", "100"];
const NAVBAR_HEIGHT = 56;

export type SchemaListProps = {
  resource: string;
  /** Filters the user cannot change (an organization's employees: its accountId). */
  permanentFilters?: CrudFilter[];
  /** Buttons before the toolbar's own (e.g. a create menu with a client type). */
  createButton?: ReactNode;
  onCreate?: () => void;
  onImport?: () => void;
  /** The export button; shown by default wherever import is offered. */
  hasExport?: boolean;
  /**
   * Where a record's page is (`/case/detail/<id>`): its number or name becomes a real link, so a
   * middle or ctrl click opens it in a new tab and it can be copied. Preferred over `onOpen`.
   * Undefined for a record with no page (a seal request recorded without an approval): plain text.
   */
  linkTo?: (record: BaseRecord) => string | undefined;
  /** For records with no page of their own (a dialog opens instead). */
  onOpen?: (record: BaseRecord) => void;
  /** Shown after the first column's link (e.g. a client's "information pending approval" tag). */
  nameExtra?: (record: BaseRecord) => ReactNode;
  rowActions?: (record: BaseRecord) => ReactNode;
  hideFilters?: boolean;
  syncWithLocation?: boolean;
  subject?: string;
};

/** A resource's list from its schema: filter bar, toolbar, table with x-list columns, pages. */
export const SchemaList = (props: SchemaListProps) => {
  const { t } = useTranslation();
  const { schema, fields } = useResourceSchema(props.resource);
  const columnsOf = listFields(fields);
  const filtersOf = filterFields(fields);
  // Choices for what the list shows and filters by only: a field it never shows (a payment's
  // bill) would cost a request, and one over a resource with no name to sort by is refused.
  const shown = useMemo(() => [...new Set([...columnsOf, ...filtersOf])], [fields]);
  const options = useOptions(shown);
  const subject = props.subject ?? schema?.["x-subject"] ?? "";
  const can = useCan();
  const canCreate = can("create", subject);
  const canImport = can("import", subject);
  const canExport = can("export", subject);
  const [hidden, setHidden] = useState<string[]>([]);
  const [density, setDensity] = useState<SizeType>("middle");
  const isSynced = props.syncWithLocation ?? true;
  const { tableProps, filters, sorters, sortOrderOf, applyFilters } = useAntdTable<BaseRecord>({
    resource: props.resource,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: "createdAt", order: "desc" }] },
    filters: { permanent: props.permanentFilters },
    syncWithLocation: isSynced,
  });
  // Seeds the bar once from the URL; afterwards the bar drives the filters.
  const initialValues = useMemo(() => fromCrudFilters(filtersOf, filters), [filtersOf.length]);

  const columns: TableColumnType<BaseRecord>[] = columnsOf
    .filter((f) => !hidden.includes(f.key))
    .map((f, i) => ({
      key: f.key,
      dataIndex: f.key,
      title: fieldLabelOf(t, f),
      width: f.schema["x-list"]?.width,
      // Amounts line up on their decimal point.
      align: f.schema["x-format"] ? ("right" as const) : undefined,
      fixed: i === 0 ? ("left" as const) : undefined,
      sorter: f.schema.type !== "array" && f.schema.type !== "object",
      sortOrder: sortOrderOf(f.key),
      // The first column wraps instead: a record's number is read whole, its tags beside or below it.
      ellipsis: i !== 0,
      render: (value: unknown, record: BaseRecord) => {
        const shown = <FieldValue field={f} value={value} choices={options[f.key]} />;
        if (i !== 0) return shown;
        const to = props.linkTo?.(record);
        const opener = to ? (
          <Link className="schema-link" to={to}>
            {shown}
          </Link>
        ) : props.onOpen && !props.linkTo ? (
          <Button type="link" className="schema-link" onClick={() => props.onOpen?.(record)}>
            {shown}
          </Button>
        ) : (
          <span className="schema-link">{shown}</span>
        );
        return (
          <span className="schema-link-cell">
            {opener}
            {props.nameExtra?.(record)}
          </span>
        );
      },
    }));
  if (props.rowActions) {
    columns.push({
      key: "actions",
      title: t("schemaUi.actions"),
      fixed: "right",
      width: 140,
      render: (_: unknown, r: BaseRecord) => props.rowActions?.(r),
    });
  }
  const isFiltered = filters.some(
    (f) =>
      "field" in f && !props.permanentFilters?.some((p) => "field" in p && p.field === f.field),
  );
  // Conditions a link brought in that the bar does not show (a report's "bills of this
  // department"): said, and clearable, so the list never looks like the whole of it.
  const linked = filters.filter(
    (f) =>
      "field" in f &&
      // The bar shows a condition it reads back (its field with the bar's own operator).
      !Object.values(fromCrudFilters(filtersOf, [f])).some((v) => v !== undefined) &&
      !props.permanentFilters?.some((p) => "field" in p && p.field === f.field),
  );

  return (
    <div className="schema-list">
      {props.hideFilters || filtersOf.length === 0 ? null : (
        <FilterBar
          fields={filtersOf}
          options={options}
          initialValues={initialValues}
          onSearch={applyFilters}
        />
      )}
      <div className="schema-toolbar">
        <Space wrap>
          {linked.length > 0 ? (
            <Tag
              closable
              onClose={() => applyFilters(filters.filter((f) => !linked.includes(f)))}
              closeIcon={<CloseOutlined aria-label={t("schemaUi.linkedFiltersClear")} />}
            >
              {t("schemaUi.linkedFilters", { count: linked.length })}
            </Tag>
          ) : null}
          {props.createButton ??
            (props.onCreate && canCreate ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={props.onCreate}>
                {t("schemaUi.toolbar.create")}
              </Button>
            ) : null)}
          {props.onImport && canImport ? (
            <Button icon={<ImportOutlined />} onClick={props.onImport}>
              {t("schemaUi.toolbar.import")}
            </Button>
          ) : null}
          {(props.hasExport ?? Boolean(props.onImport)) && canExport ? (
            <ExportButton resource={props.resource} filters={filters} sorters={sorters} />
          ) : null}
        </Space>
        <TableSettings
          fields={columnsOf}
          hidden={hidden}
          onHiddenChange={setHidden}
          density={density}
          onDensityChange={setDensity}
        />
      </div>
      <Table<BaseRecord>
        {...tableProps}
        rowKey="id"
        size={density}
        columns={columns}
        sticky={isSynced ? { offsetHeader: NAVBAR_HEIGHT } : undefined}
        scroll={{ x: columns.reduce((sum, c) => sum + (Number(c.width) || 120), 0) }}
        pagination={{
          ...(tableProps.pagination || {}),
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => t("table.total", { total }),
        }}
        locale={{ emptyText: t(isFiltered ? "schemaUi.noMatch" : "schemaUi.empty") }}
      />
    </div>
  );
};
