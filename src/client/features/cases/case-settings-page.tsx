import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Form, Input, Skeleton } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { showToast } from "../../layout/toast";
import { isApiError } from "../../providers/api-error";
import { api } from "../../lib/api";
import { firmToday } from "../../lib/firm-time";
import { useCan } from "../../routing/use-can";

type Settings = { numberFormat: string; firmShortName: string };

/** What a format gives for the first civil case of this year (the server numbers the same way). */
const sample = (v: Partial<Settings>, typeChar: string) =>
  (v.numberFormat ?? "")
    .replace(/\{year\}/g, firmToday().slice(0, 4))
    .replace(/\{firm\}/g, v.firmShortName ?? "")
    .replace(/\{type\}/g, typeChar)
    .replace(/\{seq(?::([1-9]))?\}/g, (_, n?: string) => "1".padStart(Number(n ?? 1), "0"));

/** Settings → Case numbers: the firm's internal case number format and short name. */
export const CaseSettingsPage = () => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const canEdit = useCan()("update", "ORG_DICTIONARY");
  const [form] = Form.useForm<Settings>();
  const [isSaving, setSaving] = useState(false);
  const values = Form.useWatch([], form) as Partial<Settings> | undefined;
  const { data } = useQuery({
    queryKey: ["case-settings"],
    queryFn: () => api.get<Settings>("/case-settings"),
  });
  if (!data) return <Skeleton active />;
  const save = async (v: Settings) => {
    setSaving(true);
    try {
      await api.put("/case-settings", v);
      await queries.invalidateQueries({ queryKey: ["case-settings"] });
      showToast({ message: t("cases.settings.saved"), color: "success" });
    } catch (err) {
      if (isApiError(err) && err.fields.length)
        form.setFields(
          err.fields.map((f) => ({ name: f.field as keyof Settings, errors: [f.message] })),
        );
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <PageHeader title={t("cases.settings.title")} />
      <PagePanel>
        <Form
          form={form}
          layout="vertical"
          initialValues={data}
          onFinish={(v) => void save(v)}
          disabled={!canEdit}
          style={{ maxWidth: 560 }}
        >
          <Form.Item
            name="numberFormat"
            label={t("cases.settings.numberFormat")}
            extra={t("cases.settings.placeholders")}
            rules={[{ required: true, whitespace: true, message: t("validation.required") }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="firmShortName"
            label={t("cases.settings.firmShortName")}
            rules={[{ required: true, whitespace: true, message: t("validation.required") }]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <p role="status">
            {t("cases.settings.sample", {
              sample: sample(values ?? data, t("cases.settings.sampleTypeChar")),
            })}
          </p>
          {canEdit ? (
            <Button type="primary" htmlType="submit" loading={isSaving}>
              {t("buttons.save")}
            </Button>
          ) : null}
        </Form>
      </PagePanel>
    </>
  );
};
