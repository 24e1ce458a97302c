import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, DatePicker, Input, Select, Space, Table } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";

import { INSTALMENT_TRIGGERS, type InstalmentTrigger } from "../../../shared/fees";
import { noEnterSubmit } from "../../components/no-enter-submit";
import type { ErrorAt } from "./form-bits";
import { emptyInstalment, type InstalmentDraft } from "./terms-draft";

const CellError = ({ text }: { text?: string }) =>
  text ? <div className="fees-cell-error">{text}</div> : null;

/**
 * The schedule of instalments as an editable table: each line an amount or a percentage of the
 * agreed fee, due on a date or some days after an event of the case.
 */
export const ScheduleEditor = ({
  rows,
  onChange,
  errorAt,
}: {
  rows: InstalmentDraft[];
  onChange: (next: InstalmentDraft[]) => void;
  errorAt: ErrorAt;
}) => {
  const { t } = useTranslation();
  const set = (key: number, patch: Partial<InstalmentDraft>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const n = (index: number) => ({ n: index + 1 });
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Table<InstalmentDraft>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 880 }}
        locale={{ emptyText: t("fees.schedule.empty") }}
        columns={[
          {
            title: t("fees.schedule.label"),
            key: "label",
            width: 170,
            render: (_, row, index) => (
              <>
                <Input
                  aria-label={t("fees.schedule.labelOf", n(index))}
                  value={row.label}
                  maxLength={100}
                  placeholder={t("fees.schedule.labelPlaceholder", n(index))}
                  onChange={(e) => set(row.key, { label: e.target.value })}
                />
                <CellError text={errorAt(`instalments.${index}`)} />
              </>
            ),
          },
          {
            title: t("fees.schedule.amount"),
            key: "amount",
            width: 260,
            render: (_, row, index) => {
              const error =
                errorAt(`instalments.${index}.amount`) ?? errorAt(`instalments.${index}.percent`);
              return (
                <>
                  <Space.Compact block>
                    <Select
                      aria-label={t("fees.schedule.byOf", n(index))}
                      value={row.by}
                      style={{ width: 96 }}
                      onChange={(by) => set(row.key, { by })}
                      options={[
                        { value: "percent", label: t("fees.schedule.byPercent") },
                        { value: "amount", label: t("fees.schedule.byAmount") },
                      ]}
                    />
                    <Input
                      aria-label={t(
                        row.by === "amount" ? "fees.schedule.amountOf" : "fees.schedule.percentOf",
                        n(index),
                      )}
                      inputMode="decimal"
                      autoComplete="off"
                      prefix={row.by === "amount" ? "¥" : undefined}
                      suffix={row.by === "percent" ? "%" : undefined}
                      status={error ? "error" : undefined}
                      value={row.value}
                      onChange={(e) => set(row.key, { value: e.target.value })}
                    />
                  </Space.Compact>
                  <CellError text={error} />
                </>
              );
            },
          },
          {
            title: t("fees.schedule.due"),
            key: "due",
            render: (_, row, index) => {
              const error =
                errorAt(`instalments.${index}.dueDate`) ??
                errorAt(`instalments.${index}.trigger`) ??
                errorAt(`instalments.${index}.graceDays`);
              return (
                <>
                  <Space.Compact block>
                    <Select
                      aria-label={t("fees.schedule.whenOf", n(index))}
                      value={row.when}
                      style={{ width: 110 }}
                      onChange={(when) => set(row.key, { when })}
                      options={[
                        { value: "trigger", label: t("fees.schedule.onEvent") },
                        { value: "date", label: t("fees.schedule.onDate") },
                      ]}
                    />
                    {row.when === "date" ? (
                      <DatePicker
                        aria-label={t("fees.schedule.dueDateOf", n(index))}
                        value={row.dueDate ? dayjs(row.dueDate) : null}
                        status={error ? "error" : undefined}
                        onKeyDown={noEnterSubmit}
                        onChange={(d) => set(row.key, { dueDate: d ? d.format("YYYY-MM-DD") : "" })}
                        style={{ flex: 1 }}
                      />
                    ) : (
                      <>
                        <Select<InstalmentTrigger>
                          aria-label={t("fees.schedule.triggerOf", n(index))}
                          value={row.trigger || undefined}
                          placeholder={t("fees.schedule.triggerPlaceholder")}
                          status={error ? "error" : undefined}
                          style={{ flex: 1, minWidth: 130 }}
                          onChange={(trigger) => set(row.key, { trigger })}
                          options={INSTALMENT_TRIGGERS.map((tr) => ({
                            value: tr,
                            label: t(`fees.triggers.${tr}`),
                          }))}
                        />
                        <Input
                          aria-label={t("fees.schedule.graceOf", n(index))}
                          inputMode="numeric"
                          autoComplete="off"
                          style={{ width: 130 }}
                          prefix={t("fees.schedule.gracePrefix")}
                          suffix={t("fees.schedule.days")}
                          value={row.graceDays}
                          onChange={(e) => set(row.key, { graceDays: e.target.value })}
                        />
                      </>
                    )}
                  </Space.Compact>
                  <CellError text={error} />
                </>
              );
            },
          },
          {
            title: t("schemaUi.actions"),
            key: "remove",
            width: 72,
            render: (_, row, index) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t("fees.schedule.remove", n(index))}
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
              />
            ),
          },
        ]}
      />
      <Button icon={<PlusOutlined />} onClick={() => onChange([...rows, emptyInstalment()])}>
        {t("fees.schedule.add")}
      </Button>
    </Space>
  );
};
