import { Form, Radio, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";

import "./settings.css";

import { LANGUAGES } from "../../../shared/i18n-config";
import { PREFERENCE_OPTIONS, type Preferences } from "../../../shared/preferences";
import { withNavbarType, withNavLayout } from "../../layout/layout-state";
import { PageHeader, PagePanel } from "../../layout/page-header";
import {
  getPreferences,
  saveLanguagePreference,
  setPreferences,
  usePreferences,
} from "../../layout/preferences-store";
import { changeLanguage, getLanguage } from "../../providers/i18n";
import { FirmTimeZoneField } from "./firm-time-zone";

type Choice = Exclude<keyof typeof PREFERENCE_OPTIONS, "navLayout" | "navbarType">;

/**
 * The interface preferences. Each change applies at once, through the same layout
 * rules as the navbar, and is kept in cookies, localStorage and on the server.
 */
export const SettingsPage = () => {
  const { t } = useTranslation();
  const prefs = usePreferences();

  const radios = (key: keyof typeof PREFERENCE_OPTIONS, onChange: (value: string) => void) => (
    <Radio.Group
      optionType="button"
      value={prefs[key]}
      onChange={(e) => onChange(String(e.target.value))}
      options={PREFERENCE_OPTIONS[key].map((value) => ({
        value,
        label: t(`settings.options.${key}.${value}`),
      }))}
    />
  );
  const choose = (key: Choice) => (value: string) =>
    setPreferences({ ...getPreferences(), [key]: value });

  const onLanguage = async (value: Preferences["language"]) => {
    await saveLanguagePreference(value);
    await changeLanguage(value);
  };

  return (
    <>
      <PageHeader title={t("settings.menu")} />
      <PagePanel>
        <p className="text-secondary" style={{ marginTop: 0 }}>
          {t("settings.description")}
        </p>
        <Form layout="horizontal" labelCol={{ flex: "160px" }} labelAlign="left" colon={false}>
          <h2 className="settings-section">{t("settings.sections.theming")}</h2>
          <Form.Item label={t("settings.fields.theme")}>
            {radios("theme", choose("theme"))}
          </Form.Item>
          <Form.Item label={t("settings.fields.skin")}>{radios("skin", choose("skin"))}</Form.Item>
          <Form.Item label={t("settings.fields.language")}>
            <Select
              style={{ width: 180 }}
              value={getLanguage()}
              onChange={(value) => void onLanguage(value)}
              options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
              aria-label={t("settings.fields.language")}
            />
          </Form.Item>
          <Form.Item label={t("settings.fields.isRtl")}>
            <Switch
              checked={prefs.isRtl}
              onChange={(isRtl) => setPreferences({ ...getPreferences(), isRtl })}
              aria-label={t("settings.fields.isRtl")}
            />
          </Form.Item>
          <h2 className="settings-section">{t("settings.sections.layout")}</h2>
          <Form.Item label={t("settings.fields.navLayout")}>
            {radios("navLayout", (value) =>
              setPreferences(withNavLayout(getPreferences(), value as Preferences["navLayout"])),
            )}
          </Form.Item>
          <Form.Item label={t("settings.fields.contentWidth")}>
            {radios("contentWidth", choose("contentWidth"))}
          </Form.Item>
          <Form.Item label={t("settings.fields.navbarType")}>
            {radios("navbarType", (value) =>
              setPreferences(withNavbarType(getPreferences(), value as Preferences["navbarType"])),
            )}
          </Form.Item>
          <Form.Item label={t("settings.fields.navbarBlur")}>
            <Switch
              checked={prefs.navbarBlur}
              onChange={(navbarBlur) => setPreferences({ ...getPreferences(), navbarBlur })}
              aria-label={t("settings.fields.navbarBlur")}
            />
          </Form.Item>
          <Form.Item label={t("settings.fields.footerType")}>
            {radios("footerType", choose("footerType"))}
          </Form.Item>
          <FirmTimeZoneField />
        </Form>
      </PagePanel>
    </>
  );
};
