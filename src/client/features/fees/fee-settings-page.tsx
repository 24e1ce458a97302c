import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Col, Form, Radio, Row, Skeleton, Switch } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import type { FeeSettingsView } from "../../../shared/contracts/fees";
import {
  FEE_ERRORS,
  type FeeError,
  type ManagementFeeBase,
  parsePercent,
  validateFeeRules,
} from "../../../shared/fees";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { isApiError } from "../../providers/api-error";
import { useCan } from "../../routing/use-can";
import { FEE_SETTINGS_KEY, useFeeSettings } from "./api";
import { FeeRulesEditor, type RuleDraft, ruleDrafts, toRules } from "./fee-rules-editor";
import { Box, PercentInput } from "./form-bits";
import "./fees.css";

const BASES: ManagementFeeBase[] = ["afterTax", "payment"];

type Draft = Omit<FeeSettingsView, "rules"> & { rules: RuleDraft[] };

/** What the server refuses, checked here first with the same shared rules and keys. */
const settingsErrors = (v: FeeSettingsView): FeeError[] => [
  ...(parsePercent(v.managementFeePercent) === null
    ? [{ code: FEE_ERRORS.percentInvalid, field: "managementFeePercent" }]
    : []),
  ...validateFeeRules(v.rules),
];

/**
 * Settings → Fee sharing: the firm's management fee (管理费), whether the invoice tax comes off a
 * payment first, what the management fee is taken of, and the rules that move the originator's
 * share. Later payments are split by what is saved; posted share lines stay as they are.
 */
export const FeeSettingsPage = () => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const canEdit = useCan()("update", "LAWFIRM_FEE_SHARE");
  const { data } = useFeeSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState(new Map<string, string>());
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    if (data) setDraft({ ...data, rules: ruleDrafts(data.rules) });
  }, [data]);
  if (!draft) return <Skeleton active />;
  const errorAt = (path: string) => errors.get(path);
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const save = async () => {
    const body: FeeSettingsView = { ...draft, rules: toRules(draft.rules) };
    const found = settingsErrors(body);
    setErrors(new Map(found.map((e) => [e.field ?? "", t(e.code, e.params)])));
    if (found.length) return;
    setSaving(true);
    try {
      await api.put("/fees/settings", body);
      await queries.invalidateQueries({ queryKey: FEE_SETTINGS_KEY });
      showToast({ message: t("fees.settings.saved"), color: "success" });
    } catch (error) {
      if (isApiError(error) && error.fields.length)
        setErrors(new Map(error.fields.map((f) => [f.field, f.message])));
    } finally {
      setSaving(false);
    }
  };

  const general = [...errors.entries()].filter(([k]) => k === "rules" || k === "body");
  return (
    <>
      <PageHeader title={t("fees.settings.title")} />
      <PagePanel>
        <p className="text-muted">{t("fees.settings.hint")}</p>
        <Form
          layout="vertical"
          component="div"
          disabled={!canEdit}
          style={{ maxWidth: 760 }}
          className="fees-editor"
        >
          {general.length ? (
            <Alert
              type="error"
              showIcon
              className="fees-alert"
              message={general.map(([, m]) => m).join(" ")}
            />
          ) : null}
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Box
                id="fee-settings-management"
                label={t("fees.settings.managementFeePercent")}
                error={errorAt("managementFeePercent")}
              >
                <PercentInput
                  id="fee-settings-management"
                  value={draft.managementFeePercent}
                  isInvalid={Boolean(errorAt("managementFeePercent"))}
                  onChange={(managementFeePercent) => set({ managementFeePercent })}
                />
              </Box>
            </Col>
            <Col xs={24} sm={12}>
              <Box
                id="fee-settings-deduct"
                label={t("fees.settings.deductInvoiceTax")}
                extra={t("fees.settings.deductHint")}
              >
                <Switch
                  id="fee-settings-deduct"
                  checked={draft.deductInvoiceTax}
                  onChange={(deductInvoiceTax) => set({ deductInvoiceTax })}
                />
              </Box>
            </Col>
          </Row>
          <Box
            id="fee-settings-base"
            label={t("fees.settings.managementFeeBase")}
            error={errorAt("managementFeeBase")}
          >
            <Radio.Group
              id="fee-settings-base"
              value={draft.managementFeeBase}
              onChange={(e) => set({ managementFeeBase: e.target.value as ManagementFeeBase })}
              options={BASES.map((b) => ({ value: b, label: t(`fees.settings.bases.${b}`) }))}
            />
          </Box>
          <h2 className="fees-subhead">{t("fees.settings.rules")}</h2>
          <p className="text-muted">{t("fees.settings.rulesHint")}</p>
          <FeeRulesEditor
            value={draft.rules}
            onChange={(rules) => set({ rules })}
            errorAt={errorAt}
            disabled={!canEdit}
          />
          {canEdit ? (
            <div className="fees-actions">
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
