import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Form, Input, InputNumber, Skeleton, Table } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import {
  type ArchiveSettings,
  MAX_RETENTION_YEARS,
  MIN_RETENTION_YEARS,
} from "../../../shared/contracts/archive";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { isApiError } from "../../providers/api-error";
import { ARCHIVE_SUBJECT } from "./api";
import { useCan } from "../../routing/use-can";
import "./archive.css";

const SETTINGS_KEY = ["archive-settings"] as const;
type Row = { code: string; label: string };

/**
 * Settings → Archive: the archive number's format, how long after the closing a volume is due,
 * and how many years each case type's volumes are kept (never under ten; `default` for the rest).
 * Volumes opened from then on take them; numbered volumes keep theirs.
 */
export const ArchiveSettingsPage = () => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const canEdit = useCan()("update", ARCHIVE_SUBJECT);
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => api.get<ArchiveSettings>("/archive-settings"),
  });
  const types = useQuery({
    queryKey: ["dictionary-options", "case-type"],
    queryFn: () => api.get<{ value: string; label: string }[]>("/dictionaries/case-type/options"),
  });
  const [draft, setDraft] = useState<ArchiveSettings | null>(null);
  const [errors, setErrors] = useState(new Map<string, string>());
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);
  if (!draft || !types.data) return <Skeleton active />;
  const rows: Row[] = [
    { code: "default", label: t("archiveUi.settings.otherTypes") },
    ...types.data.map((o) => ({ code: o.value, label: o.label })),
  ];
  const years = (code: string) =>
    draft.retentionYears[code] ?? (code === "default" ? MIN_RETENTION_YEARS : undefined);
  const save = async () => {
    setSaving(true);
    try {
      await api.put("/archive-settings", draft);
      setErrors(new Map());
      await queries.invalidateQueries({ queryKey: SETTINGS_KEY });
      showToast({ message: t("archiveUi.settings.saved"), color: "success" });
    } catch (error) {
      if (isApiError(error) && error.fields.length)
        setErrors(new Map(error.fields.map((f) => [f.field, f.message])));
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <PageHeader title={t("archiveUi.settings.title")} />
      <PagePanel>
        <p className="text-muted">{t("archiveUi.settings.hint")}</p>
        <Form layout="vertical" component="div" disabled={!canEdit} style={{ maxWidth: 760 }}>
          <Form.Item
            label={t("archiveUi.settings.numberFormat")}
            htmlFor="archive-number-format"
            extra={t("archiveUi.settings.numberFormatHint")}
            validateStatus={errors.get("numberFormat") ? "error" : undefined}
            help={errors.get("numberFormat")}
          >
            <Input
              id="archive-number-format"
              value={draft.numberFormat}
              maxLength={100}
              onChange={(e) => setDraft({ ...draft, numberFormat: e.target.value })}
            />
          </Form.Item>
          <Form.Item
            label={t("archiveUi.settings.dueMonths")}
            htmlFor="archive-due-months"
            extra={t("archiveUi.settings.dueMonthsHint")}
            validateStatus={errors.get("dueMonths") ? "error" : undefined}
            help={errors.get("dueMonths")}
          >
            <InputNumber
              id="archive-due-months"
              min={0}
              max={120}
              precision={0}
              value={draft.dueMonths}
              onChange={(v) => setDraft({ ...draft, dueMonths: v ?? 0 })}
            />
          </Form.Item>
          <h2 className="archive-settings-subhead">{t("archiveUi.settings.retention")}</h2>
          <p className="text-muted">
            {t("archiveUi.settings.retentionHint", { min: MIN_RETENTION_YEARS })}
          </p>
          <Table<Row>
            size="small"
            rowKey="code"
            pagination={false}
            dataSource={rows}
            columns={[
              { key: "type", title: t("archiveUi.settings.caseType"), dataIndex: "label" },
              {
                key: "years",
                title: t("archiveUi.settings.years"),
                width: 220,
                render: (_, r) => {
                  const error = errors.get(`retentionYears.${r.code}`);
                  return (
                    <Form.Item
                      style={{ marginBottom: 0 }}
                      validateStatus={error ? "error" : undefined}
                      help={error}
                    >
                      <InputNumber
                        aria-label={t("archiveUi.settings.yearsOf", { type: r.label })}
                        min={MIN_RETENTION_YEARS}
                        max={MAX_RETENTION_YEARS}
                        precision={0}
                        placeholder={String(years("default"))}
                        value={years(r.code)}
                        onChange={(v) => {
                          const next = { ...draft.retentionYears };
                          if (v === null && r.code !== "default") delete next[r.code];
                          else next[r.code] = v ?? MIN_RETENTION_YEARS;
                          setDraft({ ...draft, retentionYears: next });
                        }}
                      />
                    </Form.Item>
                  );
                },
              },
            ]}
          />
          {canEdit ? (
            <div style={{ marginTop: 16 }}>
              <Button type="primary" loading={isSaving} onClick={() => void save()}>
                {t("buttons.save")}
              </Button>
            </div>
          ) : null}
        </Form>
      </PagePanel>
    </>
  );
};
