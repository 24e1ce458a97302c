import { useList } from "@refinedev/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Form, Radio, Select, Skeleton } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import "./security.css";

import {
  type SecuritySettings,
  TWO_FACTOR_MODES,
  type TwoFactorMode,
} from "../../../shared/contracts/security";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { showToast } from "../../layout/toast";
import { useCan } from "../../routing/use-can";
import { SECURITY_KEYS, securityApi } from "./security-api";

type Values = { mode: TwoFactorMode; roleIds: string[] };

/**
 * Settings → Sign-in policy: whose sign-in needs a second factor. Those it covers are taken to
 * enrolment at their next sign-in; nobody is signed out by saving.
 */
export const FirmSecurityPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const canEdit = can("update", "ORG_ROLE");
  const queries = useQueryClient();
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch("mode", form);
  const [isSaving, setSaving] = useState(false);
  const { data } = useQuery({ queryKey: SECURITY_KEYS.settings, queryFn: securityApi.settings });
  const { result: roles } = useList<{ id: string; name: string }>({
    resource: "roles",
    pagination: { mode: "off" },
  });
  useEffect(() => {
    if (data) form.setFieldsValue(data.twoFactor);
  }, [data, form]);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const settings: SecuritySettings = {
        twoFactor: { mode: values.mode, roleIds: values.mode === "roles" ? values.roleIds : [] },
      };
      await securityApi.saveSettings(settings);
      await queries.invalidateQueries({ queryKey: SECURITY_KEYS.settings });
      showToast({ message: t("security.firm.saved"), color: "success" });
    } catch {
      // The toast said why; the form keeps the choice.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title={t("security.firmMenu")} />
      <PagePanel>
        <h2 className="security-section">{t("security.firm.title")}</h2>
        <p className="text-secondary">{t("security.firm.description")}</p>
        {!data ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <Form<Values>
            form={form}
            layout="vertical"
            disabled={!canEdit}
            initialValues={data.twoFactor}
            onFinish={(values) => void save(values)}
            style={{ maxWidth: 560 }}
          >
            <Form.Item name="mode" label={t("security.firm.mode")}>
              <Radio.Group
                options={TWO_FACTOR_MODES.map((value) => ({
                  value,
                  label: t(`security.firm.modes.${value}`),
                }))}
              />
            </Form.Item>
            {mode === "roles" ? (
              <Form.Item
                name="roleIds"
                label={t("security.firm.roles")}
                // A validator, not `required`: antd would put aria-required on the Select's wrapper,
                // which has no role to carry it (axe: aria-allowed-attr).
                rules={[
                  {
                    validator: (_, value?: string[]) =>
                      value?.length
                        ? Promise.resolve()
                        : Promise.reject(new Error(t("security.errors.rolesRequired"))),
                  },
                ]}
              >
                <Select
                  mode="multiple"
                  placeholder={t("security.firm.rolesPlaceholder")}
                  optionFilterProp="label"
                  options={roles.data.map((r) => ({ value: r.id, label: r.name }))}
                />
              </Form.Item>
            ) : null}
            {canEdit ? (
              <Button type="primary" htmlType="submit" loading={isSaving}>
                {t("buttons.save")}
              </Button>
            ) : null}
          </Form>
        )}
      </PagePanel>
    </>
  );
};
