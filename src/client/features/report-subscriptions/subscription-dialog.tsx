import { useQueryClient } from "@tanstack/react-query";
import { Col, Form, Modal, Row, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import {
  MONTH_DAY_MAX,
  MONTH_DAY_MIN,
  type ReportSubscription,
  type ReportSubscriptionInput,
  SUBSCRIPTION_CADENCES,
  SUBSCRIPTION_PERIODS,
  type SubscriptionCadence,
  type SubscriptionPeriod,
  WEEKDAY_MAX,
  WEEKDAY_MIN,
} from "../../../shared/contracts/report-subscriptions";
import type { ReportScope } from "../../../shared/contracts/reports";
import { LANGUAGES, type Language, pickLanguage } from "../../../shared/i18n-config";
import { FormSelect } from "../../components/form-select";
import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { isApiError } from "../../providers/api-error";
import { useSubmissionKey } from "../../lib/submission-key";
import { type SubscribableReport, SUBSCRIPTIONS_KEY, SUBSCRIPTIONS_URL } from "./api";
import { periodLabel } from "./labels";

type Values = {
  cadence: SubscriptionCadence;
  weekday?: number;
  monthDay?: number;
  hour: number;
  period: SubscriptionPeriod;
  scope: ReportScope;
  departmentId?: string;
  language: Language;
};

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Subscribe to a report, or edit a subscription (报表订阅): how often and when on the firm's
 * clock, what it covers, for which scope (only those the member may view), in which language.
 * A new one is posted with an Idempotency-Key, so a double click subscribes once.
 */
export const SubscriptionDialog = ({
  report,
  subscription,
  onClose,
}: {
  report: SubscribableReport;
  subscription?: ReportSubscription;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const queries = useQueryClient();
  const keyFor = useSubmissionKey();
  const [form] = Form.useForm<Values>();
  const [isSaving, setSaving] = useState(false);
  const cadence = (Form.useWatch("cadence", form) as SubscriptionCadence | undefined) ?? "weekly";
  const scope = Form.useWatch("scope", form) as ReportScope | undefined;
  const required = [{ required: true, message: t("validation.required") }];

  const initialValues: Values = subscription
    ? {
        cadence: subscription.cadence,
        weekday: subscription.weekday ?? 1,
        monthDay: subscription.monthDay ?? 1,
        hour: subscription.hour,
        period: subscription.period,
        scope: subscription.scope,
        departmentId: subscription.departmentId ?? report.departments[0]?.id,
        language: subscription.language,
      }
    : {
        cadence: "weekly",
        weekday: 1,
        monthDay: 1,
        hour: 8,
        period: "last",
        scope: (report.scopes[0] ?? "me") as ReportScope,
        departmentId: report.departments[0]?.id,
        language: pickLanguage(i18n.language),
      };

  const submit = async (v: Values) => {
    const body: Omit<ReportSubscriptionInput, "reportKey"> = {
      scope: v.scope,
      ...(v.scope === "department" && v.departmentId ? { departmentId: v.departmentId } : {}),
      period: v.period,
      cadence: v.cadence,
      ...(v.cadence === "weekly" ? { weekday: v.weekday } : { monthDay: v.monthDay }),
      hour: v.hour,
      language: v.language,
    };
    setSaving(true);
    try {
      if (subscription) {
        await api.patch(`${SUBSCRIPTIONS_URL}/${subscription.id}`, {
          ...body,
          version: subscription.version,
        });
        showToast({ message: t("reportSubscriptions.messages.saved"), color: "success" });
      } else {
        const input = { reportKey: report.key, ...body };
        await api.post(SUBSCRIPTIONS_URL, input, keyFor(input));
        showToast({
          message: t("reportSubscriptions.messages.created", { report: report.title }),
          color: "success",
        });
      }
      await queries.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY });
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
      // The toast has said what went wrong; a field the server names is marked too.
      form.setFields(
        error.fields.map((f) => ({ name: f.field as keyof Values, errors: [f.message] })),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t(
        subscription ? "reportSubscriptions.titles.edit" : "reportSubscriptions.titles.create",
        {
          report: report.title,
        },
      )}
      okText={t(subscription ? "buttons.save" : "reportSubscriptions.actions.subscribe")}
      cancelText={t("buttons.cancel")}
      confirmLoading={isSaving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t("reportSubscriptions.intro")}</Typography.Paragraph>
      <Form<Values>
        form={form}
        name="report-subscription"
        layout="vertical"
        initialValues={initialValues}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="cadence" label={t("reportSubscriptions.fields.cadence")} rules={required}>
          <FormSelect
            options={SUBSCRIPTION_CADENCES.map((c) => ({
              value: c,
              label: t(`reportSubscriptions.cadences.${c}`),
            }))}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            {cadence === "weekly" ? (
              <Form.Item
                name="weekday"
                label={t("reportSubscriptions.fields.weekday")}
                rules={required}
              >
                <FormSelect
                  options={range(WEEKDAY_MIN, WEEKDAY_MAX).map((d) => ({
                    value: d,
                    label: t(`reportSubscriptions.weekdays.${d}`),
                  }))}
                />
              </Form.Item>
            ) : (
              <Form.Item
                name="monthDay"
                label={t("reportSubscriptions.fields.monthDay")}
                rules={required}
              >
                <FormSelect
                  // 28 short options: all in the page, so every one is reachable and findable.
                  virtual={false}
                  options={range(MONTH_DAY_MIN, MONTH_DAY_MAX).map((d) => ({
                    value: d,
                    label: t("reportSubscriptions.dayOption", { day: d }),
                  }))}
                />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="hour" label={t("reportSubscriptions.fields.hour")} rules={required}>
              <FormSelect
                virtual={false}
                options={range(0, 23).map((h) => ({
                  value: h,
                  label: t("reportSubscriptions.hourOption", { hour: h }),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="period" label={t("reportSubscriptions.fields.period")} rules={required}>
          <FormSelect
            options={SUBSCRIPTION_PERIODS.map((p) => ({
              value: p,
              label: periodLabel(t, p, cadence),
            }))}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="scope" label={t("reportSubscriptions.fields.scope")} rules={required}>
              <FormSelect
                options={report.scopes.map((s) => ({ value: s, label: t(`reports.scopes.${s}`) }))}
              />
            </Form.Item>
          </Col>
          {scope === "department" ? (
            <Col xs={24} sm={12}>
              <Form.Item
                name="departmentId"
                label={t("reportSubscriptions.fields.department")}
                rules={required}
              >
                <FormSelect
                  options={report.departments.map((d) => ({ value: d.id, label: d.name }))}
                />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
        <Form.Item
          name="language"
          label={t("reportSubscriptions.fields.language")}
          rules={required}
        >
          <FormSelect options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
