import { Table } from "antd";
import { useTranslation } from "react-i18next";

import type { Field } from "./use-schema";

type Item = Record<string, unknown>;

/**
 * A list of objects (a case's parties) as a small table: one row each, one labelled column per
 * property, choices by their labels; internal links (uuids) and columns empty in every row are
 * left out. Reads better than "name: type: id: role" run together in a tag.
 */
export const ObjectTable = ({ field, value }: { field: Field; value: Item[] }) => {
  const { t } = useTranslation();
  const props = field.schema.items?.properties ?? {};
  const keys = Object.keys(props).filter(
    (k) =>
      props[k].format !== "uuid" &&
      value.some((item) => item[k] !== undefined && item[k] !== null && item[k] !== ""),
  );
  const shown = (k: string, v: unknown) => {
    const items = props[k]["x-options"]?.items;
    return items ? t(items.find((o) => o.value === v)?.label ?? String(v ?? "")) : String(v ?? "");
  };
  return (
    <Table<Item & { _row: number }>
      className="schema-object-table"
      size="small"
      pagination={false}
      rowKey="_row"
      dataSource={value.map((item, i) => ({ ...item, _row: i }))}
      scroll={{ x: "max-content" }}
      columns={keys.map((k) => ({
        key: k,
        title: t(props[k]["x-label"] ?? k, props[k].title ?? k),
        dataIndex: k,
        render: (v: unknown) => shown(k, v),
      }))}
    />
  );
};
