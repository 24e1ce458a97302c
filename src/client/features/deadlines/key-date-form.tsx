import { useCustomMutation } from "@refinedev/core";
import { Alert, DatePicker, Form, Input, Modal, Radio, Select } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { type KeyDateInput, MAX_REMINDER_OFFSET } from "../../../shared/contracts/deadlines";
import { usePickerData } from "../../components/member-picker";
import { fromPickerValue } from "../../lib/firm-time";
import { changeOf, formValuesOf, type KeyDateValues } from "./key-date-edit";
import { FixedOnEdit } from "./fixed-on-edit";
import type { DeadlineRule, KeyDate, Preview } from "./types";
import { useDeadlineRules, useDeadlineTypes } from "./use-deadline-data";

type Values = KeyDateValues;

/** Reminder suggestions, in days before the due date (0: on the day); any whole 0–365 may be typed. */
const OFFSETS = [60, 30, 14, 7, 3, 1, 0];
/** Typed offsets arrive as text: digits become numbers (once each); anything else stays for the rule to refuse. */
const normalizeOffsets = (values: unknown) =>
  Array.isArray(values)
    ? [
        ...new Set(
          values.map((x) => (/^\d{1,3}$/.test(String(x).trim()) ? Number(String(x).trim()) : x)),
        ),
      ]
    : values;
const isOffset = (x: unknown) =>
  typeof x === "number" && Number.isInteger(x) && x >= 0 && x <= MAX_REMINDER_OFFSET;

type Props = {
  caseId: string;
  open: boolean;
  /** The key date to correct; without it the form adds one. */
  editing?: KeyDate | null;
  onClose: () => void;
  onSaved: () => void;
};

const statusOf = (err: unknown) =>
  typeof err === "object" && err !== null ? (err as { statusCode?: number }).statusCode : undefined;

/**
 * Adds a key date to a case, or corrects one. With "computed" the user enters the trigger and
 * the server's rule computation is previewed (the same function that stores it), with the rule
 * it used. Type, source and rule are what a date is, so they stay when editing.
 */
export const KeyDateForm = ({ caseId, open, editing = null, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const ruleLabel = (r: DeadlineRule | undefined) =>
    r ? `${r.name}（${r.amount} ${t(`deadlines.units.${r.unit}`)}）` : "";
  const [form] = Form.useForm<Values>();
  const { types, labelOf } = useDeadlineTypes();
  const rules = useDeadlineRules();
  const { data: people } = usePickerData(open);
  const { mutateAsync, mutation } = useCustomMutation<Preview>();
  const [preview, setPreview] = useState<Preview | null>(null);
  const type = Form.useWatch("deadlineType", form);
  // What the type's fields are comes from its dictionary item (a firm's own type may be a hearing).
  const kind = types.find((x) => x.code === type)?.kind ?? "deadline";
  const source = Form.useWatch("source", form);
  const ruleCode = Form.useWatch("ruleCode", form);
  const trigger = Form.useWatch("triggerDate", form);
  // No type yet, or a type without default reminders: never "n days before" with no n.
  const defaultOffsets = types.find((x) => x.code === type)?.reminderOffsets ?? [];
  const offsetsHint = !type
    ? undefined
    : defaultOffsets.length
      ? t("deadlines.keyDates.offsetsDefault", { days: defaultOffsets.join(", ") })
      : t("deadlines.keyDates.offsetsNone");

  useEffect(() => {
    if (source !== "computed" || !ruleCode || !trigger) return setPreview(null);
    void mutateAsync({
      url: "/api/key-dates/preview",
      method: "post",
      values: { ruleCode, triggerDate: trigger.format("YYYY-MM-DD") },
      successNotification: false,
      errorNotification: false,
    })
      .then((res) => setPreview(res.data))
      .catch(() => setPreview(null));
  }, [source, ruleCode, trigger, mutateAsync]);

  const save = async (v: Values) => {
    const values: KeyDateInput = {
      deadlineType: v.deadlineType,
      source: v.source,
      ...(v.source === "computed"
        ? { ruleCode: v.ruleCode, triggerDate: v.triggerDate?.format("YYYY-MM-DD") }
        : { dueDate: v.dueDate?.format("YYYY-MM-DD") ?? v.startsAt?.format("YYYY-MM-DD") }),
      // The picked hearing time and its day are the firm's (the picker shows the firm's clock).
      ...(v.startsAt ? { startsAt: fromPickerValue(v.startsAt) } : {}),
      ...Object.fromEntries(
        (["court", "courtroom", "judge", "subject", "responsibleId", "note"] as const)
          .filter((k) => v[k])
          .map((k) => [k, v[k]]),
      ),
      ...(v.reminderOffsets?.length ? { reminderOffsets: v.reminderOffsets } : {}),
    };
    const saved = await mutateAsync({
      url: `/api/cases/${caseId}/key-dates`,
      method: "post",
      values,
      successNotification: () => ({ type: "success", message: t("deadlines.keyDates.saved") }),
    }).catch(() => undefined);
    if (!saved) return;
    form.resetFields();
    setPreview(null);
    onSaved();
  };
  const saveEdit = async (row: KeyDate, v: Values) => {
    const saved = await mutateAsync({
      url: `/api/key-dates/${row.id}`,
      method: "patch",
      values: changeOf(row, v),
      successNotification: () => ({ type: "success", message: t("deadlines.keyDates.updated") }),
    }).catch((err: unknown) => {
      // Someone changed it meanwhile (the toast says so): close and show the list as it is now.
      if (statusOf(err) === 409) onSaved();
      return undefined;
    });
    if (!saved) return;
    form.resetFields();
    setPreview(null);
    onSaved();
  };

  return (
    <Modal
      open={open}
      title={t(editing ? "deadlines.keyDates.edit" : "deadlines.keyDates.add")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <Form
        key={editing?.id ?? "new"}
        form={form}
        layout="vertical"
        initialValues={editing ? formValuesOf(editing) : { source: "computed" }}
        onFinish={(v) => void (editing ? saveEdit(editing, v) : save(v))}
      >
        {editing?.confirmedAt ? (
          <Alert
            className="deadlines-add"
            type="info"
            showIcon
            message={t("deadlines.keyDates.editResetsConfirm")}
          />
        ) : null}
        {editing ? (
          <FixedOnEdit
            row={editing}
            typeLabel={labelOf(editing.deadlineType)}
            ruleLabel={ruleLabel(rules.find((r) => r.code === editing.ruleCode))}
          />
        ) : (
          <>
            <Form.Item
              name="deadlineType"
              label={t("deadlines.fields.deadlineType")}
              rules={[{ required: true, message: t("validation.required") }]}
            >
              <Select
                options={types.map((x) => ({ value: x.code, label: labelOf(x.code) }))}
                onChange={() => form.setFieldValue("ruleCode", undefined)}
              />
            </Form.Item>
            <Form.Item name="source" label={t("deadlines.fields.source")}>
              <Radio.Group
                options={(["computed", "court-notice", "manual"] as const).map((s) => ({
                  value: s,
                  label: t(`deadlines.sources.${s}`),
                }))}
              />
            </Form.Item>
          </>
        )}
        {source === "computed" ? (
          <>
            {editing ? null : (
              <Form.Item
                name="ruleCode"
                label={t("deadlines.fields.ruleCode")}
                rules={[{ required: true, message: t("validation.required") }]}
              >
                <Select
                  options={rules
                    .filter((r) => !type || r.deadlineType === type)
                    .map((r) => ({ value: r.code, label: ruleLabel(r) }))}
                />
              </Form.Item>
            )}
            <Form.Item
              name="triggerDate"
              label={
                rules.find((r) => r.code === ruleCode)?.triggerLabel ??
                t("deadlines.fields.triggerDate")
              }
              rules={[{ required: true, message: t("validation.required") }]}
            >
              <DatePicker style={{ width: "100%" }} />
            </Form.Item>
            {preview ? (
              <Alert
                className="deadlines-preview"
                type={preview.missingYears.length ? "warning" : "info"}
                showIcon
                message={t("deadlines.keyDates.computed", { date: preview.dueDate })}
                description={[
                  t("deadlines.keyDates.ruleUsed", {
                    name: preview.rule.name,
                    amount: preview.rule.amount,
                    unit: t(`deadlines.units.${preview.rule.unit}`),
                    basis: preview.rule.basis ?? "",
                  }),
                  preview.shiftedFrom
                    ? t("deadlines.keyDates.shifted", { date: preview.shiftedFrom })
                    : "",
                  editing && editing.dueDate !== preview.dueDate
                    ? t("deadlines.keyDates.wasDue", { date: editing.dueDate })
                    : "",
                  preview.missingYears.length
                    ? t("deadlines.keyDates.missingYears", {
                        years: preview.missingYears.join(", "),
                      })
                    : "",
                ]
                  .filter(Boolean)
                  .join(" ")}
              />
            ) : null}
          </>
        ) : (
          <Form.Item
            name="dueDate"
            label={t("deadlines.fields.dueDate")}
            rules={[{ required: kind !== "hearing", message: t("validation.required") }]}
          >
            <DatePicker style={{ width: "100%" }} />
          </Form.Item>
        )}
        {kind === "hearing" ? (
          <>
            <Form.Item
              name="startsAt"
              label={t("deadlines.fields.startsAt")}
              rules={[{ required: true, message: t("validation.required") }]}
            >
              <DatePicker
                showTime={{ format: "HH:mm" }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: "100%" }}
              />
            </Form.Item>
            <Form.Item name="court" label={t("deadlines.fields.court")}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="courtroom" label={t("deadlines.fields.courtroom")}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="judge" label={t("deadlines.fields.judge")}>
              <Input maxLength={100} />
            </Form.Item>
          </>
        ) : null}
        {kind === "preservation" ? (
          <Form.Item name="subject" label={t("deadlines.fields.subject")}>
            <Input maxLength={500} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="responsibleId"
          label={t("deadlines.fields.responsibleId")}
          extra={t("deadlines.keyDates.responsibleDefault")}
        >
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={people.members.map((m) => ({ value: m.userId, label: m.name }))}
          />
        </Form.Item>
        <Form.Item
          name="reminderOffsets"
          label={t("deadlines.fields.reminderOffsets")}
          normalize={normalizeOffsets}
          rules={[
            {
              validator: (_, v: unknown[] = []) =>
                v.every(isOffset)
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(t("deadlines.errors.badOffset", { max: MAX_REMINDER_OFFSET })),
                    ),
            },
          ]}
          extra={offsetsHint}
        >
          <Select
            mode="tags"
            allowClear
            tokenSeparators={[",", "，", " "]}
            options={OFFSETS.map((d) => ({
              value: d,
              label:
                d === 0
                  ? t("deadlines.keyDates.onTheDay")
                  : t("deadlines.keyDates.daysBefore", { days: d }),
            }))}
          />
        </Form.Item>
        <Form.Item name="note" label={t("deadlines.fields.note")}>
          <Input.TextArea maxLength={1000} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
