import { DatePicker, Form, InputNumber, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import type { TFunction } from "i18next";

import type { AcceptConfirm } from "../lib/accept-confirm";
import { firmNow, firmToday } from "../lib/firm-time";
import { noEnterSubmit } from "./no-enter-submit";

const positive = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined;

/**
 * The custodian's step (it may edit stampedCopies and stampedAt) confirms in its dialog what was
 * really stamped: the copies (proposed: what the form holds, else the copies asked for) and the
 * day (proposed: what the form holds, else the firm's today). Only the dialog asks for them, not
 * the page as well. The server refuses the step without both.
 */
export const stampConfirm =
  (t: TFunction) =>
  (
    task: { editable: string[] },
    form: Record<string, unknown>,
  ): Omit<AcceptConfirm, "version"> | undefined => {
    if (!task.editable.includes("stampedCopies") || !task.editable.includes("stampedAt"))
      return undefined;
    const asked = positive(form.copies);
    const typed =
      typeof form.stampedAt === "string" && dayjs(form.stampedAt).isValid()
        ? dayjs(form.stampedAt)
        : undefined;
    const copiesRequired = { required: true, message: t("seals.errors.stampedCopiesRequired") };
    const dateRequired = { required: true, message: t("seals.errors.stampedAtRequired") };
    return {
      title: t("seals.confirm.title"),
      keys: ["stampedCopies", "stampedAt"],
      initialValues: {
        stampedCopies: positive(form.stampedCopies) ?? asked ?? 1,
        stampedAt: typed ?? firmNow(),
      },
      toPatch: (v) => ({
        stampedCopies: v.stampedCopies,
        stampedAt: (v.stampedAt as Dayjs).format("YYYY-MM-DD"),
      }),
      fields: (
        <>
          <Typography.Paragraph type="secondary">
            {asked ? t("seals.confirm.hint", { count: asked }) : t("seals.confirm.hintNoCount")}
          </Typography.Paragraph>
          <Form.Item
            name="stampedCopies"
            label={t("seals.confirm.copies")}
            rules={[copiesRequired]}
          >
            <InputNumber min={1} max={9999} precision={0} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item name="stampedAt" label={t("seals.confirm.date")} rules={[dateRequired]}>
            <DatePicker
              style={{ width: "100%" }}
              disabledDate={(d) => d.format("YYYY-MM-DD") > firmToday()}
              onKeyDown={noEnterSubmit}
            />
          </Form.Item>
        </>
      ),
    };
  };
