import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from "@ant-design/icons";
import type { CrudFilter } from "@refinedev/core";
import { Button, Col, Form, Input, Row, Select, Space } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

import { FILTER_TYPES } from "../../shared/schema-vocabulary";
import type { PickerKind, PickerProps } from "./filter-pickers";
import { NumberRange } from "./number-range";
import type { OptionsByField } from "./use-options";
import { type Field, fieldLabelOf } from "./use-schema";

type Values = Record<string, unknown>;

const Picker = lazy(() => import("./filter-pickers"));
/** A heavy picker, loaded when a list first shows one; a disabled box holds its place meanwhile. */
const LazyPicker = (props: PickerProps) => (
  <Suspense fallback={<Input disabled aria-label={props.label} />}>
    <Picker {...props} />
  </Suspense>
);
const PICKERS: Partial<Record<number, PickerKind>> = {
  [FILTER_TYPES.date]: "date",
  [FILTER_TYPES.dateRange]: "dateRange",
  [FILTER_TYPES.cascade]: "cascade",
  [FILTER_TYPES.tree]: "tree",
};

/** Filters in the first row; the rest fold away until "more" is pressed. */
const FIRST_ROW = 3;

const dateValue = (field: Field, d: Dayjs, edge: "start" | "end") =>
  field.schema.format === "date"
    ? d.format("YYYY-MM-DD")
    : (edge === "start" ? d.startOf("day") : d.endOf("day")).toISOString();

/** Form values to simple-rest filters: text `_like`, ranges `_gte`/`_lte`, a cascade's leaf, others equal. */
export const toCrudFilters = (fields: Field[], values: Values): CrudFilter[] =>
  fields.flatMap((field): CrudFilter[] => {
    const v = values[field.key];
    if (v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0))
      return [];
    switch (field.schema["x-filter"]) {
      case FILTER_TYPES.text:
        return [{ field: field.key, operator: "contains", value: v }];
      case FILTER_TYPES.date:
        return [{ field: field.key, operator: "eq", value: dateValue(field, v as Dayjs, "start") }];
      case FILTER_TYPES.dateRange: {
        const [from, to] = v as [Dayjs | null, Dayjs | null];
        return [
          ...(from
            ? [
                {
                  field: field.key,
                  operator: "gte" as const,
                  value: dateValue(field, from, "start"),
                },
              ]
            : []),
          ...(to
            ? [{ field: field.key, operator: "lte" as const, value: dateValue(field, to, "end") }]
            : []),
        ];
      }
      case FILTER_TYPES.numberRange: {
        const [from, to] = v as [string | undefined, string | undefined];
        return [
          ...(from ? [{ field: field.key, operator: "gte" as const, value: from }] : []),
          ...(to ? [{ field: field.key, operator: "lte" as const, value: to }] : []),
        ];
      }
      case FILTER_TYPES.cascade:
        return [
          { field: field.key, operator: "eq", value: (v as string[])[(v as string[]).length - 1] },
        ];
      case FILTER_TYPES.multiSelect:
        return [{ field: field.key, operator: "in", value: v }];
      default:
        return [{ field: field.key, operator: "eq", value: v }];
    }
  });

/** The filter values a URL's filters stand for, so a shared link opens with its filters filled in. */
export const fromCrudFilters = (fields: Field[], filters: CrudFilter[]): Values => {
  const out: Values = {};
  const find = (key: string, op: string) =>
    filters.find((f) => "field" in f && f.field === key && f.operator === op)?.value as unknown;
  for (const field of fields) {
    const type = field.schema["x-filter"];
    if (type === FILTER_TYPES.text) out[field.key] = find(field.key, "contains");
    else if (type === FILTER_TYPES.date)
      out[field.key] = find(field.key, "eq") ? dayjs(String(find(field.key, "eq"))) : undefined;
    else if (type === FILTER_TYPES.dateRange) {
      const [from, to] = [find(field.key, "gte"), find(field.key, "lte")];
      out[field.key] =
        from || to ? [from ? dayjs(String(from)) : null, to ? dayjs(String(to)) : null] : undefined;
    } else if (type === FILTER_TYPES.numberRange) {
      const [from, to] = [find(field.key, "gte"), find(field.key, "lte")];
      out[field.key] =
        from || to ? [from ? String(from) : undefined, to ? String(to) : undefined] : undefined;
    } else if (type === FILTER_TYPES.multiSelect) out[field.key] = find(field.key, "in");
    else if (type !== FILTER_TYPES.cascade) out[field.key] = find(field.key, "eq");
  }
  return out;
};

type Props = {
  fields: Field[];
  options: OptionsByField;
  initialValues: Values;
  onSearch: (filters: CrudFilter[]) => void;
};

/** The schema's x-filter fields (types 1–8) above a list, with search and reset. */
export const FilterBar = ({ fields, options, initialValues, onSearch }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [isOpen, setOpen] = useState(false);
  const shown = isOpen ? fields : fields.slice(0, FIRST_ROW);

  const control = (field: Field) => {
    const label = fieldLabelOf(t, field);
    const choices = options[field.key] ?? [];
    const select = {
      allowClear: true,
      placeholder: t("schemaUi.filters.select"),
      options: choices,
      showSearch: true,
      optionFilterProp: "label",
    };
    const picker = PICKERS[field.schema["x-filter"] ?? 0];
    if (picker) return <LazyPicker kind={picker} label={label} choices={choices} />;
    switch (field.schema["x-filter"]) {
      case FILTER_TYPES.select:
        return <Select {...select} aria-label={label} />;
      case FILTER_TYPES.multiSelect:
        return <Select {...select} mode="multiple" maxTagCount="responsive" aria-label={label} />;
      case FILTER_TYPES.numberRange:
        return <NumberRange label={label} />;
      default:
        return <Input allowClear placeholder={t("schemaUi.filters.input")} aria-label={label} />;
    }
  };

  return (
    <Form<Values>
      form={form}
      initialValues={initialValues}
      onFinish={(v) => onSearch(toCrudFilters(fields, v))}
      className="schema-filters"
      aria-label={t("schemaUi.filters.search")}
    >
      <Row gutter={[16, 12]}>
        {shown.map((field) => (
          <Col key={field.key} xs={24} sm={12} lg={8} xl={6}>
            <Form.Item name={field.key} label={fieldLabelOf(t, field)} style={{ marginBottom: 0 }}>
              {control(field)}
            </Form.Item>
          </Col>
        ))}
        <Col flex="auto" style={{ textAlign: "right" }}>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t("schemaUi.filters.search")}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.key, undefined])));
                onSearch([]);
              }}
            >
              {t("schemaUi.filters.reset")}
            </Button>
            {fields.length > FIRST_ROW ? (
              <Button
                type="link"
                onClick={() => setOpen(!isOpen)}
                icon={isOpen ? <UpOutlined /> : <DownOutlined />}
              >
                {t(isOpen ? "schemaUi.filters.collapse" : "schemaUi.filters.expand")}
              </Button>
            ) : null}
          </Space>
        </Col>
      </Row>
    </Form>
  );
};
